import LayoutSimFaces
import LayoutSimModel
import LayoutSimShaping

/// Advances of a measured text at any size: the system-font model for the SF stand-in's clusters, the fonts' own
/// advances for the rest. Also the width of the ellipsis truncation inserts.
package struct AdvanceSource {
    package let text: MeasuredText
    package let system: SystemFontModel?
    /// Weight of the SF stand-in's clusters.
    package let weight: FontWeight
    /// The advances at the sizes laid out so far (shared by the source's copies).
    package let memo: SizeMemo
    /// Whether a face of the text is one of Apple's: found once, not at each size.
    private let hasApple: Bool

    /// - Parameter memo: a memo no other source uses (``SizeMemo/reset()``); a new one by default.
    package init(text: MeasuredText, system: SystemFontModel?, weight: FontWeight, memo: SizeMemo = SizeMemo()) {
        self.text = text
        self.system = system
        self.weight = weight
        self.memo = memo
        hasApple = text.traits.contains { $0.isApple }
    }

    /// Each cluster's advance at `size` points.
    ///
    /// Clusters of the system cascade's other stand-ins (Noto Thai, CJK, the emoji stand-in, …) are calibrated to the
    /// fonts iOS uses (``StandInCalibration``) unless the text says not to.
    package func advances(size: Double) -> [Double] {
        var out: [Double] = []
        advances(size: size, into: &out)
        return out
    }

    /// ``advances(size:)`` written into `out`, whose storage is reused when it is not shared (one text at its sizes
    /// one after the other).
    package func advances(size: Double, into out: inout [Double]) {
        // The SF model and the calibration in one pass (Apple's optical sizes come before the calibration).
        // (Called through the optional, not bound to a constant: bound, the model would be retained and released at
        // each size.)
        if !hasApple, system != nil {
            system?.clusterAdvances(text, size: size, weight: weight, calibrated: text.calibratesStandIns, into: &out)
            return
        }
        out = otherAdvances(size: size, hasApple: hasApple)
    }

    /// The advances with Apple's fonts, or without the SF model.
    private func otherAdvances(size: Double, hasApple: Bool) -> [Double] {
        var out = system?.clusterAdvances(text, size: size, weight: weight) ?? text.fontAdvances(size: size)
        if hasApple { applyAppleFonts(&out, size: size) }
        guard text.calibratesStandIns else { return out }
        // Per face, once: points per unit and the room added per emoji (nil: not a calibrated stand-in).
        let calibration = text.traits.map { StandInCalibration.scaling($0, size: size, language: text.language) }
        guard calibration.contains(where: { $0 != nil }) else { return out }
        for i in 0..<text.clusterCount {
            guard let (perUnit, extra) = calibration[Int(text.faceIndex[i])] else { continue }
            let units = text.advanceUnits[i]
            out[i] = Double(units) * perUnit + (units > 0 ? extra : 0)
        }
        return out
    }

    /// How each cluster's advance changes at a line edge at `size`, points (``EdgeAdvances``), scaled as the
    /// cluster's own advance is: SF's kerning for the SF model's clusters, stand-ins calibrated. Written into `out`,
    /// whose arrays are reused (no allocation when they are not shared and already as long: one text at its sizes one
    /// after the other).
    ///
    /// A line that ends after a soft hyphen draws a hyphen there: its width is added to the soft hyphen's end change
    /// (``hyphenWidth(size:softHyphen:)``).
    ///
    /// A text whose changes are all in one face (``singleEdgeFace()``) can instead keep them in units, with that face's
    /// scale at each size (``EdgeAdvances/scale``, ``edgeScale(face:size:)``): ``SizeMemo`` does.
    package func edges(size: Double, into out: inout EdgeAdvances) {
        let units = text.edgeUnits
        let softHyphens = text.softHyphens
        out.scale = 1
        guard !units.start.isEmpty || !units.end.isEmpty || !softHyphens.isEmpty else {
            out.start.removeAll(keepingCapacity: true)
            out.end.removeAll(keepingCapacity: true)
            return
        }
        let tightening = SFKerningModel.tighteningFactor(atSize: size, weight: weight)
        points(units.start, size: size, tightening: tightening, into: &out.start)
        points(units.end, size: size, tightening: tightening, into: &out.end)
        guard !softHyphens.isEmpty else { return }
        if out.end.isEmpty { out.end.append(contentsOf: repeatElement(0, count: text.clusterCount)) }
        // Not at the end of the text: no line breaks there, so no hyphen is drawn.
        for i in softHyphens where i + 1 < text.clusterCount { out.end[i] += hyphenWidth(size: size, softHyphen: i) }
    }

    /// Width of the hyphen drawn at the end of a line that ends after the soft hyphen of cluster `i`, points: "-"
    /// (U+002D, the glyph Core Text's typesetter inserts for a hyphen) in the soft hyphen's font, or the first face of
    /// the cascade that has one; SF's measured "-" for the SF model, the font's own advance (and `trak`) for Apple's
    /// fonts, calibrated as the face's clusters are for the other stand-ins.
    package func hyphenWidth(size: Double, softHyphen i: Int) -> Double {
        let sfHyphen = system.map { $0.sfAdvances(atSize: size, weight: weight)[0x2D - 0x20] }
        let preferred = i < text.clusterCount ? Int(text.faceIndex[i]) : 0
        for face in [preferred] + Array(text.faces.indices) {
            let trait = text.traits[face]
            if !trait.isApple, trait.usesSystemModel, let sfHyphen { return sfHyphen }
            guard face < text.hyphenUnits.count, let units = text.hyphenUnits[face] else { continue }
            var points = Double(units) * edgeScale(trait, size: size)
            if let tracking = text.faces[face].apple?.tracking {
                points += tracking.units(atSize: size) * size / Double(text.faces[face].metrics.unitsPerEm)
            }
            return points
        }
        return sfHyphen ?? 0
    }

    /// Each delta (font units of its cluster's face) in points at `size`; empty for none. A face's scale is worked
    /// out where the face changes (runs of one face are long), not once per face up front in arrays. Most deltas are
    /// 0 (a kerned pair is rare): they stay the zeros the array starts with, their face not looked up.
    private func points(_ deltas: [Int32], size: Double, tightening: Double, into out: inout [Double]) {
        out.removeAll(keepingCapacity: true)
        guard !deltas.isEmpty else { return }
        out.append(contentsOf: repeatElement(0, count: deltas.count))
        var face = -1
        var scale = 0.0
        var modelled = false
        for i in deltas.indices where deltas[i] != 0 {
            let index = Int(text.faceIndex[i])
            if index != face {
                face = index
                let trait = text.traits[index]
                scale = edgeScale(trait, size: size)
                modelled = system != nil && trait.usesSystemModel
            }
            // The SF model's clusters: the kerning dropped is SF's (``SFKerningModel``), not Inter's.
            out[i] = modelled
                ? -SFKerningModel.kerning(-deltas[i], pointsPerUnit: scale, tightening: tightening)
                : Double(deltas[i]) * scale
        }
    }

    /// Points per font unit of an edge change (or a hyphen) in a face with `trait` at `size`: its clusters' own scale.
    @inline(__always)
    private func edgeScale(_ trait: FaceTraits, size: Double) -> Double {
        StandInCalibration.calibratedPointsPerUnit(
            trait, size: size, language: text.language, calibrated: text.calibratesStandIns
        )
    }

    /// Points per font unit of the edge changes of face `face` at `size` (what ``edges(size:into:)`` multiplies them by).
    package func edgeScale(face: Int, size: Double) -> Double { edgeScale(text.traits[face], size: size) }

    /// The one face every edge change of the text (``MeasuredText/edgeUnits``) is in, when its clusters are not the SF
    /// model's (whose dropped kerning is SF's, not a scaled one): nil when there are none, or several faces, or that
    /// face is the SF model's, or when a soft hyphen's hyphen is added at a line end. Its changes scale with the size
    /// alone.
    package func singleEdgeFace() -> Int? {
        guard text.softHyphens.isEmpty else { return nil }
        let units = text.edgeUnits
        // Left for later only where every change is in that one face, not the SF model's (``EdgeUnits/isPartial(_:)``).
        if units.isPartial(text.clusterCount), let deferred = text.deferredEdges { return deferred.face }
        let faceIndex = text.faceIndex
        var found = -1
        func oneFace(_ deltas: [Int32]) -> Bool {
            for i in deltas.indices where deltas[i] != 0 {
                let face = Int(faceIndex[i])
                if found >= 0 && face != found { return false }
                found = face
            }
            return true
        }
        guard oneFace(units.start), oneFace(units.end), found >= 0, system == nil || !text.traits[found].usesSystemModel else { return nil }
        return found
    }

    /// Width of U+2026 at `size` in the font of cluster `i` (or the first face of the cascade that has one, or
    /// three periods of the primary font), points. For the SF stand-in it is Inter's scaled by SF/Inter, like every
    /// character SF was not measured on.
    package func ellipsisWidth(size: Double, nearCluster i: Int) -> Double {
        let preferred = i < text.clusterCount ? Int(text.faceIndex[i]) : 0
        let order = [preferred] + Array(text.faces.indices)
        for face in order {
            guard let units = text.ellipsisUnits[face] else { continue }
            // Apple's variable faces: the ellipsis at the size's optical size.
            let optical = text.opticalSizes.first { $0.faceIndex == face }?.ellipsisUnits(opticalSize: size)
            var points = (optical ?? Double(units)) * size / Double(text.faces[face].metrics.unitsPerEm)
            if let tracking = text.faces[face].apple?.tracking {
                points += tracking.units(atSize: size) * size / Double(text.faces[face].metrics.unitsPerEm)
            }
            if text.faces[face].usesSystemModel, let system { return points * system.letterRatio(atSize: size, weight: weight) }
            return points
        }
        let period = system?.sfAdvances(atSize: size, weight: weight)[0x2E - 0x20] ?? size * 0.25
        return 3 * period
    }
}
