import SwiftUI

/// The example app's first screen: what `layoutsim scan Examples/App/Sources` reads.
struct OnboardingView: View {
    @State private var showsUpdate = false
    let updater: String

    var body: some View {
        VStack(spacing: 24) {
            Text("onboarding.title")
                .font(.title)
                .lineLimit(2)
            Text("onboarding.subtitle")
                .font(.subheadline)
                .lineLimit(3)
            Button {
                showsUpdate = true
            } label: {
                Text("button.continue")
                    .font(.headline)
                    .lineLimit(1)
                    .padding(.horizontal, 16)
                    .frame(width: 200)
            }
            .dynamicTypeSize(...DynamicTypeSize.accessibility3)
        }
        .padding()
        .alert("app.name", isPresented: $showsUpdate) {
            Button("button.continue") {}
        } message: {
            Text(String(format: NSLocalizedString("alert.updated", comment: ""), updater))
        }
    }
}
