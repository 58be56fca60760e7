import Foundation
import LayoutSimModel

// The JSON report, written by ``JSONWriter`` straight from the values: the same bytes `JSONEncoder` gives for the
// `Codable` conformances (sorted keys, pretty-printed, nil optionals left out) — a test compares the two — without
// building the document as a tree first, and streamed to a sink in chunks. Keys are listed in sorted order here.

extension CheckReport {
    /// The report as JSON: sorted keys, pretty-printed, no final newline.
    public func jsonData() throws -> Data {
        var writer = JSONWriter()
        try write(to: &writer)
        return Data(try writer.finish())
    }

    /// Streams the report as JSON (as ``jsonData()``, then `trailer`) to `sink`, in chunks of about 64 KB.
    public func writeJSON(trailer: String = "", to sink: @escaping ([UInt8]) throws -> Void) throws {
        var writer = JSONWriter(sink: sink)
        try write(to: &writer)
        _ = try writer.finish()
        if !trailer.isEmpty { try sink(Array(trailer.utf8)) }
    }

    package func write(to w: inout JSONWriter) throws {
        try w.beginObject()
        w.key("catalogs"); try w.strings(catalogs)
        w.key("categories"); try w.strings(categories)
        w.key("diagnostics"); try w.beginArray()
        for diagnostic in diagnostics { try diagnostic.write(to: &w) }
        try w.endArray()
        w.key("fixedSinceBaseline"); try w.beginArray()
        for fixed in fixedSinceBaseline { try fixed.write(to: &w) }
        try w.endArray()
        w.key("fonts"); try w.beginArray()
        for font in fonts {
            try w.beginObject()
            w.key("name"); try w.string(font.name)
            w.key("sha256"); try w.string(font.sha256)
            try w.endObject()
        }
        try w.endArray()
        if let input {
            w.key("input"); try input.write(to: &w)
        }
        w.key("results"); try w.beginArray()
        for result in results { try result.write(to: &w) }
        try w.endArray()
        w.key("shards"); try w.strings(shards)
        w.key("skipped"); try w.beginArray()
        for key in skipped { try key.write(to: &w) }
        try w.endArray()
        w.key("spec"); try w.string(spec)
        w.key("summary"); try summary.write(to: &w)
        if let systemFontSource {
            w.key("systemFontSource"); try w.string(systemFontSource)
        }
        if let toolVersion {
            w.key("toolVersion"); try w.string(toolVersion)
        }
        w.key("unspecifiedKeys"); try w.strings(unspecifiedKeys)
        w.key("version"); try w.int(version)
        try w.endObject()
    }
}

extension CheckResult {
    package func write(to w: inout JSONWriter) throws {
        try w.beginObject()
        if let budget {
            w.key("budget"); try budget.write(to: &w)
        }
        w.key("column"); try w.int(column)
        if let element {
            w.key("element"); try w.string(element)
        }
        if let error {
            w.key("error"); try w.string(error)
        }
        w.key("failingCategories"); try w.beginArray()
        for verdict in failingCategories {
            try w.beginObject()
            w.key("category"); try w.string(CategoryName.text(verdict.category))
            w.key("verdict"); try w.string(verdict.verdict.rawValue)
            try w.endObject()
        }
        try w.endArray()
        if let failure {
            w.key("failure"); try failure.write(to: &w)
        }
        w.key("file"); try w.string(file)
        if let fitsThrough {
            w.key("fitsThrough"); try w.string(fitsThrough.swiftUIName)
        }
        w.key("key"); try w.string(key)
        w.key("known"); try w.bool(known)
        w.key("line"); try w.int(line)
        w.key("locale"); try w.string(locale)
        w.key("mustFitThrough"); try w.string(mustFitThrough.swiftUIName)
        w.key("passed"); try w.bool(passed)
        if let place {
            w.key("place"); try w.string(place)
        }
        if let placement {
            w.key("placement"); try placement.write(to: &w)
        }
        w.key("text"); try w.string(text)
        if let textSHA256 {
            w.key("textSHA256"); try w.string(textSHA256)
        }
        w.key("variant"); try w.strings(variant)
        try w.endObject()
    }
}

extension CheckResult.Failure {
    package func write(to w: inout JSONWriter) throws {
        try w.beginObject()
        w.key("category"); try w.string(CategoryName.text(category))
        if let clippedBy {
            w.key("clippedBy"); try w.double(clippedBy)
        }
        w.key("hiddenCharacters"); try w.int(hiddenCharacters)
        w.key("missingGlyphs"); try w.strings(missingGlyphs)
        if let remedy {
            w.key("remedy"); try remedy.write(to: &w)
        }
        w.key("verdict"); try w.string(verdict.rawValue)
        if let visibleText {
            w.key("visibleText"); try w.string(visibleText)
        }
        try w.endObject()
    }
}

extension CheckResult.Failure.Remedy {
    package func write(to w: inout JSONWriter) throws {
        try w.beginObject()
        if let fitsThroughWithOneMoreLine {
            w.key("fitsThroughWithOneMoreLine"); try w.string(fitsThroughWithOneMoreLine.swiftUIName)
        }
        if let neededHeight {
            w.key("neededHeight"); try w.double(neededHeight)
        }
        w.key("neededLines"); try w.int(neededLines)
        if let neededWidth {
            w.key("neededWidth"); try w.double(neededWidth)
        }
        w.key("words"); try w.string(words)
        try w.endObject()
    }
}

extension ReportDiagnostic {
    package func write(to w: inout JSONWriter) throws {
        try w.beginObject()
        w.key("column"); try w.int(column)
        w.key("file"); try w.string(file)
        w.key("line"); try w.int(line)
        w.key("message"); try w.string(message)
        w.key("severity"); try w.string(severity)
        try w.endObject()
    }
}

extension FixedBaselineEntry {
    package func write(to w: inout JSONWriter) throws {
        try w.beginObject()
        if let element = entry.element {
            w.key("element"); try w.string(element)
        }
        w.key("key"); try w.string(entry.key)
        w.key("locale"); try w.string(entry.locale)
        w.key("reason"); try w.string(reason.rawValue)
        if let textSHA256 = entry.textSHA256 {
            w.key("textSHA256"); try w.string(textSHA256)
        }
        w.key("variant"); try w.strings(entry.variant)
        try w.endObject()
    }
}

extension CheckReport.Input {
    package func write(to w: inout JSONWriter) throws {
        func digest(_ file: CheckReport.FileDigest, _ w: inout JSONWriter) throws {
            try w.beginObject()
            w.key("file"); try w.string(file.file)
            if let sha256 = file.sha256 {
                w.key("sha256"); try w.string(sha256)
            }
            try w.endObject()
        }
        try w.beginObject()
        w.key("catalogs"); try w.beginArray()
        for catalog in catalogs { try digest(catalog, &w) }
        try w.endArray()
        w.key("fingerprint"); try w.string(fingerprint)
        w.key("options"); try w.beginObject()
        w.key("categories"); try w.strings(options.categories)
        w.key("developmentLanguage"); try w.string(options.developmentLanguage)
        if let locales = options.locales {
            w.key("locales"); try w.strings(locales)
        }
        if let pseudoModes = options.pseudoModes {
            w.key("pseudoModes"); try w.strings(pseudoModes)
        }
        w.key("systemFonts"); try w.bool(options.systemFonts)
        try w.endObject()
        w.key("spec"); try digest(spec, &w)
        try w.endObject()
    }
}

extension CheckReport.Summary {
    package func write(to w: inout JSONWriter) throws {
        try w.beginObject()
        w.key("errors"); try w.int(errors)
        w.key("failures"); try w.int(failures)
        w.key("fixedSinceBaseline"); try w.int(fixedSinceBaseline)
        w.key("keys"); try w.int(keys)
        w.key("layouts"); try w.int(layouts)
        w.key("locales"); try w.int(locales)
        w.key("newFailures"); try w.int(newFailures)
        w.key("strings"); try w.int(strings)
        w.key("warnings"); try w.int(warnings)
        try w.endObject()
    }
}

extension CheckReport.SkippedKey {
    package func write(to w: inout JSONWriter) throws {
        try w.beginObject()
        w.key("file"); try w.string(file)
        w.key("key"); try w.string(key)
        w.key("line"); try w.int(line)
        if let locale {
            w.key("locale"); try w.string(locale)
        }
        w.key("reason"); try w.string(reason)
        w.key("variant"); try w.strings(variant)
        try w.endObject()
    }
}
