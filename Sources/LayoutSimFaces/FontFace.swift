import CFreeType
import CHarfBuzz
import Foundation
import LayoutSimModel
import LayoutSimSupport

/// Collects SVG path commands from FreeType's outline callbacks (font units, y up).
private final class PathBuilder {
    package var path = ""
    package func add(_ command: String, _ points: [FT_Vector]) {
        if command == "M" && !path.isEmpty { path += "Z" }
        path += command + points.map { "\($0.x) \($0.y)" }.joined(separator: " ")
    }
}

/// One face of a font file, opened by FreeType (validation, metrics, later outlines) and by HarfBuzz (shaping).
///
/// Owns an `FT_Face`, an `hb_face_t` and an `hb_font_t`, freed in `deinit`. The HarfBuzz font's scale is the
/// face's units per em, so everything it returns is in unhinted font units; scaling to points happens in one
/// place, ``Units``. Not `Sendable`: a face belongs to one ``FontRegistry``.
public final class FontFace {
    /// Which file and face this is (with the variation axes set on it, ``setVariations(_:)``, the only place that
    /// changes it).
    public internal(set) var id: FaceID
    /// A number no other face opened in this process has: what caches key a face by (an object's address can be
    /// taken again by another face once this one is freed).
    package let serial: UInt64
    /// The face's metrics in font units, copied out once.
    public let metrics: FontMetrics
    /// Family name from the font (e.g. "Inter").
    public let familyName: String
    /// Style name from the font (e.g. "Regular").
    public let styleName: String

    private let library: FreeTypeLibrary
    /// `FT_Face`.
    private let ftFace: FT_Face
    /// `hb_face_t *`.
    private let hbFace: OpaquePointer
    /// `hb_font_t *`.
    private let hbFont: OpaquePointer
    /// What ``hasGlyph(_:)`` and ``inkExtents(ofGlyph:)`` remember.
    private let caches = GlyphCaches()

    /// Opens face `index` of the file at `path`.
    ///
    /// - Throws: ``FontError`` naming the file: missing, not a font, broken, or index out of range.
    package init(path: String, index: Int, library: FreeTypeLibrary) throws(FontError) {
        do throws(InputFileError) {
            try InputFile.check(path)
        } catch .missing {
            throw .fileNotFound(path: path)
        } catch {
            throw .unreadable(path: path, reason: error.description)
        }

        var probe: FT_Face?
        let probeCode = FT_New_Face(library.raw, path, 0, &probe)
        guard probeCode == 0, let first = probe else {
            throw .freeType(FreeTypeError(rawValue: probeCode), path: path)
        }
        let count = Int(first.pointee.num_faces)
        var face = first
        guard index >= 0 && index < count else {
            FT_Done_Face(first)
            throw .faceIndexOutOfRange(index: index, count: count, path: path)
        }
        if index != 0 {
            FT_Done_Face(first)
            var other: FT_Face?
            let code = FT_New_Face(library.raw, path, FT_Long(index), &other)
            guard code == 0, let opened = other else { throw .freeType(FreeTypeError(rawValue: code), path: path) }
            face = opened
        }

        let upem = Int(face.pointee.units_per_EM)
        guard upem >= 16 && upem <= 16384, (face.pointee.face_flags & FT_Long(FT_FACE_FLAG_SCALABLE)) != 0 else {
            FT_Done_Face(face)
            throw .unusableFace(reason: "not a scalable outline font (unitsPerEm \(upem))", path: path)
        }
        var ascender = Int(face.pointee.ascender)
        var descender = Int(face.pointee.descender)
        var lineGap = Int(face.pointee.height) - ascender + descender
        if let raw = FT_Get_Sfnt_Table(face, FT_SFNT_HHEA) {
            let hhea = raw.assumingMemoryBound(to: TT_HoriHeader.self).pointee
            if hhea.Ascender != 0 || hhea.Descender != 0 {
                ascender = Int(hhea.Ascender)
                descender = Int(hhea.Descender)
                lineGap = Int(hhea.Line_Gap)
            }
        }

        if let problem = FontFace.impossibleMetrics(ascender: ascender, descender: descender, lineGap: lineGap, upem: upem) {
            FT_Done_Face(face)
            throw .unusableFace(reason: problem, path: path)
        }

        guard let blob = hb_blob_create_from_file_or_fail(path) else {
            FT_Done_Face(face)
            throw .harfBuzzCouldNotOpen(path: path)
        }
        let hbFace = hb_face_create(blob, UInt32(index))
        hb_blob_destroy(blob)
        guard let hbFace, hb_face_get_upem(hbFace) == UInt32(upem) else {
            hb_face_destroy(hbFace)
            FT_Done_Face(face)
            throw .harfBuzzCouldNotOpen(path: path)
        }
        guard let hbFont = hb_font_create(hbFace) else {
            hb_face_destroy(hbFace)
            FT_Done_Face(face)
            throw .harfBuzzCouldNotOpen(path: path)
        }
        hb_font_set_scale(hbFont, Int32(upem), Int32(upem))

        if let problem = FontFace.impossibleAdvance(font: hbFont, face: hbFace, upem: upem) {
            hb_font_destroy(hbFont)
            hb_face_destroy(hbFace)
            FT_Done_Face(face)
            throw .unusableFace(reason: problem, path: path)
        }

        // A truncated file: FreeType and HarfBuzz silently drop tables cut off by the end of the file (kerning
        // would vanish), so check the table directory against the file size ourselves.
        if let problem = SFNTDirectory.truncation(path: path, faceIndex: index) {
            hb_font_destroy(hbFont)
            hb_face_destroy(hbFace)
            FT_Done_Face(face)
            throw .unusableFace(reason: "truncated or broken: \(problem)", path: path)
        }

        self.id = FaceID(path: path, index: index)
        serial = FaceSerials.shared.next()
        self.metrics = FontMetrics(unitsPerEm: upem, ascender: ascender, descender: descender, lineGap: lineGap)
        self.familyName = face.pointee.family_name.map { String(cString: $0) } ?? ""
        self.styleName = face.pointee.style_name.map { String(cString: $0) } ?? ""
        self.library = library
        self.ftFace = face
        self.hbFace = hbFace
        self.hbFont = hbFont
    }

    /// Frees `hb_font_t`, `hb_face_t`, then `FT_Face`; `library` is released after this body.
    deinit {
        hb_font_destroy(hbFont)
        hb_face_destroy(hbFace)
        FT_Done_Face(ftFace)
    }

    /// The glyph the font's cmap gives `scalar`, or nil when the font does not cover it.
    public func nominalGlyph(for scalar: Unicode.Scalar) -> UInt32? {
        var glyph: hb_codepoint_t = 0
        return hb_font_get_nominal_glyph(hbFont, scalar.value, &glyph) != 0 ? glyph : nil
    }

    /// Code points asked of ``hasGlyph(_:)`` lately, direct-mapped by their low 10 bits: `value << 1 | covered`, or
    /// `UInt32.max` for an empty slot (the cmap does not change, so an answer never goes stale), in ``caches``: the
    /// itemizer asks this of every code point of every text, for each face of the cascade until one covers it.
    /// Whether the cmap maps the scalar `value` (``nominalGlyph(for:)`` is not nil), remembered.
    @inline(__always)
    package func hasGlyph(_ value: UInt32) -> Bool {
        let table = caches.coverage
        let slot = Int(value & 1023)
        let known = table[slot]
        if known >> 1 == value && known != UInt32.max { return known & 1 == 1 }
        var glyph: hb_codepoint_t = 0
        let covered = hb_font_get_nominal_glyph(hbFont, value, &glyph) != 0
        table[slot] = value << 1 | (covered ? 1 : 0)
        return covered
    }

    /// The horizontal advance of `glyph` from `hmtx`/CFF, in font units, without kerning.
    public func nominalAdvance(ofGlyph glyph: UInt32) -> Int32 {
        hb_font_get_glyph_h_advance(hbFont, glyph)
    }

    /// Ink extents per glyph, computed once, in ``caches`` (pages of 256 glyphs made as their glyphs are met). The
    /// shaper asks this of every glyph it shapes.

    /// The ink extents of `glyph` (font units, y up): its top and bottom, or nil when it draws nothing.
    /// CFF outlines are interpreted to find them, so they are cached per glyph.
    package func inkExtents(ofGlyph glyph: UInt32) -> (top: Int32, bottom: Int32)? {
        var entry: UnsafeMutablePointer<InkEntry>?
        if glyph < 65_536 {
            let pages = caches.inkPages
            let block = Int(glyph >> 8)
            let page: UnsafeMutablePointer<InkEntry>
            if let known = pages[block] {
                page = known
            } else {
                page = .allocate(capacity: 256)
                page.initialize(repeating: InkEntry(), count: 256)
                pages[block] = page
            }
            let slot = page + Int(glyph & 0xFF)
            if slot.pointee.state == 1 { return nil }
            if slot.pointee.state == 2 { return (slot.pointee.top, slot.pointee.bottom) }
            entry = slot
        }
        var extents = hb_glyph_extents_t()
        var result: (top: Int32, bottom: Int32)?
        if hb_font_get_glyph_extents(hbFont, glyph, &extents) != 0, extents.height != 0 || extents.width != 0 {
            result = (extents.y_bearing, extents.y_bearing &+ extents.height)
        }
        entry?.pointee = result.map { InkEntry(top: $0.top, bottom: $0.bottom, state: 2) } ?? InkEntry(state: 1)
        return result
    }

    /// Glyph outlines as SVG path data, computed once per glyph. Bounded by the face's glyph count.
    private var outlineCache: [UInt32: String] = [:]

    /// The outline of `glyph` as SVG path data in font units, y up (FreeType outline decomposition, unhinted,
    /// unscaled); "" for a glyph without outline (space) or one FreeType cannot load.
    public func outlinePath(ofGlyph glyph: UInt32) -> String {
        if let cached = outlineCache[glyph] { return cached }
        var path = ""
        let flags = Int32(FT_LOAD_NO_SCALE | FT_LOAD_NO_HINTING | FT_LOAD_NO_BITMAP)
        if FT_Load_Glyph(ftFace, glyph, flags) == 0, let slot = ftFace.pointee.glyph, slot.pointee.format == FT_GLYPH_FORMAT_OUTLINE {
            let builder = PathBuilder()
            var funcs = FT_Outline_Funcs(
                move_to: { to, user in
                    guard let to, let user else { return 0 }
                    Unmanaged<PathBuilder>.fromOpaque(user).takeUnretainedValue().add("M", [to.pointee])
                    return 0
                },
                line_to: { to, user in
                    guard let to, let user else { return 0 }
                    Unmanaged<PathBuilder>.fromOpaque(user).takeUnretainedValue().add("L", [to.pointee])
                    return 0
                },
                conic_to: { control, to, user in
                    guard let control, let to, let user else { return 0 }
                    Unmanaged<PathBuilder>.fromOpaque(user).takeUnretainedValue().add("Q", [control.pointee, to.pointee])
                    return 0
                },
                cubic_to: { c1, c2, to, user in
                    guard let c1, let c2, let to, let user else { return 0 }
                    Unmanaged<PathBuilder>.fromOpaque(user).takeUnretainedValue().add("C", [c1.pointee, c2.pointee, to.pointee])
                    return 0
                },
                shift: 0,
                delta: 0
            )
            let user = Unmanaged.passUnretained(builder).toOpaque()
            withExtendedLifetime(builder) {
                _ = FT_Outline_Decompose(&slot.pointee.outline, &funcs, user)
            }
            if !builder.path.isEmpty { path = builder.path + "Z" }
        }
        outlineCache[glyph] = path
        return path
    }

    /// Sets FreeType's design coordinates (one value per `fvar` axis, in order), so outlines are drawn at the instance
    /// HarfBuzz shapes with (Apple's variable fonts, ``setVariations(_:)``); the outlines drawn so far are dropped.
    package func setOutlineCoordinates(_ values: [Double]) {
        var fixed = values.map { FT_Fixed(($0 * 65536).rounded()) }
        _ = FT_Set_Var_Design_Coordinates(ftFace, FT_UInt(fixed.count), &fixed)
        outlineCache.removeAll()
    }

    /// Lends the `hb_font_t` to shaping code in this module; it must not be stored.
    package func withHarfBuzzFont<R>(_ body: (OpaquePointer) throws -> R) rethrows -> R {
        try body(hbFont)
    }
}

/// The glyph facts a ``FontFace`` remembers, in memory of their own (freed in `deinit`): read per code point and per
/// glyph of every text, where an array would cost a uniqueness and an exclusivity check per read.
private final class GlyphCaches {
    /// ``FontFace/hasGlyph(_:)``'s 1,024 direct-mapped slots.
    let coverage: UnsafeMutablePointer<UInt32>
    /// ``FontFace/inkExtents(ofGlyph:)``'s 256 pages of 256 glyphs (nil: none of its glyphs met yet); 768 KB at most.
    let inkPages: UnsafeMutablePointer<UnsafeMutablePointer<InkEntry>?>

    init() {
        coverage = .allocate(capacity: 1024)
        coverage.initialize(repeating: .max, count: 1024)
        inkPages = .allocate(capacity: 256)
        inkPages.initialize(repeating: nil, count: 256)
    }

    deinit {
        coverage.deallocate()
        for block in 0..<256 { inkPages[block]?.deallocate() }
        inkPages.deallocate()
    }
}

/// A glyph's ink, font units above the baseline; `state` 0: not looked up, 1: no ink, 2: `top` and `bottom`.
struct InkEntry {
    var top: Int32 = 0
    var bottom: Int32 = 0
    var state: UInt8 = 0
}

/// The serial numbers of faces (``FontFace/serial``), given out in order under a lock: faces are opened on several
/// workers' threads, rarely.
private final class FaceSerials: @unchecked Sendable {
    static let shared = FaceSerials()
    private let lock = NSLock()
    private var last: UInt64 = 0

    func next() -> UInt64 {
        lock.lock()
        defer { lock.unlock() }
        last += 1
        return last
    }
}
