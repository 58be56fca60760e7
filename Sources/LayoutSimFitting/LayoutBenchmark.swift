import LayoutSimBreaking
import LayoutSimFaces
import LayoutSimModel
import LayoutSimShaping
import LayoutSimSystemFont

/// A fixed corpus of UI-length strings (buttons, titles, settings rows, alerts, in several languages) and the
/// measurements `layoutsim bench` reports.
public enum LayoutBenchmark {
    /// The corpus: (BCP 47 language, text).
    public static let corpus: [(language: String, text: String)] = [
        ("en", "Settings"), ("en", "Continue"), ("en", "Cancel"), ("en", "Sign in with Apple"),
        ("en", "Turn on notifications to hear about new messages"), ("en", "Your order has shipped"),
        ("en", "Are you sure you want to delete this photo? This cannot be undone."),
        ("en", "Download over cellular"), ("en", "Privacy & Security"), ("en", "Storage almost full"),
        ("en", "Add to Home Screen"), ("en", "Show more replies"), ("en", "Last updated 5 minutes ago"),
        ("de", "Einstellungen"), ("de", "Weiter"), ("de", "Mit Apple anmelden"),
        ("de", "Benachrichtigungen aktivieren, um über neue Nachrichten informiert zu werden"),
        ("de", "Geschwindigkeitsbegrenzung"), ("de", "Datenschutzeinstellungen verwalten"),
        ("de", "Möchtest du dieses Foto wirklich löschen? Dies kann nicht rückgängig gemacht werden."),
        ("de", "Über Mobilfunk herunterladen"), ("de", "Zum Home-Bildschirm hinzufügen"),
        ("fr", "Réglages"), ("fr", "Se connecter avec Apple"), ("fr", "Activez les notifications pour être informé des nouveaux messages"),
        ("fr", "Voulez-vous vraiment supprimer cette photo ?"), ("fr", "Télécharger via le réseau cellulaire"),
        ("es", "Configuración"), ("es", "Iniciar sesión con Apple"), ("es", "¿Seguro que quieres eliminar esta foto?"),
        ("it", "Impostazioni"), ("it", "Aggiungi alla schermata Home"), ("nl", "Instellingen"),
        ("pt-BR", "Ajustes"), ("pt-BR", "Baixar usando dados celulares"), ("fi", "Asetukset"),
        ("fi", "Lataa mobiiliverkon kautta"), ("pl", "Ustawienia"), ("pl", "Pobieraj przez sieć komórkową"),
        ("en", "OK"), ("en", "Done"), ("en", "Edit Profile"), ("en", "Unread"), ("en", "3 new messages"),
    ]

    /// What one benchmark run measured.
    public struct Measurement: Sendable {
        /// Strings in the corpus.
        public let strings: Int
        /// Categories laid out per string.
        public let categories: Int
        /// Median seconds per pass over the corpus: HarfBuzz shaping only.
        public let shapingOnly: Double
        /// Median seconds per pass: preparing the text once (ICU boundaries + shaping + cluster tables).
        public let prepareOnce: Double
        /// Median seconds per pass: a full fit at every category (prepare once + advances, breaking, fitting × 12).
        public let fitAllCategories: Double
        /// Shaping calls the engine made during the fit rounds, per string per round (1 means shaped once).
        public let shapeCallsPerFit: Double

        /// Layouts (string × category) per second, from the median fit pass.
        public var layoutsPerSecond: Double { Double(strings * categories) / fitAllCategories }
        /// Cost of a fit at all categories relative to one shaping pass.
        public var fitToShapingRatio: Double { fitAllCategories / shapingOnly }
        /// Cost of a fit at all categories relative to one preparation pass.
        public var fitToPrepareRatio: Double { fitAllCategories / prepareOnce }
    }

    /// Runs the benchmark: `rounds` passes of each kind over `corpus` (default: the built-in one), interleaved,
    /// medians reported.
    ///
    /// Width 200 pt, no line limit, body style, system-font model: the common case of `layoutsim check`.
    public static func run(
        engine: LayoutEngine, rounds: Int, corpus: [(language: String, text: String)] = corpus
    ) throws(LayoutSimError) -> Measurement {
        guard !corpus.isEmpty else { throw LayoutSimError.invalidOption("the benchmark corpus is empty") }
        let font = FontChoice.textStyle(.body)
        let face = try engine.cascade(for: font, weight: .regular).primary(for: font)
        let prepared = corpus.map { (Array($0.text.utf16), $0.language) }
        let requests = corpus.map {
            FitRequest(text: $0.text, font: font, container: Container(width: 200, lineLimit: 0), language: $0.language)
        }
        _ = try engine.fit(requests[0])  // open the faces and parse the SF table outside the timings
        // Every fit shapes its text, as the first fit of a text does in a run: the cold path.
        let reused = engine.reusesShapedTexts
        engine.reusesShapedTexts = false
        defer { engine.reusesShapedTexts = reused }

        var shapeTimes: [Double] = []
        var prepareTimes: [Double] = []
        var fitTimes: [Double] = []
        let clock = ContinuousClock()
        var sink = 0
        var calls = 0
        for _ in 0..<max(1, rounds) {
            let t0 = clock.now
            for (utf16, language) in prepared {
                sink &+= engine.shapeOnly(utf16, face: face, language: language)
            }
            let t1 = clock.now
            for (language, text) in corpus {
                sink &+= try engine.measure(text, font: font, weight: .regular, language: language).clusterCount
            }
            let t2 = clock.now
            let before = engine.shapeCallCount
            for request in requests {
                sink &+= try engine.fit(request).results.count
            }
            calls += engine.shapeCallCount - before
            let t3 = clock.now
            shapeTimes.append(seconds(t1 - t0))
            prepareTimes.append(seconds(t2 - t1))
            fitTimes.append(seconds(t3 - t2))
        }
        precondition(sink != 0)
        return Measurement(
            strings: corpus.count, categories: ContentSizeCategory.allCases.count,
            shapingOnly: median(shapeTimes), prepareOnce: median(prepareTimes), fitAllCategories: median(fitTimes),
            shapeCallsPerFit: Double(calls) / Double(max(1, rounds) * corpus.count)
        )
    }

    package static func seconds(_ duration: Duration) -> Double {
        let parts = duration.components
        return Double(parts.seconds) + Double(parts.attoseconds) * 1e-18
    }

    package static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return 0 }
        let mid = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
    }
}

extension LayoutEngine {
    /// HarfBuzz shaping alone (the baseline of the benchmark); returns the glyph count.
    package func shapeOnly(_ utf16: [UInt16], face: FontFace, language: String?) -> Int {
        measurer.shaper.shape(utf16, range: 0..<utf16.count, face: face, language: language).glyphs.count
    }
}
