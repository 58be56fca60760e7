import LayoutSimModel

/// The system cascade from Apple's own fonts (`--apple-fonts`), in Core Text's order (``AppleCascade``), with the
/// bundled stand-ins behind the groups whose Apple font is missing.
extension FontCascades {
    func appleCascade(
        for font: FontChoice, weight: FontWeight, language: String?, index: AppleFontIndex
    ) throws(FontError) -> FontCascade {
        var faces: [FontFace] = []
        var standIns: [StandIn?] = []
        var roles: [AppleFaceRole?] = []
        if case .file(let path, let faceIndex) = font.face {
            faces.append(try registry.face(path: path, index: faceIndex))
            for file in font.fallbackFiles { faces.append(try registry.face(path: file.path, index: file.faceIndex)) }
            standIns = Array(repeating: nil, count: faces.count)
            roles = Array(repeating: nil, count: faces.count)
        }
        let systemWeight = font.face == .system ? weight : .regular
        let systemIndex = faces.count
        var missing: [StandIn] = []
        if let entry = AppleCascade.systemFace(in: index, weight: systemWeight) {
            faces.append(try appleFace(entry, weight: systemWeight))
            standIns.append(nil)
            roles.append(role(of: faces[faces.count - 1], isSystemFont: true))
        } else {
            faces.append(try registry.bundledFace(named: SystemCascadeFiles.interFiles[systemWeight] ?? "Inter-Regular.otf"))
            standIns.append(.sf)
            roles.append(nil)
            missing.append(.sf)
        }
        // Per group of stand-ins met: whether Apple's fonts of the group were missing (a group's later files, the CJK
        // symbols behind the CJK stand-in, follow its first).
        var lackingGroups: [StandIn: Bool] = [:]
        for (file, standIn) in SystemCascadeFiles.fallbackFiles(weight: systemWeight) {
            let lacking: Bool
            if let known = lackingGroups[standIn] {
                lacking = known
            } else {
                var seen = Set<AppleFontEntry>()
                var anyMissing = false
                for family in AppleCascade.families(for: standIn, language: language) {
                    guard let entry = AppleCascade.face(in: index, family: family, weight: systemWeight) else {
                        anyMissing = true
                        continue
                    }
                    guard seen.insert(entry).inserted else { continue }
                    faces.append(try appleFace(entry, weight: systemWeight))
                    standIns.append(nil)
                    roles.append(role(of: faces[faces.count - 1], isSystemFont: false))
                }
                // Arabic and Hebrew list an older font after iOS's own: one of them is enough; of the other scripts'
                // fonts, any.
                let oneIsEnough: Set<StandIn> = [.arabic, .hebrew, .thai, .otherScripts]
                lacking = oneIsEnough.contains(standIn) ? seen.isEmpty : anyMissing
                lackingGroups[standIn] = lacking
                if lacking { missing.append(standIn) }
            }
            // The other scripts' stand-ins stay behind Apple's fonts in every case: one per script, for the scripts
            // whose Apple font the folder lacks.
            if lacking || standIn == .otherScripts {
                faces.append(try registry.bundledFace(named: file))
                standIns.append(standIn)
                roles.append(nil)
            }
        }
        var built = FontCascade(faces: CascadeFaces(faces), systemModelIndex: systemIndex, standIns: standIns)
        built.apple = roles
        built.standInsForMissingAppleFonts = missing
        return built
    }

    /// Opens `entry` at `weight`: a variable face gets `wght` from its own named instance for the weight (SF Pro's
    /// Semibold is 590, not 600), else the CSS weight; `opsz` is set per size later.
    private func appleFace(_ entry: AppleFontEntry, weight: FontWeight) throws(FontError) -> FontFace {
        let base = try registry.face(path: entry.path, index: entry.index)
        guard entry.axisTags.contains("wght") else { return base }
        let value = base.namedInstanceCoordinate(axis: "wght", style: weight.rawValue) ?? AppleCascade.cssWeight(weight)
        return try registry.face(path: entry.path, index: entry.index, variations: [FontVariation(tag: "wght", value: value)])
    }

    /// The face's role. Its `trak` table counts only when the face also has a `STAT` table: Core Text tracks "modern
    /// fonts", detected by `STAT` (Ned Holbrook of Core Text, as HarfBuzz's `hb-ot-shape.cc` quotes him for its own
    /// gate, `apply_trak = has_tracking && STAT->has_data ()`); older fonts with a `trak` table are not tracked.
    private func role(of face: FontFace, isSystemFont: Bool) -> AppleFaceRole {
        let tracking = face.tableBytes("STAT", limit: 1 << 16) != nil ? face.tracking : nil
        return AppleFaceRole(isSystemFont: isSystemFont, tracking: tracking, opticalSize: face.axes.first { $0.tag == "opsz" })
    }
}
