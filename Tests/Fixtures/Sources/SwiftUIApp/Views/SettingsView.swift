import SwiftUI

extension Font {
    /// The design system's footnote: scaled like footnote from 13 pt.
    static var appFootnote: Font { .custom("Avenir-Book", size: 13, relativeTo: .footnote) }
    static let appTitle = Font.system(size: UIFontMetrics.default.scaledValue(for: 22), weight: .bold)
}

struct SettingsRow: View {
    let title: LocalizedStringKey
    let systemImage: String
    @ScaledMetric(relativeTo: .body) private var iconSize = 29

    var body: some View {
        HStack(spacing: 12) {
            Image(systemName: systemImage)
                .frame(width: iconSize)
            Text(title)
                .font(.callout)
                .lineLimit(1)
        }
    }
}

struct SettingsView: View {
    @Environment(\.dynamicTypeSize) private var dynamicTypeSize
    let count: Int

    var body: some View {
        NavigationStack {
            VStack(alignment: .leading) {
                Text("settings.header")
                    .font(.appTitle)
                Text("settings.items \(count)")
                Text("settings.legal")
                    .font(.system(size: 11))
                    .frame(width: 200)
                    .padding(.horizontal, 10)
                if dynamicTypeSize.isAccessibilitySize {
                    VStack {
                        Text("settings.wifi")
                        Text("settings.wifi.value")
                    }
                } else {
                    HStack {
                        Text("settings.wifi")
                        Spacer()
                        Text("settings.wifi.value")
                            .foregroundStyle(.secondary)
                    }
                }
                SettingsRow(title: "settings.privacy", systemImage: "hand.raised")
                Button("settings.signOut") { }
                Text(verbatim: "v1.0")
                Text(titleKey()); Text(someTitle)
            }
            .font(.appFootnote)
            .padding()
            .dynamicTypeSize(...DynamicTypeSize.accessibility2)
            .navigationTitle("settings.title")
        }
    }

    var someTitle: String { "x" }
    func titleKey() -> LocalizedStringKey { "settings.dynamic" }
}

#Preview {
    Text("preview.only")
}

struct DetailView: View {
    var body: some View {
        Text("detail.body")
            .navigationTitle("detail.title")
            .navigationBarTitleDisplayMode(.inline)
            .accessibilityActions { accessibilityActions }
    }

    /// VoiceOver's actions: read aloud, never shown.
    private var accessibilityActions: some View {
        Button("detail.voiceOverOnly") { }
    }
}
