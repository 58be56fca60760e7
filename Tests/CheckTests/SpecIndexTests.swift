import LayoutSimCheck
import Testing

/// The index answers as the spec's lists read in file order do: exact elements and groups first, else the first glob.
@Suite struct SpecIndexTests {
    static let spec = """
        defaults: {device: iphone-15}
        elements:
          - {key: "settings.*", lines: 1}
          - {key: "settings.title", lines: 2}
          - {key: "settings.t?tle", lines: 3}
          - {key: "*.footer", lines: 4}
          - {key: "settings.title", name: second, lines: 5}
          - {key: "other.*", lines: 6}
        """

    @Test func exactBeforeGlobsAndTheFirstGlobInFileOrder() throws {
        let spec = try #require(LayoutSpecReader.read(text: Self.spec, path: "spec.yaml").spec)
        let index = SpecIndex(spec)
        // Two exact elements for settings.title: both places, in file order.
        let places = index.places(forKey: "settings.title").places
        #expect(places.map(\.name) == ["settings.title", "second"])
        // settings.tone: "settings.*" (line 3) comes before "settings.t?tle" (which does not match anyway).
        #expect(index.element(forKey: "settings.tone").spec.lines == 1)
        // about.footer: only the suffix glob, whose literal start is empty.
        #expect(index.element(forKey: "about.footer").spec.lines == 4)
        #expect(index.element(forKey: "settings.footer").spec.lines == 1)   // "settings.*" is first in the file
        #expect(index.element(forKey: "unknown").named == false)
        #expect(index.globsMatched(by: ["about.footer", "zzz"]) == [3])
        #expect(index.globsMatched(by: ["settings.tatle"]) == [0, 2])
    }
}
