import Foundation
import LayoutSimCheck
import LayoutSimModel
import LayoutSimTestSupport
import Testing

/// `merge` takes the shards of one run, each once, all of them, of one input; anything else is named.
struct CheckMergeTests {
    func run(_ configure: (inout CheckOptions) -> Void = { _ in }) throws -> CheckReport {
        try CheckTests().run(configure)
    }

    func shards(_ count: Int, _ configure: (inout CheckOptions) -> Void = { _ in }) throws -> [CheckReport] {
        try (1...count).map { index in try run { $0.shard = (index, count); configure(&$0) } }
    }

    @Test func aCompleteSetMerges() throws {
        let parts = try shards(3)
        #expect(CheckReport.mergeProblems([("a", parts[0]), ("b", parts[1]), ("c", parts[2])]).isEmpty)
        let whole = try run()
        let merged = CheckReport.merge(parts)
        #expect(merged.results == whole.results)
        #expect(merged.input == whole.input)
        #expect(merged.fonts == whole.fonts)
        #expect(merged.toolVersion == LayoutSimVersion.current)
        // An unsharded report of the same input goes with anything, even an incomplete set.
        #expect(CheckReport.mergeProblems([("whole", whole), ("b", parts[1])]).isEmpty)
        #expect(CheckReport.merge([whole, parts[1]]).results == whole.results)
    }

    @Test func missingRepeatedAndMixedShardsAreNamed() throws {
        let parts = try shards(4)
        #expect(CheckReport.mergeProblems([("a", parts[0]), ("c", parts[2]), ("d", parts[3])]) == ["shard 2/4 is missing"])
        #expect(CheckReport.mergeProblems([("c", parts[2])]) == ["shard 1/4 is missing", "shard 2/4 is missing", "shard 4/4 is missing"])
        #expect(CheckReport.mergeProblems([("a", parts[0]), ("a2", parts[0]), ("b", parts[1]), ("c", parts[2]), ("d", parts[3])])
            == ["shard 1/4 given twice: a, a2"])

        let other = try run { $0.shard = (2, 4); $0.categories = [.large, .accessibility5] }
        #expect(CheckReport.mergeProblems([("a", parts[0]), ("b", other), ("c", parts[2]), ("d", parts[3])])
            == ["a and b come from different inputs: options differ (categories)"])

        let halves = try shards(2)
        #expect(CheckReport.mergeProblems([("h1", halves[0]), ("h2", halves[1]), ("q1", parts[0])])
            == ["shards of different splits: h1 is one of 2, q1 is one of 4"])

        // A whole run of another input does not join.
        let german = try run { $0.locales = ["de"] }
        #expect(CheckReport.mergeProblems([("a", parts[0]), ("de", german)]) == [
            "a and de come from different inputs: options differ (locales)",
        ])
    }

    @Test func reportsOfAnotherSpecOrCatalogOrToolAreNamed() throws {
        let dir = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let spec = dir.appendingPathComponent("layout.yaml")
        try (String(contentsOfFile: CheckTests.spec, encoding: .utf8) + "# edited\n").write(to: spec, atomically: true, encoding: .utf8)
        let parts = try shards(2)
        let edited = try run { $0.shard = (2, 2); $0.spec = spec.path }
        #expect(CheckReport.mergeProblems([("a.json", parts[0]), ("b.json", edited)]) == ["a.json and b.json come from different inputs: spec differs"])

        let catalog = try TestSupport.editedExampleCatalog(in: dir)
        let otherCatalog = try run { $0.shard = (2, 2); $0.catalogs = [catalog] }
        #expect(CheckReport.mergeProblems([("a.json", parts[0]), ("b.json", otherCatalog)])
            == ["a.json and b.json come from different inputs: catalog \(catalog) differs"])

        var newer = parts[1]
        newer.toolVersion = "9.9.9"
        #expect(CheckReport.mergeProblems([("a.json", parts[0]), ("b.json", newer)])
            == ["a.json and b.json come from different inputs: tool version differs (\(LayoutSimVersion.current), 9.9.9)"])

        // A font file with another hash is another input too.
        var otherFont = parts[1]
        let font = try #require(otherFont.fonts.first)
        otherFont.fonts[0].sha256 = String(repeating: "f", count: 64)
        if parts[0].fonts.contains(where: { $0.name == font.name }) {
            #expect(CheckReport.mergeProblems([("a.json", parts[0]), ("b.json", otherFont)])
                == ["a.json and b.json come from different inputs: font \(font.name) differs"])
        }

        // Reports of version 1 have no input to compare.
        let old = try CheckReport.decode(try TestSupport.versionOneReport(parts[1].jsonData()), path: "old.json")
        #expect(CheckReport.mergeProblems([("a.json", parts[0]), ("old.json", old)]).first?.hasPrefix("old.json records no input") == true)
    }
}
