import Foundation
import LayoutSimModel
import LayoutSimCheck
import LayoutSimSupport
import SwiftParser
import SwiftSyntax

/// `layoutsim scan`'s stage: finds the app's Swift and Interface Builder files, reads what each says about the
/// places its localized strings are shown in, and completes the places made through the app's own components.
public enum SourceScanner {
    /// Folders never scanned: build products and dependencies (and any hidden folder, and test targets' folders).
    public static let skippedFolders: Set<String> = [".build", "Pods", "Carthage", "DerivedData", "build", "node_modules", "SourcePackages"]
    /// At most this many files are scanned; more is refused (a path pointing at `/`, say).
    public static let maximumFiles = 50_000
    /// Syntax trees deeper than this are not scanned (real code stays under a few hundred levels).
    public static let maximumSyntaxDepth = 4_000
    /// A Swift file larger than this is not parsed (generated code).
    public static let maximumSwiftBytes: Int64 = 8 << 20

    /// Scans the files and folders given, in a stable order: the same inputs give the same result.
    public static func scan(paths: [String], config: ScanConfig = ScanConfig()) -> ScanResult {
        var result = ScanResult()
        let files = collectFiles(paths, config: config, notes: &result.notes)
        var swift: [(file: String, tree: SourceFileSyntax, text: String)] = []
        for file in files where file.hasSuffix(".swift") {
            guard let (tree, text) = parse(file, notes: &result.notes) else { continue }
            swift.append((file, tree, text))
        }
        let shared = sharedFacts(swift.map(\.tree), config: config)
        var uses: [(place: Int, property: String)] = []
        var templates: [String: SourcePlace] = [:]
        for (file, tree, text) in swift {
            let context = FileContext(file: file, converter: SourceLocationConverter(fileName: file, tree: tree), fonts: shared.fonts,
                                      keys: KeyReader(declaredTypes: KeyReader.declaredTypes(in: tree), constants: shared.constants),
                                      scaledMetrics: shared.scaledMetrics, componentKeys: shared.componentKeys)
            let walker = SwiftUIWalker(context: context)
            walker.walkViews(in: tree)
            var fileResult = walker.result
            UIKitScanner(context: context).scan(tree, into: &fileResult)
            fileResult.files = [file]
            fileResult.literals = literals(in: tree, context: context)
            let findings = FindingsWalker(context: context)
            findings.walk(tree)
            fileResult.findings = findings.findings
            fileResult.suppressions[file] = Suppressions.comments(in: text)
            let base = result.places.count
            uses += walker.componentUses.map { (base + $0.place, $0.property) }
            templates.merge(walker.componentTexts) { first, _ in first }
            result.append(fileResult)
        }
        for file in files where file.hasSuffix(".storyboard") || file.hasSuffix(".xib") {
            do {
                let data = try InputFile.read(file)
                var fileResult = InterfaceBuilderScanner.scan(data, file: file, config: config)
                fileResult.suppressions[file] = Suppressions.comments(in: String(decoding: data, as: UTF8.self))
                result.append(fileResult)
            } catch {
                result.notes.append(ScanNote(.unreadable, at: SourceLocation(file: file, line: 1, column: 1), severity: .error, "\(error)"))
            }
        }
        for (index, property) in uses { complete(&result.places[index], with: templates[property], property: property) }
        return inSourceOrder(result)
    }

    /// Places in file, line and column order (a modifier's place is found before the view it modifies), rows and
    /// notes likewise, with the rows' place indices following.
    static func inSourceOrder(_ result: ScanResult) -> ScanResult {
        var sorted = result
        let order = result.places.indices.sorted { (result.places[$0].location, $0) < (result.places[$1].location, $1) }
        var newIndex = [Int](repeating: 0, count: order.count)
        for (new, old) in order.enumerated() { newIndex[old] = new }
        sorted.places = order.map { result.places[$0] }
        let rowOrder = result.rows.indices.sorted { (result.rows[$0].location, $0) < (result.rows[$1].location, $1) }
        var newRow = [Int](repeating: 0, count: rowOrder.count)
        for (new, old) in rowOrder.enumerated() { newRow[old] = new }
        sorted.rows = rowOrder.enumerated().map { new, old in
            var row = result.rows[old]
            row.id = new
            row.members = row.members.map { member in
                if case .place(let index) = member { return .place(newIndex[index]) }
                return member
            }
            return row
        }
        for index in sorted.places.indices { sorted.places[index].row = sorted.places[index].row.map { newRow[$0] } }
        sorted.findings = result.findings.enumerated().sorted { ($0.element.location, $0.offset) < ($1.element.location, $1.offset) }.map(\.element)
        sorted.notes = result.notes.enumerated().sorted { ($0.element.location, $0.offset) < ($1.element.location, $1.offset) }.map(\.element)
        return sorted
    }

    /// The string literals of a file, as the keys they would make.
    static func literals(in tree: SourceFileSyntax, context: FileContext) -> [String: SourceLocation] {
        final class Collector: SyntaxVisitor {
            var found: [(StringLiteralExprSyntax)] = []
            override func visit(_ node: StringLiteralExprSyntax) -> SyntaxVisitorContinueKind {
                found.append(node)
                return .skipChildren
            }
        }
        let collector = Collector(viewMode: .sourceAccurate)
        collector.walk(tree)
        var literals: [String: SourceLocation] = [:]
        for literal in collector.found {
            let key = context.keys.format(literal).key
            if literals[key] == nil { literals[key] = context.location(literal) }
        }
        return literals
    }

    /// A component's place: what its body does with the key property, under what the call site's containers give.
    private static func complete(_ place: inout SourcePlace, with template: SourcePlace?, property: String) {
        guard let template else {
            place.notes.append("shown by \(property), whose body was not found: the call site's fonts and frames only")
            return
        }
        place.view = template.view
        place.font = template.font ?? place.font
        place.weight = template.weight ?? place.weight
        place.lines = template.lines ?? place.lines
        place.width = template.width ?? place.width
        place.maxWidth = template.maxWidth ?? place.maxWidth
        place.height = template.height ?? place.height
        place.minimumScaleFactor = template.minimumScaleFactor ?? place.minimumScaleFactor
        place.lineBreakMode = template.lineBreakMode ?? place.lineBreakMode
        place.minimumCategory = template.minimumCategory ?? place.minimumCategory
        place.maximumCategory = template.maximumCategory ?? place.maximumCategory
        place.notes.append("shown by \(property) at \(template.location)")
    }

    /// The files under the paths: Swift, storyboards and xibs, sorted; missing paths and special files are notes.
    static func collectFiles(_ paths: [String], config: ScanConfig, notes: inout [ScanNote]) -> [String] {
        var files: [String] = []
        let manager = FileManager.default
        for path in paths {
            var isFolder: ObjCBool = false
            guard manager.fileExists(atPath: path, isDirectory: &isFolder) else {
                notes.append(ScanNote(.unreadable, at: SourceLocation(file: path, line: 1, column: 1), severity: .error, "no such file or folder"))
                continue
            }
            guard isFolder.boolValue else {
                if scannable(path) { files.append(path) } else {
                    notes.append(ScanNote(.unreadable, at: SourceLocation(file: path, line: 1, column: 1), severity: .error,
                                          "not a Swift, storyboard or xib file"))
                }
                continue
            }
            guard let walker = manager.enumerator(at: URL(fileURLWithPath: path), includingPropertiesForKeys: [.isDirectoryKey, .isSymbolicLinkKey],
                                                  options: [.skipsHiddenFiles, .skipsPackageDescendants]) else { continue }
            let prefix = path.hasSuffix("/") ? path : path + "/"
            for case let url as URL in walker {
                let name = url.lastPathComponent
                let values: URLResourceValues
                do { values = try url.resourceValues(forKeys: [.isDirectoryKey, .isSymbolicLinkKey]) } catch { continue }
                if values.isDirectory == true {
                    if skippedFolders.contains(name) || isTestFolder(name) { walker.skipDescendants() }
                    continue
                }
                guard values.isSymbolicLink != true, scannable(name), !name.hasSuffix("Tests.swift") else { continue }
                let relative = url.path.hasPrefix(URL(fileURLWithPath: prefix).path + "/")
                    ? prefix + String(url.path.dropFirst(URL(fileURLWithPath: prefix).path.count + 1)) : url.path
                guard !config.exclude.contains(where: { Glob.matches($0, String(relative.dropFirst(prefix.count))) }) else { continue }
                files.append(path == "." ? String(relative.dropFirst(2)) : relative)
                if files.count > maximumFiles { break }
            }
        }
        if files.count > maximumFiles {
            notes.append(ScanNote(.unreadable, at: SourceLocation(file: paths.first ?? ".", line: 1, column: 1), severity: .error,
                                  "more than \(maximumFiles) files: scan the app's folder, not a whole disk"))
            files = Array(files.prefix(maximumFiles))
        }
        var seen: Set<String> = []
        return files.sorted().filter { seen.insert($0).inserted }
    }

    /// Test targets (`AppTests`, `AppUITests`, `Tests`) build strings and fonts no user sees.
    static func isTestFolder(_ name: String) -> Bool { name.hasSuffix("Tests") || name.hasSuffix("Test") }

    private static func scannable(_ name: String) -> Bool {
        name.hasSuffix(".swift") || name.hasSuffix(".storyboard") || name.hasSuffix(".xib")
    }

    /// Parses a Swift file; one it cannot read is a note, one with syntax errors is parsed as far as it goes
    /// (swift-syntax recovers) with a note at the first error.
    static func parse(_ file: String, notes: inout [ScanNote]) -> (SourceFileSyntax, String)? {
        let data: Data
        do {
            data = try InputFile.read(file, limit: maximumSwiftBytes)
        } catch {
            notes.append(ScanNote(.unreadable, at: SourceLocation(file: file, line: 1, column: 1), severity: .error, "\(error)"))
            return nil
        }
        let tree = data.withUnsafeBytes { bytes in Parser.parse(source: bytes.bindMemory(to: UInt8.self)) }
        // swift-syntax's own walks (locations, visitors) recurse once per level: a tree deeper than any real code
        // (a generated chain of a million `.a`) is refused before they run.
        if let depth = deeperThan(tree, maximumSyntaxDepth) {
            notes.append(ScanNote(.unreadable, at: SourceLocation(file: file, line: 1, column: 1), severity: .error,
                                  "Swift nested more than \(maximumSyntaxDepth) levels deep (at least \(depth)): not scanned"))
            return nil
        }
        if tree.hasError {
            let finder = FirstSyntaxError(viewMode: .sourceAccurate)
            finder.walk(tree)
            let converter = SourceLocationConverter(fileName: file, tree: tree)
            let start = (finder.found ?? Syntax(tree)).startLocation(converter: converter)
            notes.append(ScanNote(.unreadable, at: SourceLocation(file: file, line: start.line, column: start.column), severity: .error,
                                  "Swift the parser could not read (\(finder.found.map { SwiftExpressions.code($0) } ?? "?")); the rest of the file is scanned as far as it parses"))
        }
        return (tree, String(decoding: data, as: UTF8.self))
    }
}

extension SourceScanner {
    /// The depth reached past `limit`, walking the tree without recursion; nil when it stays within.
    static func deeperThan(_ tree: SourceFileSyntax, _ limit: Int) -> Int? {
        var stack: [(Syntax, Int)] = [(Syntax(tree), 1)]
        while let (node, depth) = stack.popLast() {
            if depth > limit { return depth }
            for child in node.children(viewMode: .all) { stack.append((child, depth + 1)) }
        }
        return nil
    }
}

/// The first place a parsed tree has an error: unexpected text or a missing token.
final class FirstSyntaxError: SyntaxVisitor {
    var found: Syntax?
    override func visit(_ node: UnexpectedNodesSyntax) -> SyntaxVisitorContinueKind {
        if found == nil { found = Syntax(node) }
        return .skipChildren
    }
    override func visit(_ token: TokenSyntax) -> SyntaxVisitorContinueKind {
        if found == nil, token.presence == .missing { found = Syntax(token) }
        return .skipChildren
    }
}
