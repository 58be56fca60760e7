import Foundation
import LayoutSimFitting
import LayoutSimModel
import LayoutSimTestSupport
import Testing

/// The engine keeps texts shaped for fits: the same text, cascade and language is shaped once per engine, whatever
/// the size or container; anything shaping depends on shapes again; the cache is bounded; results do not change.
struct ShapedTextCacheTests {
    @Test func sameTextIsShapedOnceAcrossFits() throws {
        let engine = try TestSupport.engine()
        // Counted in HarfBuzz calls: the Latin run is not made from the pair tables another test's digest enables.
        engine.measurer.shaper.usesPrelearnedPairs = false
        let text = "Benachrichtigungen aktivieren"
        let first = try engine.fit(FitRequest(text: text, font: .textStyle(.body), container: Container(width: 120), language: "de"))
        let calls = engine.shapeCallCount
        #expect(calls >= 1)
        // Another container, style and line limit: no new shaping, and the same result a fresh engine gives.
        let requests = [
            FitRequest(text: text, font: .textStyle(.body), container: Container(width: 120), language: "de"),
            FitRequest(text: text, font: .textStyle(.footnote), container: Container(width: 80, lineLimit: 2), language: "de"),
            FitRequest(text: text, font: .system(size: 13), container: Container(width: 300), language: "de"),
        ]
        for request in requests {
            let cached = try engine.fit(request)
            let fresh = try TestSupport.engine().fit(request)
            #expect(cached.results == fresh.results)
            #expect(cached.summary == fresh.summary)
        }
        #expect(engine.shapeCallCount == calls)
        #expect(engine.shapedTextHits == 3 && engine.shapedTextMisses == 1)
        #expect(try engine.fit(requests[0]).results == first.results)

        // A different language, weight or text shapes again.
        _ = try engine.fit(FitRequest(text: text, font: .textStyle(.body), container: Container(width: 120), language: "en"))
        _ = try engine.fit(FitRequest(text: text, font: .textStyle(.headline), container: Container(width: 120), language: "de"))
        _ = try engine.fit(FitRequest(text: text + "!", font: .textStyle(.body), container: Container(width: 120), language: "de"))
        #expect(engine.shapedTextMisses == 4)
        // Each by HarfBuzz, or made from the pairs HarfBuzz gave before (the SF stand-in's Latin runs: PairShaping).
        #expect(engine.shapeCallCount + engine.measurer.shaper.modelledRuns >= calls + 3)
    }

    /// Two spellings of one text (precomposed "é" and "e" + U+0301: equal as Swift strings, different code units)
    /// are shaped each as written: the second is not served the first one's shaped text. And a Thai text is found
    /// again by its bytes.
    @Test func canonicallyEquivalentSpellingsAreShapedApart() throws {
        let engine = try TestSupport.engine()
        let composed = "Caf\u{E9} r\u{E9}sum\u{E9}", decomposed = "Cafe\u{301} re\u{301}sume\u{301}"
        #expect(composed == decomposed && composed.utf16.count != decomposed.utf16.count)
        let request = { (text: String) in
            FitRequest(text: text, font: .textStyle(.body), container: Container(width: 300), language: "fr")
        }
        _ = try engine.fit(request(composed))
        let cached = try engine.fit(request(decomposed))
        #expect(engine.shapedTextMisses == 2 && engine.shapedTextHits == 0)
        let fresh = try TestSupport.engine().fit(request(decomposed))
        #expect(cached.results == fresh.results)
        // Wide enough for one line: what is shown is the decomposed spelling, code unit for code unit.
        #expect(cached.results.first.map { Array($0.visibleText.utf16) } == Array(decomposed.utf16))
        let thai = "การตั้งค่าความเป็นส่วนตัว"
        _ = try engine.fit(FitRequest(text: thai, font: .textStyle(.body), container: Container(width: 60), language: "th"))
        _ = try engine.fit(FitRequest(text: thai, font: .textStyle(.body), container: Container(width: 90), language: "th"))
        #expect(engine.shapedTextMisses == 3 && engine.shapedTextHits == 1)
    }

    /// Bounded: after `shapedTextCapacity` other texts the first one is shaped again.
    @Test func cacheIsBounded() throws {
        let engine = try TestSupport.engine()
        let container = Container(width: 200)
        _ = try engine.fit(FitRequest(text: "first", font: .system(size: 17), container: container, categories: [.large]))
        for i in 0..<LayoutEngine.shapedTextCapacity {
            _ = try engine.fit(FitRequest(text: "text \(i)", font: .system(size: 17), container: container, categories: [.large]))
        }
        let misses = engine.shapedTextMisses
        _ = try engine.fit(FitRequest(text: "first", font: .system(size: 17), container: container, categories: [.large]))
        #expect(engine.shapedTextMisses == misses + 1)
        #expect(misses == LayoutEngine.shapedTextCapacity + 1)
    }
}
