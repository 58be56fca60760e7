import CHarfBuzz
import LayoutSimModel

/// A variation axis of a font (`fvar`): tag and range in user units.
public struct FontAxis: Sendable, Hashable {
    public let tag: String
    public let minimum: Double
    public let defaultValue: Double
    public let maximum: Double

    public init(tag: String, minimum: Double, defaultValue: Double, maximum: Double) {
        self.tag = tag
        self.minimum = minimum
        self.defaultValue = defaultValue
        self.maximum = maximum
    }

    /// `value` clamped to the axis's range.
    public func clamped(_ value: Double) -> Double { min(max(value, minimum), maximum) }
}

/// A four-letter tag as HarfBuzz's integer.
package func harfBuzzTag(_ tag: String) -> hb_tag_t {
    var value: UInt32 = 0
    for byte in (tag + "    ").utf8.prefix(4) { value = value << 8 | UInt32(byte) }
    return value
}

/// A HarfBuzz tag as four letters.
package func tagString(_ tag: hb_tag_t) -> String {
    let bytes = [UInt8(tag >> 24 & 0xFF), UInt8(tag >> 16 & 0xFF), UInt8(tag >> 8 & 0xFF), UInt8(tag & 0xFF)]
    return String(decoding: bytes, as: UTF8.self)
}

/// Variable fonts and raw tables: what Apple's own fonts need (SF's `wght` and `opsz` axes, its `trak` table).
extension FontFace {
    /// The face's variation axes (`fvar`), in the font's order; empty for a font that does not vary.
    public var axes: [FontAxis] {
        withHarfBuzzFont { font in
            guard let face = hb_font_get_face(font) else { return [] }
            var count = hb_ot_var_get_axis_count(face)
            guard count > 0, count <= 64 else { return [] }
            var infos = [hb_ot_var_axis_info_t](repeating: hb_ot_var_axis_info_t(), count: Int(count))
            _ = hb_ot_var_get_axis_infos(face, 0, &count, &infos)
            return infos.prefix(Int(count)).map {
                FontAxis(tag: tagString($0.tag), minimum: Double($0.min_value), defaultValue: Double($0.default_value),
                         maximum: Double($0.max_value))
            }
        }
    }

    /// Sets the face's variation axes (values clamped to each axis's range; axes the font lacks are dropped) and
    /// records them in ``id``. Only the registry calls this, on a face it opened for these variations.
    package func setVariations(_ variations: [FontVariation]) {
        let known = axes
        var kept: [FontVariation] = []
        for variation in variations {
            guard let axis = known.first(where: { $0.tag == variation.tag }) else { continue }
            kept.append(FontVariation(tag: variation.tag, value: axis.clamped(variation.value)))
        }
        apply(kept)
        id = FaceID(path: id.path, index: id.index, variations: kept)
        setOutlineCoordinates(known.map { axis in kept.first { $0.tag == axis.tag }?.value ?? axis.defaultValue })
    }

    /// Runs `body` with `extra` axes set on top of the face's own variations, then restores them (the optical-size
    /// samples: the same weight at another `opsz`).
    package func withVariations<R>(_ extra: [FontVariation], _ body: () -> R) -> R {
        let known = axes
        var merged = id.variations.filter { own in !extra.contains { $0.tag == own.tag } }
        for variation in extra {
            guard let axis = known.first(where: { $0.tag == variation.tag }) else { continue }
            merged.append(FontVariation(tag: variation.tag, value: axis.clamped(variation.value)))
        }
        apply(merged)
        defer { apply(id.variations) }
        return body()
    }

    private func apply(_ variations: [FontVariation]) {
        var raw = variations.map { hb_variation_t(tag: harfBuzzTag($0.tag), value: Float($0.value)) }
        withHarfBuzzFont { font in
            raw.withUnsafeMutableBufferPointer { buffer in
                hb_font_set_variations(font, buffer.baseAddress, UInt32(buffer.count))
            }
        }
    }

    /// The bytes of table `tag`, or nil when the face has none (or it is larger than `limit` bytes).
    package func tableBytes(_ tag: String, limit: Int = 1 << 20) -> [UInt8]? {
        withHarfBuzzFont { font -> [UInt8]? in
            guard let face = hb_font_get_face(font), let blob = hb_face_reference_table(face, harfBuzzTag(tag)) else {
                return nil
            }
            defer { hb_blob_destroy(blob) }
            var length: UInt32 = 0
            guard let data = hb_blob_get_data(blob, &length), length > 0, Int(length) <= limit else { return nil }
            return data.withMemoryRebound(to: UInt8.self, capacity: Int(length)) { Array(UnsafeBufferPointer(start: $0, count: Int(length))) }
        }
    }

    /// The coordinate on axis `tag` of the named instance (`fvar`) whose style name is `style` (compared without case,
    /// spaces or hyphens: "SemiBold" is "Semibold"); nil when the font has no such instance.
    package func namedInstanceCoordinate(axis tag: String, style: String) -> Double? {
        let known = axes
        guard let axisIndex = known.firstIndex(where: { $0.tag == tag }) else { return nil }
        let wanted = AppleFontIndex.normalized(style)
        return withHarfBuzzFont { font -> Double? in
            guard let face = hb_font_get_face(font) else { return nil }
            let count = min(hb_ot_var_get_named_instance_count(face), 256)
            for instance in 0..<count {
                let nameID = hb_ot_var_named_instance_get_subfamily_name_id(face, instance)
                guard let name = AppleFontIndex.name(face, nameID), AppleFontIndex.normalized(name) == wanted else { continue }
                var coordinateCount = UInt32(known.count)
                var coordinates = [Float](repeating: 0, count: known.count)
                _ = hb_ot_var_named_instance_get_design_coords(face, instance, &coordinateCount, &coordinates)
                guard axisIndex < Int(coordinateCount) else { return nil }
                return Double(coordinates[axisIndex])
            }
            return nil
        }
    }

    /// The face's `trak` table (Apple's size-dependent tracking), parsed; nil when it has none or it is broken.
    public var tracking: TrackingTable? { tableBytes("trak").flatMap(TrackingTable.init(bytes:)) }
}
