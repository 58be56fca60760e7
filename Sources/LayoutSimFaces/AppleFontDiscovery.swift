import Foundation
import LayoutSimModel

/// Where Apple's fonts come from: `--apple-fonts DIR`, `auto` (the newest iOS simulator runtime on this Mac) or `off`;
/// else the spec's `appleFonts`, else `$LAYOUTSIM_APPLE_FONTS`; else the bundled stand-ins.
public enum AppleFontsSetting {
    /// The environment variable read when neither the option nor the spec says.
    public static let environmentVariable = "LAYOUTSIM_APPLE_FONTS"

    /// The index for the first of `values` that is set (option, spec, environment), nil for the stand-ins.
    ///
    /// - Throws: ``FontError/appleFontsUnusable(directory:reason:)``: the folder cannot be used, or `auto` found no
    ///   iOS simulator runtime (or is not on macOS).
    public static func resolve(_ values: [String?]) throws(FontError) -> AppleFontIndex? {
        guard let value = values.compactMap({ $0?.trimmingCharacters(in: .whitespaces) }).first(where: { !$0.isEmpty }) else {
            return nil
        }
        switch value {
        case "off", "stand-ins": return nil
        case "auto": return try AppleFontIndex(directory: try automaticFolder())
        default: return try AppleFontIndex(directory: value)
        }
    }

    /// The values to resolve when the option and the spec say nothing: the environment's.
    public static var environmentValue: String? { EnvironmentVariable.value(environmentVariable) }

    /// `auto`: the font folder of the newest iOS simulator runtime installed (Xcode → Settings → Components).
    static func automaticFolder() throws(FontError) -> String {
        #if os(macOS)
        let found = runtimeFontFolders(root: "/")
        guard let newest = found.last else {
            throw .appleFontsUnusable(
                directory: "auto",
                reason: "no iOS simulator runtime is installed; install Xcode and an iOS runtime (Xcode → Settings → "
                    + "Components, or `xcodebuild -downloadPlatform iOS`), or give the fonts folder. Searched: "
                    + searchPatterns.joined(separator: ", ")
            )
        }
        return newest.fonts
        #else
        throw .appleFontsUnusable(
            directory: "auto",
            reason: "finding Apple's fonts works on macOS only (inside an iOS simulator runtime); on this machine give "
                + "a folder holding copies of them"
        )
        #endif
    }

    /// Where iOS simulator runtimes keep their fonts, under the file system root (`*`: any name).
    public static let searchPatterns = [
        // Xcode 14 and later: runtimes are disk images mounted here.
        "Library/Developer/CoreSimulator/Volumes/*/Library/Developer/CoreSimulator/Profiles/Runtimes/*.simruntime/Contents/Resources/RuntimeRoot/System/Library/Fonts",
        // Runtimes installed as folders.
        "Library/Developer/CoreSimulator/Profiles/Runtimes/*.simruntime/Contents/Resources/RuntimeRoot/System/Library/Fonts",
        // Xcode 13 and earlier: the runtime inside Xcode.
        "Applications/Xcode*.app/Contents/Developer/Platforms/iPhoneOS.platform/Library/Developer/CoreSimulator/Profiles/Runtimes/iOS.simruntime/Contents/Resources/RuntimeRoot/System/Library/Fonts",
    ]

    /// Every iOS runtime's font folder under `root` (matching ``searchPatterns``), oldest first by the version in the
    /// runtime's name ("iOS 26.1.simruntime"), then by path. Plain folder listings: testable on any machine.
    public static func runtimeFontFolders(root: String) -> [(runtime: String, version: [Int], fonts: String)] {
        var found: [(runtime: String, version: [Int], fonts: String)] = []
        for pattern in searchPatterns {
            for path in expand(pattern.split(separator: "/").map(String.init), under: URL(fileURLWithPath: root)) {
                guard let runtime = path.split(separator: "/").first(where: { $0.hasSuffix(".simruntime") }).map(String.init),
                      runtime.hasPrefix("iOS") else { continue }
                found.append((runtime, version(of: runtime), path))
            }
        }
        return found.sorted { a, b in
            a.version != b.version ? a.version.lexicographicallyPrecedes(b.version) : a.fonts < b.fonts
        }
    }

    /// "iOS 26.1.simruntime" → [26, 1]; "iOS.simruntime" → [].
    static func version(of runtime: String) -> [Int] {
        let name = runtime.dropLast(".simruntime".count)
        return name.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }.prefix(4).map { $0 }
    }

    /// The folders matching `components` (each a name or a `*` pattern) under `base`; bounded to 256 per level.
    private static func expand(_ components: [String], under base: URL) -> [String] {
        guard let first = components.first else {
            var isFolder: ObjCBool = false
            return FileManager.default.fileExists(atPath: base.path, isDirectory: &isFolder) && isFolder.boolValue ? [base.path] : []
        }
        let rest = Array(components.dropFirst())
        guard first.contains("*") else { return expand(rest, under: base.appendingPathComponent(first)) }
        let parts = first.split(separator: "*", omittingEmptySubsequences: false).map(String.init)
        // A folder that cannot be listed holds no runtime we can use: nothing found there.
        let listed: [String]
        do { listed = try FileManager.default.contentsOfDirectory(atPath: base.path) } catch { return [] }
        let names = listed.sorted().prefix(256)
        var out: [String] = []
        for name in names where name.hasPrefix(parts[0]) && name.hasSuffix(parts[parts.count - 1]) && name.count >= parts[0].count + parts[parts.count - 1].count {
            out += expand(rest, under: base.appendingPathComponent(name))
        }
        return out
    }
}
