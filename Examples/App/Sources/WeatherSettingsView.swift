import SwiftUI

/// The example app's settings: a toggle and a row with an icon, in a Form.
struct WeatherSettingsView: View {
    @AppStorage("warnsAboutSpeed") private var warns = true
    let days: Int

    var body: some View {
        NavigationStack {
            Form {
                Toggle("settings.speedLimit", isOn: $warns)
                HStack {
                    Image(systemName: "calendar")
                        .frame(width: 24)
                    Text(String(format: NSLocalizedString("forecast.days", comment: ""), days))
                        .font(.footnote)
                        .lineLimit(1)
                }
            }
            .navigationTitle("app.name")
        }
    }
}
