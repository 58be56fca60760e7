import Foundation
import LayoutSimModel
#if canImport(FoundationXML)
import FoundationXML
#endif

/// Reads an Interface Builder file (`.storyboard`, `.xib`): every label, button and text field with a design text
/// becomes a place keyed by its object id (`OBJECTID.text`, `OBJECTID.normalTitle`, `OBJECTID.placeholder`) in the
/// file's own strings table (`Main.storyboard` → `Main`), with what the file says about its font, lines and room.
/// Horizontal stack views become rows.
///
/// The file is read with Foundation's `XMLParser`, one pass, no regular expressions. Malformed XML is a note with
/// the parser's line; the places completed before it are kept.
public enum InterfaceBuilderScanner {
    /// Elements nested deeper than this stop the scan of the file with a note (real files nest about 30 deep).
    public static let maximumDepth = 256

    /// The places, rows and notes of one Interface Builder file. `file` is the path as the scan found it; the
    /// strings table is its base name.
    public static func scan(_ data: Data, file: String, config: ScanConfig) -> ScanResult {
        let reader = IBDocumentReader(data: data, file: file, config: config)
        return reader.read()
    }

    /// The strings table of an Interface Builder file: its name without folder or extension.
    public static func table(forFile file: String) -> String {
        let name = file.split(separator: "/").last.map(String.init) ?? file
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return name }
        return String(name[..<dot])
    }
}

/// One open element: its name, the attributes the scan reads later, and what it is to the scan.
struct IBFrame {
    enum Role {
        case plain
        /// A label, button or text field: an index into the reader's open views.
        case textView(Int)
        /// A stack view: an index into the reader's open stacks when horizontal.
        case stack(Int?)
        /// A `<string>` whose characters are a text or title being read.
        case capture(IBCaptureTarget, base64: Bool)
    }

    var name: String
    var key: String?
    var id: String?
    var role: Role = .plain
}

/// Which text a `<string>` element holds.
enum IBCaptureTarget {
    case text(view: Int)
    case normalTitle(view: Int)
    case configurationTitle(view: Int)
}

/// A horizontal stack view being read: its arranged subviews by element name and object id.
struct IBOpenStack {
    var location: SourceLocation
    var spacing: Double
    var members: [(element: String, id: String?)] = []
}

/// A width or height a constraint fixes for one view, with the constraint's priority.
struct IBFixedSize {
    var value: Sourced<Double>
    var priority: Double
    /// The constraint's object id, which a size-class variation may exclude.
    var id: String?
}

/// The SAX side of the scan: follows the element stack and collects views, stacks and constraints; the places are
/// built when a view's element ends (so a malformed file keeps every place completed before the error).
final class IBDocumentReader: NSObject, XMLParserDelegate {
    let data: Data
    let file: String
    let table: String
    let config: ScanConfig
    var locator: IBLocator

    var frames: [IBFrame] = []
    var openViews: [IBView] = []
    var openStacks: [IBOpenStack] = []
    var captured = ""
    var device: String?

    var places: [SourcePlace] = []
    /// The object id of each place, for the sizes constraints give it.
    var placeObjects: [String?] = []
    /// The first place of each completed view, by object id.
    var firstPlace: [String: Int] = [:]
    /// Constraints fixing a view's width or height, by the view's object id.
    var widths: [String: [IBFixedSize]] = [:]
    var heights: [String: [IBFixedSize]] = [:]
    /// Constraints a `<variation key="default">` excludes: they hold only in other size classes.
    var excludedConstraints: Set<String> = []
    var stacks: [IBOpenStack] = []
    var notes: [ScanNote] = []
    /// Custom classes whose font the scan could not settle: where first met, and how many places.
    var unresolvedClasses: [(unresolved: IBUnresolvedClass, location: SourceLocation, count: Int)] = []
    var stopped = false
    var sawRoot = false

    init(data: Data, file: String, config: ScanConfig) {
        self.data = data
        self.file = file
        self.table = InterfaceBuilderScanner.table(forFile: file)
        self.config = config
        self.locator = IBLocator(data: data)
    }

    func read() -> ScanResult {
        let parser = XMLParser(data: data)
        parser.delegate = self
        parser.shouldResolveExternalEntities = false
        if !parser.parse(), !stopped {
            stopped = true
            let location = locator.location(file: file, line: parser.lineNumber, column: parser.columnNumber)
            notes.append(ScanNote(.unreadable, at: location, severity: .error, Self.describe(parser.parserError)))
        } else if !sawRoot, !stopped {
            // libxml2 parses an empty file without an error.
            notes.append(ScanNote(
                .unreadable, at: SourceLocation(file: file, line: 1, column: 1), severity: .error,
                "the file holds no XML element: nothing in it is scanned"
            ))
        }
        return finish()
    }

    static func describe(_ error: Error?) -> String {
        let code = error.map { ($0 as NSError).code } ?? 0
        let what: String
        switch XMLParser.ErrorCode(rawValue: code) {
        case .tagNameMismatchError?: what = "a closing tag does not match the element it closes"
        case .prematureDocumentEndError?: what = "the file ends before its elements are closed"
        case .emptyDocumentError?, .documentStartError?: what = "the file is not XML"
        case .attributeNotFinishedError?, .attributeNotStartedError?, .attributeHasNoValueError?:
            what = "an attribute is not well formed"
        case .ltRequiredError?, .gtRequiredError?: what = "a tag is not closed"
        default: what = "XMLParser error \(code)"
        }
        return "malformed XML (\(what)): the places before this line are kept, the rest of the file is not read"
    }

    // MARK: XMLParserDelegate

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName qName: String?,
        attributes attributeDict: [String: String] = [:]
    ) {
        guard !stopped else { return }
        if frames.count >= InterfaceBuilderScanner.maximumDepth {
            stopped = true
            let location = locator.location(file: file, line: parser.lineNumber, column: parser.columnNumber)
            notes.append(ScanNote(
                .unreadable, at: location, severity: .error,
                "elements nest deeper than \(InterfaceBuilderScanner.maximumDepth) levels: the rest of the file is not read"
            ))
            parser.abortParsing()
            return
        }
        var frame = IBFrame(name: elementName, key: attributeDict["key"], id: attributeDict["id"])
        let at = { [self] in locator.tagStart(file: file, line: parser.lineNumber, column: parser.columnNumber) }
        noteStackMember(elementName, id: attributeDict["id"])
        switch elementName {
        case "label", "button", "textField":
            openViews.append(IBView(element: elementName, attributes: attributeDict, location: at()))
            frame.role = .textView(openViews.count - 1)
        case "stackView":
            frame.role = .stack(openStack(attributeDict, at: at))
        case _ where frames.isEmpty:
            sawRoot = true
            guard readsRoot(elementName, runtime: attributeDict["targetRuntime"], parser: parser) else { return }
        case "device" where frames.count == 1:
            device = attributeDict["id"]
        case "constraint" where frames.last?.name == "constraints":
            readConstraint(attributeDict, at: at())
        case "exclude" where isDefaultConstraintMask:
            if let reference = attributeDict["reference"] { excludedConstraints.insert(reference) }
        default:
            frame.role = readViewChild(elementName, attributeDict, at: at)
        }
        frames.append(frame)
    }

    /// Inside `<variation key="default"><mask key="constraints">`.
    var isDefaultConstraintMask: Bool {
        frames.count >= 2 && frames[frames.count - 1].name == "mask" && frames[frames.count - 1].key == "constraints"
            && frames[frames.count - 2].name == "variation" && frames[frames.count - 2].key == "default"
    }

    /// Whether the file is one the scan reads: a `<document>` (Xcode 5 and later; older files are an `<archive>` of
    /// other elements) for UIKit (iOS, iPadOS, tvOS; watchOS and macOS files have other views and keys).
    func readsRoot(_ element: String, runtime: String?, parser: XMLParser) -> Bool {
        let reason: String
        if element != "document" {
            reason = "the root element is <\(element)>, not an Interface Builder <document> of Xcode 5 or later"
        } else if let runtime, runtime == "watchKit" || runtime.hasPrefix("MacOSX") {
            reason = "targetRuntime \(runtime) is not UIKit"
        } else {
            return true
        }
        stopped = true
        notes.append(ScanNote(
            .unreadable, at: SourceLocation(file: file, line: parser.lineNumber, column: 1), "\(reason): the file is not scanned"
        ))
        parser.abortParsing()
        return false
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        guard !stopped, case .capture? = frames.last?.role else { return }
        captured += string
    }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName qName: String?) {
        guard !stopped, let frame = frames.popLast() else { return }
        switch frame.role {
        case .plain, .stack(nil):
            break
        case .textView(let index):
            if let view = openViews.popLast(), index == openViews.count { complete(view) }
        case .stack(let index?):
            if let stack = openStacks.popLast(), index == openStacks.count { stacks.append(stack) }
        case .capture(let target, let base64):
            endCapture(target, base64: base64)
        }
    }

    func parser(_ parser: XMLParser, parseErrorOccurred parseError: Error) {
        // libxml2 goes on after some errors; nothing after the first is trusted.
        guard !stopped else { return }
        stopped = true
        let location = locator.location(file: file, line: parser.lineNumber, column: parser.columnNumber)
        notes.append(ScanNote(.unreadable, at: location, severity: .error, Self.describe(parseError)))
    }
}
