import Foundation
import LayoutSimModel

/// Opens font files once and keeps them: `(path, face index) → FontFace`, plus how reports name each file.
///
/// Owns the `FT_Library` every face is created on. One registry per ``LayoutEngine``; not `Sendable`.
public final class FontRegistry {
    private let library: FreeTypeLibrary
    /// The folder holding the bundled fonts (`Fonts/` of the package), once found.
    public let bundledFontsDirectory: URL?
    /// The places searched for the bundled fonts, in order (for error messages).
    public let searchedDirectories: [String]
    private var faces: [FaceID: FontFace] = [:]
    private var fileInfos: [String: FontFileInfo] = [:]

    /// File names of the bundled fonts that must be present for a folder to count as the bundled `Fonts/`.
    package static let markerFile = "Inter-Regular.otf"

    /// Creates a registry.
    ///
    /// - Parameter fontsDirectory: the bundled fonts folder. When nil it is searched for, in this order:
    ///   `$LAYOUTSIM_FONTS`; `Fonts/` and `../share/layoutsim/Fonts/` next to the running executable;
    ///   the package's own `Fonts/` (located from this source file, which is how a package that depends on
    ///   LayoutSim, and `swift run`, find it).
    /// - Throws: ``FontError`` if FreeType cannot start.
    public init(fontsDirectory: URL? = nil) throws(FontError) {
        do { library = try FreeTypeLibrary() } catch { throw .freeType(error, path: "(FreeType library)") }
        var candidates: [URL] = []
        if let fontsDirectory { candidates.append(fontsDirectory) }
        if let environment = EnvironmentVariable.value("LAYOUTSIM_FONTS"), !environment.isEmpty {
            candidates.append(URL(fileURLWithPath: environment))
        }
        if let executable = ExecutablePath.resolved() {
            let folder = executable.deletingLastPathComponent()
            candidates.append(folder.appendingPathComponent("Fonts"))
            candidates.append(folder.deletingLastPathComponent().appendingPathComponent("share/layoutsim/Fonts"))
        }
        // Sources/LayoutSimFaces/FontRegistry.swift → package root.
        let packageRoot = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        candidates.append(packageRoot.appendingPathComponent("Fonts"))
        if fontsDirectory != nil { candidates = [candidates[0]] }
        searchedDirectories = candidates.map(\.path)
        bundledFontsDirectory = candidates.first { folder in
            FileManager.default.fileExists(atPath: folder.appendingPathComponent(Self.markerFile).path)
        }
    }

    /// The face `index` of the font file at `path`, opened on first use.
    public func face(path: String, index: Int = 0) throws(FontError) -> FontFace {
        let id = FaceID(path: path, index: index)
        if let face = faces[id] { return face }
        let face = try FontFace(path: path, index: index, library: library)
        faces[id] = face
        return face
    }

    /// The face `index` of the font file at `path` with variation axes set (Apple's variable fonts), opened on first
    /// use; a face of its own, so the same file at another weight is another face.
    package func face(path: String, index: Int, variations: [FontVariation]) throws(FontError) -> FontFace {
        guard !variations.isEmpty else { return try face(path: path, index: index) }
        let id = FaceID(path: path, index: index, variations: variations)
        if let face = faces[id] { return face }
        let face = try FontFace(path: path, index: index, library: library)
        face.setVariations(variations)
        faces[id] = face
        return face
    }

    /// A bundled font by file name (e.g. `Inter-Regular.otf`).
    public func bundledFace(named file: String) throws(FontError) -> FontFace {
        guard let directory = bundledFontsDirectory else { throw .bundledFontsNotFound(searched: searchedDirectories) }
        return try face(path: directory.appendingPathComponent(file).path)
    }

    /// How a font file is named in reports: bundled fonts as `Fonts/<file>` (identical on every machine),
    /// other files by the path they were given as.
    public func reportName(forPath path: String) -> String {
        if let directory = bundledFontsDirectory, URL(fileURLWithPath: path).deletingLastPathComponent().standardizedFileURL.path
            == directory.standardizedFileURL.path {
            return "Fonts/" + URL(fileURLWithPath: path).lastPathComponent
        }
        return path
    }

    /// How reports name a font file, and its SHA-256 (read when first asked for, once per file and process).
    /// - Throws: ``FontError/unusableFace(reason:path:)`` when the file is gone or cannot be read.
    public func fileInfo(forPath path: String) throws(FontError) -> FontFileInfo {
        if let info = fileInfos[path] { return info }
        _ = try FileDigests.stamp(path)
        let info = FontFileInfo(name: reportName(forPath: path), path: path, digest: FileDigest(path: path))
        fileInfos[path] = info
        return info
    }
}
