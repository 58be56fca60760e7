import LayoutSimCatalogs
import LayoutSimFitting
import LayoutSimModel

/// Screen widths of common devices (portrait, points) and the layout margins a full-width label loses.
///
/// Widths are Apple's published screen sizes in points. Margins default to UIKit's system minimum layout margins
/// for a view controller's root view: 16 pt on each side on iPhone (compact width), 20 pt on iPad (regular). An
/// element can set `margins` to override them.
public enum DevicePreset: String, CaseIterable, Sendable {
    /// iPhone SE (1st generation), 320 pt.
    case iPhoneSE = "iphone-se"
    /// iPhone SE (2nd/3rd generation), iPhone 8, 375 pt.
    case iPhoneSE3 = "iphone-se-3"
    /// iPhone 15 / 15 Pro / 16, 393 pt.
    case iPhone15 = "iphone-15"
    /// iPhone 15 Plus / 15 Pro Max, 430 pt.
    case iPhone15ProMax = "iphone-15-pro-max"
    /// iPhone 16 Pro Max, 440 pt.
    case iPhone16ProMax = "iphone-16-pro-max"
    /// iPad mini (6th generation), 744 pt.
    case iPadMini = "ipad-mini"
    /// iPad (10th generation), 820 pt.
    case iPad = "ipad"

    /// Screen width in points (portrait).
    public var screenWidth: Double {
        switch self {
        case .iPhoneSE: return 320
        case .iPhoneSE3: return 375
        case .iPhone15: return 393
        case .iPhone15ProMax: return 430
        case .iPhone16ProMax: return 440
        case .iPadMini: return 744
        case .iPad: return 820
        }
    }

    /// Default layout margin on each side, points.
    public var defaultMargin: Double { self == .iPadMini || self == .iPad ? 20 : 16 }

    /// Parses a preset name, ignoring case, spaces and hyphens (`iPhone 15`, `iphone-15`, `iPhone15`).
    public init?(parsing text: String) {
        let squeezed = text.lowercased().filter { $0.isLetter || $0.isNumber }
        guard let preset = Self.allCases.first(where: { $0.rawValue.filter { $0.isLetter || $0.isNumber } == squeezed }) else {
            return nil
        }
        self = preset
    }
}
