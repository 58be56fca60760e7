import SwiftUI

struct AccountForm: View {
    @ScaledMetric var badgeWidth: CGFloat = 24
    @State private var showsAlert = false
    let progress: Double
    let name: String

    var body: some View {
        Form {
            Section {
                Toggle("account.sync", isOn: .constant(true))
                Label("account.storage", systemImage: "internaldrive")
            } header: {
                Text("account.header")
            } footer: {
                Text("account.footer")
                    .lineLimit(2)
            }
            ViewThatFits {
                HStack(spacing: 4) {
                    Image(systemName: "star")
                        .frame(width: 24)
                    Text("account.plan")
                        .font(.headline.weight(.semibold))
                    Image(systemName: "checkmark")
                        .frame(width: badgeWidth)
                }
                VStack {
                    Text("account.plan")
                }
            }
            Text("account.progress \(progress, specifier: "%.0f")% for \(name)")
                .dynamicTypeSize(.large)
            Button(String(localized: "account.delete", table: "Account")) { showsAlert = true }
                .alert("account.delete.title", isPresented: $showsAlert) {
                    Button("account.delete.confirm", role: .destructive) { }
                } message: {
                    Text("account.delete.message")
                }
        }
    }
}
