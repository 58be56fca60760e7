import ArgumentParser
import Foundation
import LayoutSim
import LayoutSimTestSupport
import Testing
@testable import LayoutSimCLI

// MARK: - `layoutsim scale`

struct ScaleCommandTests {
    @Suite("Model: scale command")
    struct ModelScaleCommandTests {
        private func output(_ arguments: [String]) throws -> String {
            try ScaleCommand.parse(arguments).output()
        }

        @Test func jsonTableMatchesReference() throws {
            let reference = try DynamicTypeReference.load()
            let text = try output(["--json"])
            #expect(!text.contains("17.0"))
            let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
            #expect(object["categories"] as? [String] == reference.categorySwiftUIDynamicTypeSize)
            let styles = try #require(object["styles"] as? [String: [String: Any]])
            #expect(Set(styles.keys) == Set(reference.styles.keys))
            for (name, row) in reference.styles {
                let printed = try #require(styles[name])
                #expect(printed["weight"] as? String == row.weight)
                #expect(printed["emphasizedWeight"] as? String == row.emphasizedWeight)
                #expect((printed["sizes"] as? [NSNumber])?.map(\.doubleValue) == row.sizes)
                #expect((printed["leading"] as? [NSNumber])?.map(\.doubleValue) == row.leading)
            }
            let partial = try #require(object["partialStyles"] as? [String: [String: Any]])
            #expect((partial["extraLargeTitle"]?["sizeAtLarge"] as? NSNumber)?.doubleValue == 36)
            #expect(partial["extraLargeTitle"]?["sizes"] is NSNull)
        }

        @Test func jsonTableFiltersStyleAndCategories() throws {
            let text = try output(["--json", "--style", "Subhead", "--categories", "L...XL"])
            let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
            #expect(object["categories"] as? [String] == ["large", "xLarge"])
            let styles = try #require(object["styles"] as? [String: [String: Any]])
            #expect(Array(styles.keys) == ["subheadline"])
            #expect((styles["subheadline"]?["sizes"] as? [NSNumber])?.map(\.intValue) == [15, 17])
        }

        @Test func textTable() throws {
            let text = try output([])
            #expect(text.contains("17/22"))
            #expect(text.contains("60/70"))
            #expect(text.contains("other categories unknown"))
            let bodyLine = try #require(text.split(separator: "\n").first { $0.hasPrefix("body ") })
            #expect(bodyLine.contains("regular"))
            #expect(bodyLine.contains("semibold"))
            #expect(bodyLine.hasSuffix("53/62"))
            let narrow = try output(["--style", "caption", "--categories", "AX5"])
            #expect(narrow.contains("43/51"))
            #expect(!narrow.contains("11/13"))
        }

        @Test func scaledValues() throws {
            let text = try output(["--value", "17", "--json"])
            let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
            #expect((object["value"] as? NSNumber)?.intValue == 17)
            #expect(object["relativeTo"] as? String == "body")
            #expect(object["maximumPointSize"] is NSNull)
            let scaled = try #require(object["scaled"] as? [String: NSNumber])
            #expect(scaled.count == 12)
            #expect(scaled["accessibility5"]?.doubleValue == 48)
            #expect(scaled["medium"]?.doubleValue == 16.333)
            #expect(text.contains("\"accessibility5\" : 48,") || text.contains("\"accessibility5\" : 48\n"))

            let clamped = try output(["--value", "16", "--relative-to", "body", "--max", "28", "--json", "--categories", "AX5"])
            let clampedObject = try #require(try JSONSerialization.jsonObject(with: Data(clamped.utf8)) as? [String: Any])
            #expect((clampedObject["maximumPointSize"] as? NSNumber)?.intValue == 28)
            #expect((clampedObject["scaled"] as? [String: NSNumber])?["accessibility5"]?.intValue == 28)

            let table = try output(["--value", "22", "--relative-to", "title0"])
            #expect(table.contains("37.667"))
            #expect(table.contains("20.333"))
            let clampedTable = try output(["--value", "16", "--max", "28"])
            #expect(clampedTable.contains("clamped from 45"))
            // A negative value (a spacing that pulls views together) is a value, not an option: 17 at Large is 48 at
            // accessibility5, so −17 is −48.
            let negative = try output(["--value", "-17", "--json", "--categories", "AX5"])
            #expect(negative.contains("\"accessibility5\" : -48"))
        }

        @Test func badInputIsRejectedWithValidNames() throws {
            #expect(throws: ModelError.unknownStyle("nonsense", valid: TextStyle.validNames)) {
                try output(["--style", "nonsense"])
            }
            #expect(throws: ModelError.self) { try output(["--categories", "huge"]) }
            #expect(throws: ModelError.self) { try output(["--value", "3", "--relative-to", "extraLargeTitle"]) }
            #expect(throws: ScaleInputError.self) { try output(["--value", "abc"]) }
            #expect(throws: ScaleInputError.self) { try output(["--value", "nan"]) }
            #expect(throws: ScaleInputError.self) { try output(["--value", "3", "--max", "0"]) }
            #expect(throws: ScaleInputError.self) { try output(["--max", "28"]) }
            #expect(throws: ScaleInputError.self) { try output(["--relative-to", "body"]) }
            #expect(throws: ScaleInputError.self) { try output(["--value", "3", "--style", "body"]) }
        }

        @Test func badInputExitsWithStatus2() throws {
            var command = try ScaleCommand.parse(["--style", "nonsense"])
            do {
                try command.run()
                Issue.record("expected ExitCode(2)")
            } catch let exit as ExitCode {
                #expect(exit.rawValue == 2)
            }
        }

        @Test func numberFormatting() {
            #expect(ScaleCommand.formatNumber(17) == "17")
            #expect(ScaleCommand.formatNumber(49.0 / 3) == "16.333")
            #expect(ScaleCommand.formatNumber(113.0 / 3) == "37.667")
            #expect(ScaleCommand.formatNumber(-2.5) == "-2.5")
        }
    }
}
