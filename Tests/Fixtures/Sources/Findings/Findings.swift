import SwiftUI
import UIKit

extension Font {
    /// Scaled however it is wrapped: not a finding where it is used.
    static var brandFootnote: Font { .custom("Brand", size: 13, relativeTo: .footnote) }
    /// Fixed: a finding where it is used.
    static let brandTiny = Font.system(size: 9)
}

struct FindingsView: View {
    @ScaledMetric(relativeTo: .body) private var iconSize = 24
    @Environment(\.dynamicTypeSize) private var dynamicTypeSize

    var body: some View {
        VStack {
            Text("findings.fixed")
                .font(.system(size: 12))
            Text("findings.scaled")
                .font(.system(size: UIFontMetrics.default.scaledValue(for: 12)))
            Text("findings.alias")
                .font(.brandTiny)
            Text("findings.wrapper")
                .font(.brandFootnote)
            Text("findings.ignored")
                .font(.system(size: 10)) // layoutsim:ignore fixed-font-size
            Text("findings.tall")
                .font(.body)
                .frame(height: 22)
            HStack {
                Image(systemName: "star")
                    .frame(width: 20, height: 20)
                Text("findings.rowTitle")
                    .lineLimit(1)
                Text("findings.rowValue")
                    .lineLimit(1)
            }
            HStack {
                Image(systemName: "star")
                    .frame(width: iconSize)
                Text("findings.scaledIcon")
            }
            if dynamicTypeSize.isAccessibilitySize {
                VStack { Text("findings.switchTitle"); Text("findings.switchValue") }
            } else {
                HStack {
                    Text("findings.switchTitle").lineLimit(1)
                    Text("findings.switchValue").lineLimit(1)
                }
            }
            Text("findings.capped")
                .dynamicTypeSize(...DynamicTypeSize.xxLarge)
            Text("findings.shrinks")
                .lineLimit(1)
                .minimumScaleFactor(0.5)
        }
    }
}

final class FindingsController: UIViewController {
    private let plain = UILabel()
    private let adjusted = UILabel()

    override func viewDidLoad() {
        super.viewDidLoad()
        plain.text = NSLocalizedString("findings.uikit.plain", comment: "")
        plain.font = .preferredFont(forTextStyle: .body)
        adjusted.text = NSLocalizedString("findings.uikit.adjusted", comment: "")
        adjusted.font = .preferredFont(forTextStyle: .body)
        adjusted.adjustsFontForContentSizeCategory = true
        let title = NSAttributedString(string: "x", attributes: [.font: UIFont.systemFont(ofSize: 14)])
        let scaledTitle = NSAttributedString(string: "x", attributes: [.font: UIFontMetrics.default.scaledFont(for: .systemFont(ofSize: 14))])
        _ = (title, scaledTitle)
    }
}

struct TagsView: View {
    var body: some View {
        ScrollView(.horizontal) {
            HStack {
                Text("findings.rowTitle").lineLimit(1)
                Text("findings.rowValue").lineLimit(1)
            }
        }
    }
}

/// An asset image (an app icon's preview) may keep its size: not an icon glyph.
struct AssetRow: View {
    var body: some View {
        HStack {
            Image("appicon-preview").resizable().frame(width: 64, height: 64)
            Text("findings.assetRow")
        }
    }
}

/// A fixed font on blank lines only spaces an attributed text: not a finding.
func spacer() -> NSAttributedString {
    NSAttributedString(string: "\n\n", attributes: [.font: UIFont.systemFont(ofSize: 8)])
}
