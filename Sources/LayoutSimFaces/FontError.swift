import LayoutSimModel

/// A FreeType error code, kept as FreeType reported it (swift-system `Errno` style).
///
/// Debian builds FreeType without `FT_CONFIG_OPTION_ERROR_STRINGS`, so `FT_Error_String` returns nil there;
/// the descriptions come from this type's own table.
public struct FreeTypeError: RawRepresentable, Error, Hashable, Sendable, CustomStringConvertible {
    /// The `FT_Error` value.
    public let rawValue: Int32
    /// Wraps an `FT_Error` value.
    public init(rawValue: Int32) { self.rawValue = rawValue }

    /// `FT_Err_Cannot_Open_Resource` (0x01).
    public static let cannotOpenResource = FreeTypeError(rawValue: 0x01)
    /// `FT_Err_Unknown_File_Format` (0x02).
    public static let unknownFileFormat = FreeTypeError(rawValue: 0x02)
    /// `FT_Err_Invalid_File_Format` (0x03).
    public static let invalidFileFormat = FreeTypeError(rawValue: 0x03)
    /// `FT_Err_Invalid_Argument` (0x06).
    public static let invalidArgument = FreeTypeError(rawValue: 0x06)
    /// `FT_Err_Invalid_Table` (0x08).
    public static let invalidTable = FreeTypeError(rawValue: 0x08)
    /// `FT_Err_Out_Of_Memory` (0x40).
    public static let outOfMemory = FreeTypeError(rawValue: 0x40)

    public var description: String {
        switch rawValue {
        case 0x01: return "cannot open resource"
        case 0x02: return "unknown file format (not a font FreeType can read)"
        case 0x03: return "broken file"
        case 0x04: return "invalid FreeType version"
        case 0x06: return "invalid argument"
        case 0x08: return "invalid or broken font table"
        case 0x09: return "invalid offset within a table"
        case 0x0A: return "array allocation size too large"
        case 0x10: return "invalid glyph index"
        case 0x40: return "out of memory"
        case 0x51, 0x52, 0x53, 0x54, 0x55, 0x56, 0x57, 0x58: return "invalid stream operation (truncated file?)"
        case 0x8E: return "table missing"
        case 0x8F: return "horizontal header (hhea) table missing"
        case 0x90: return "locations (loca) table missing"
        case 0x91: return "name table missing"
        case 0x92: return "character map (cmap) table missing"
        case 0x93: return "horizontal metrics (hmtx) table missing"
        case 0x94: return "PostScript (post) table missing"
        default: return "FreeType error 0x" + String(rawValue, radix: 16)
        }
    }

    /// Turns a FreeType return code into a throw (swift-system `nothingOrErrno`).
    package static func check(_ code: Int32) throws(FreeTypeError) {
        if code != 0 { throw FreeTypeError(rawValue: code) }
    }
}

/// Why a font file could not be used. Every case names the file.
public enum FontError: Error, Equatable, Sendable, CustomStringConvertible {
    /// No file at this path.
    case fileNotFound(path: String)
    /// Not a regular file (a folder, FIFO, device), too large, or the system refused to open it.
    case unreadable(path: String, reason: String)
    /// FreeType refused the file (not a font, truncated, broken table).
    case freeType(FreeTypeError, path: String)
    /// HarfBuzz could not read the file.
    case harfBuzzCouldNotOpen(path: String)
    /// `--face-index` beyond the number of faces in a collection.
    case faceIndexOutOfRange(index: Int, count: Int, path: String)
    /// The face has no usable units-per-em or metrics.
    case unusableFace(reason: String, path: String)
    /// The bundled `Fonts/` folder was not found in any of the searched places.
    case bundledFontsNotFound(searched: [String])
    /// The folder given as Apple's fonts (`--apple-fonts`) cannot be used.
    case appleFontsUnusable(directory: String, reason: String)

    public var description: String {
        switch self {
        case .fileNotFound(let path):
            return "\(path): font file not found"
        case .unreadable(let path, let reason):
            return "\(path): cannot read the font: \(reason)"
        case .freeType(let error, let path):
            return "\(path): not a usable font: \(error)"
        case .harfBuzzCouldNotOpen(let path):
            return "\(path): HarfBuzz could not open the font file"
        case .faceIndexOutOfRange(let index, let count, let path):
            return "\(path): face index \(index) is out of range; the file holds \(count) face\(count == 1 ? "" : "s") (0...\(max(0, count - 1)))"
        case .unusableFace(let reason, let path):
            return "\(path): not a usable font: \(reason)"
        case .bundledFontsNotFound(let searched):
            return "the bundled Fonts/ folder was not found; set LAYOUTSIM_FONTS to it. Searched: " + searched.joined(separator: ", ")
        case .appleFontsUnusable(let directory, let reason):
            return "\(directory): Apple's fonts cannot be used from here: \(reason)"
        }
    }
}
