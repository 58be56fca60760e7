import LayoutSimModel
import LayoutSimSystemFont

extension LayoutEngine {
    /// The width `request.text` asks for at each requested category: its widest paragraph set on one line at the
    /// category's size, rounded up to the pixel grid, plus the left and right insets there. This is the ideal width
    /// a row (`HStack`, a horizontal `UIStackView`) and `ViewThatFits` ask a text for. The text is shaped once,
    /// through the engine's cache; nothing is broken into lines.
    package func idealWidths(_ request: FitRequest) throws(LayoutSimError) -> [ContentSizeCategory: Double] {
        let length = request.text.utf16.count
        guard length <= FitRequest.maximumTextLength else { throw .textTooLong(length) }
        let plan = try Fitter.plan(request)
        let source = try advanceSource(request, plan: plan)
        var widths: [ContentSizeCategory: Double] = [:]
        for step in plan {
            let insets = step.insets ?? request.container.insets
            let line = Fitter.paragraphWidths(source, size: step.pointSize).max() ?? 0
            let width = Units.roundUpToPixels(line, scale: request.container.displayScale) + insets.left + insets.right
            // A fixed size has one step: its width is the same at every category.
            for category in step.category.map({ [$0] }) ?? request.categories { widths[category] = width }
        }
        return widths
    }
}

extension LayoutEngine {
    /// The width `request`'s container leaves its text at each requested category: its width there less its insets
    /// there (scaled with the text style when the label scales them), at least 0. What a group's own frame and insets
    /// leave its children.
    package static func textWidths(_ request: FitRequest) throws(LayoutSimError) -> [ContentSizeCategory: Double] {
        var widths: [ContentSizeCategory: Double] = [:]
        for step in try Fitter.plan(request) {
            // A fixed size plans one step for every category.
            for category in step.category.map({ [$0] }) ?? request.categories {
                let container = request.container.at(category)
                let insets = step.insets ?? container.insets
                widths[category] = max(0, container.width - insets.left - insets.right)
            }
        }
        return widths
    }
}

/// A layout and the text it laid out, with its advances (``LayoutEngine/layOut(_:detail:)``), for what is worked
/// out after the fit (a remedy, a budget, a drawing) without shaping again. A struct, not a tuple: a tuple of these is
/// copied through its run-time metadata.
struct LaidOutText {
    let report: FitReport
    let source: AdvanceSource
}
