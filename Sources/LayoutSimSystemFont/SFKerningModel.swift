import LayoutSimModel

/// SF's kerning, modelled on Inter's: the pairs Inter tightens, SF tightens by a factor that depends on the weight and
/// on SF's optical size (SF Text below 18.375 pt, SF Display from 28 pt, blended between); the pairs Inter loosens,
/// SF leaves alone.
///
/// Fitted by `Scripts/fit_sf_kerning.py` on SF's measured string widths (`sf-metrics-ios26.json`: six strings at every
/// whole size 8–40 pt, four weights) at the even sizes, tested on the odd ones. The blend is read off the data: in all
/// three kerned strings SF's kerning ÷ Inter's is constant to 3 decimals up to 18 pt and from 28 pt, and moves by the
/// same fractions in between (0.091 at 19 pt, 0.236 at 20, 0.527 at 22, 0.818 at 24, 0.909 at 26). "Hello UIKit"
/// measures exactly the sum of SF's advances where Inter adds +0.58 pt at 17 pt: SF does not make Inter's positive
/// pairs (the fitted factor for them is 0.03).
///
/// | | odd sizes (held out) | "AVAST Wavy To. LT" held out |
/// |---|---|---|
/// | Inter's kerning scaled linearly | worst 2.26 %, 71 % of widths within 0.5 % | worst 2.26 %, mean 0.97 % |
/// | this model | worst 0.19 %, all within 0.5 % | worst 1.43 %, mean 0.58 % |
package enum SFKerningModel {
    /// Factor on Inter's negative kerning in SF Text (small sizes), per weight.
    static func textFactor(_ weight: FontWeight) -> Double {
        switch weight {
        case .regular: return 1.0459
        case .medium: return 0.9705
        case .semibold: return 0.9021
        case .bold: return 0.8446
        }
    }

    /// Factor on Inter's negative kerning in SF Display (28 pt and up), per weight.
    static func displayFactor(_ weight: FontWeight) -> Double {
        switch weight {
        case .regular: return 1.4634
        case .medium: return 1.3351
        case .semibold: return 1.2264
        case .bold: return 1.1298
        }
    }

    /// How far SF is from its Text design (0) to its Display design (1) at `size`.
    static func displayBlend(atSize size: Double) -> Double {
        if size <= 18.375 { return 0 }
        if size <= 24 { return (size - 18.375) / (24 - 18.375) * 0.8182 }
        if size <= 28 { return 0.8182 + (size - 24) / 4 * 0.1818 }
        return 1
    }

    /// The factor SF's kerning is of Inter's negative kerning at `size` and `weight`.
    package static func tighteningFactor(atSize size: Double, weight: FontWeight) -> Double {
        let blend = displayBlend(atSize: size)
        return textFactor(weight) * (1 - blend) + displayFactor(weight) * blend
    }

    /// SF's kerning in points for Inter's kerning `units` (Inter font units, `pointsPerUnit` points each).
    @inlinable
    package static func kerning(_ units: Int32, pointsPerUnit: Double, tightening: Double) -> Double {
        units < 0 ? Double(units) * pointsPerUnit * tightening : 0
    }
}
