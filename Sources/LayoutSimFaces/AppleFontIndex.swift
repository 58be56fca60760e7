import CHarfBuzz
import Foundation
import LayoutSimModel

/// One face of a font file in a folder of Apple's fonts, as its name table names it.
public struct AppleFontEntry: Sendable, Hashable {
    /// The file.
    public let path: String
    /// The face's index in it (collections: `.ttc`).
    public let index: Int
    /// Typographic family (name ID 16, else 1), e.g. "PingFang SC", ".SF UI".
    public let family: String
    /// Typographic style (name ID 17, else 2), e.g. "Regular", "W3".
    public let style: String
    /// PostScript name (name ID 6), e.g. ".SFUI-Regular", "HiraginoSans-W3".
    public let postScriptName: String
    /// Tags of its variation axes (`wght`, `opsz`, …).
    public let axisTags: [String]
}

/// The font files of a folder of Apple's fonts (an iOS simulator runtime's `System/Library/Fonts`, or a copy), indexed
/// by their name tables: file names change between releases, family and PostScript names do not.
///
/// Reads every `.ttf`, `.otf`, `.ttc` and `.otc` under the folder (at most ``maximumDepth`` folders deep and
/// ``maximumFiles`` files; regular files only), in path order, so the index is the same on every run.
public struct AppleFontIndex: Sendable {
    /// The folder, as given.
    public let directory: String
    /// Every face found, in path and face order.
    public let entries: [AppleFontEntry]
    /// Files that could not be read as fonts (path and why), for the report's warnings.
    public let skipped: [String]

    /// How deep the folder is searched.
    public static let maximumDepth = 6
    /// How many font files are read at most.
    public static let maximumFiles = 4000
    /// Faces per collection read at most.
    public static let maximumFacesPerFile = 64

    /// Indexes the fonts in `directory`.
    ///
    /// - Throws: ``FontError/appleFontsUnusable(directory:reason:)`` when the folder cannot be read or holds no font.
    public init(directory: String) throws(FontError) {
        self.directory = directory
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isFolder), isFolder.boolValue else {
            throw .appleFontsUnusable(directory: directory, reason: "not a folder")
        }
        // Paths are the folder as given plus the names found, so reports name the files the same way on every run.
        let root = directory.count > 1 && directory.hasSuffix("/") ? String(directory.dropLast()) : directory
        var files: [String] = []
        var skipped: [String] = []
        var folders: [(String, Int)] = [(root, 0)]
        let extensions: Set<String> = ["ttf", "otf", "ttc", "otc"]
        while let (folder, depth) = folders.popLast() {
            guard files.count < Self.maximumFiles else { break }
            let names: [String]
            do { names = try FileManager.default.contentsOfDirectory(atPath: folder).sorted() } catch {
                skipped.append("\(folder): cannot be listed (\(error.localizedDescription))")
                continue
            }
            for name in names where !name.hasPrefix(".") {
                let path = folder + "/" + name
                guard extensions.contains(URL(fileURLWithPath: name).pathExtension.lowercased()) || depth + 1 < Self.maximumDepth else {
                    continue
                }
                switch Self.kind(of: path) {
                case .folder:
                    if depth + 1 < Self.maximumDepth { folders.append((path, depth + 1)) }
                case .file:
                    if extensions.contains(URL(fileURLWithPath: name).pathExtension.lowercased()) { files.append(path) }
                case .other(let why):
                    if extensions.contains(URL(fileURLWithPath: name).pathExtension.lowercased()) { skipped.append("\(path): \(why)") }
                }
            }
        }
        var entries: [AppleFontEntry] = []
        for path in files.sorted().prefix(Self.maximumFiles) {
            if let problem = Self.read(path: path, into: &entries) { skipped.append("\(path): \(problem)") }
        }
        guard !entries.isEmpty else {
            throw .appleFontsUnusable(directory: directory, reason: "no font files (.ttf, .otf, .ttc) in it")
        }
        self.entries = entries
        self.skipped = skipped.sorted()
    }

    private enum Kind { case folder, file, other(String) }

    /// What is at `path`: a folder (a link to one is not followed), a regular file (directly or through a link), or
    /// something not read (a device, a socket, a broken link) and why.
    private static func kind(of path: String) -> Kind {
        let attributes: [FileAttributeKey: Any]
        do { attributes = try FileManager.default.attributesOfItem(atPath: path) } catch { return .other("cannot be read") }
        switch attributes[.type] as? FileAttributeType {
        case .typeDirectory?: return .folder
        case .typeRegular?: return .file
        case .typeSymbolicLink?:
            let target = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
            let resolved: [FileAttributeKey: Any]
            do { resolved = try FileManager.default.attributesOfItem(atPath: target) } catch { return .other("a broken link") }
            return resolved[.type] as? FileAttributeType == .typeRegular ? .file : .other("a link to something not a file")
        default: return .other("not a regular file")
        }
    }

    /// Reads the names of every face of the file at `path` into `entries`; a description of the problem if it cannot.
    private static func read(path: String, into entries: inout [AppleFontEntry]) -> String? {
        guard let blob = hb_blob_create_from_file_or_fail(path) else { return "cannot be read" }
        defer { hb_blob_destroy(blob) }
        let count = Int(hb_face_count(blob))
        guard count > 0 else { return "not a font" }
        if let problem = SFNTDirectory.truncation(path: path, faceIndex: 0) { return "truncated or broken: \(problem)" }
        for index in 0..<min(count, maximumFacesPerFile) {
            guard let face = hb_face_create(blob, UInt32(index)) else { continue }
            defer { hb_face_destroy(face) }
            guard hb_face_get_glyph_count(face) > 0 else { continue }
            let family = name(face, 16) ?? name(face, 1) ?? ""
            let style = name(face, 17) ?? name(face, 2) ?? ""
            let postScript = name(face, 6) ?? ""
            var axisCount = hb_ot_var_get_axis_count(face)
            var tags: [String] = []
            if axisCount > 0 && axisCount <= 64 {
                var infos = [hb_ot_var_axis_info_t](repeating: hb_ot_var_axis_info_t(), count: Int(axisCount))
                _ = hb_ot_var_get_axis_infos(face, 0, &axisCount, &infos)
                tags = infos.prefix(Int(axisCount)).map { tagString($0.tag) }
            }
            entries.append(AppleFontEntry(path: path, index: index, family: family, style: style,
                                          postScriptName: postScript, axisTags: tags))
        }
        return nil
    }

    /// A family or style name for comparing: lowercase, without spaces, hyphens, underscores or dots
    /// (".SF UI" → "sfui", "SemiBold" → "semibold").
    package static func normalized(_ name: String) -> String {
        String(name.lowercased().unicodeScalars.filter { !" -_.".unicodeScalars.contains($0) }.map(Character.init))
    }

    /// Name `id` of `face` in English (HarfBuzz's choice), nil when absent; at most 256 characters.
    package static func name(_ face: OpaquePointer, _ id: UInt32) -> String? {
        let language = hb_language_from_string("en", -1)
        var length: UInt32 = 257
        var buffer = [CChar](repeating: 0, count: 258)
        let total = hb_ot_name_get_utf8(face, hb_ot_name_id_t(id), language, &length, &buffer)
        guard total > 0 else { return nil }
        let text = String(decoding: buffer.prefix(Int(length)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return text.isEmpty ? nil : text
    }
}
