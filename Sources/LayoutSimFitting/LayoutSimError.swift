import LayoutSimBreaking
import LayoutSimFaces
import LayoutSimICU
import LayoutSimModel
import LayoutSimShaping
import LayoutSimSystemFont

/// Why a request could not be laid out at all. Overflow is never an error: it is a ``Verdict``.
public enum LayoutSimError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A font file could not be used.
    case font(FontError)
    /// A name or value from the model layer (style, category, weight) is invalid.
    case model(ModelError)
    /// The language tag is invalid, or ICU failed.
    case segmentation(SegmentationError)
    /// The container is impossible (width ≤ 0, negative height or line limit, insets wider than the width).
    case invalidContainer(String)
    /// An option does not apply to this font or sizing.
    case invalidOption(String)
    /// The text is longer than ``FitRequest/maximumTextLength`` (its length in UTF-16 code units).
    case textTooLong(Int)

    public var description: String {
        switch self {
        case .font(let error): return error.description
        case .model(let error): return error.description
        case .segmentation(let error): return error.description
        case .invalidContainer(let message): return "invalid container: \(message)"
        case .invalidOption(let message): return message
        case .textTooLong(let length):
            return "the text is \(ReportNumber.integer(length)) characters (UTF-16 code units) long; layoutsim lays out "
                + "at most \(ReportNumber.integer(FitRequest.maximumTextLength))"
        }
    }
}
