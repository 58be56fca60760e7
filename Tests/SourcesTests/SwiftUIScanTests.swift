import LayoutSimModel
import LayoutSimSources
import LayoutSimTestSupport
import Testing

/// The SwiftUI fixtures read into places; every expectation is read off the fixture's lines by hand.
@Suite struct SwiftUIScanTests {
    static let settings = TestSupport.fixture("Sources/SwiftUIApp/Views/SettingsView.swift").path
    static let account = TestSupport.fixture("Sources/SwiftUIApp/Views/AccountForm.swift").path

    func places(_ path: String) -> (ScanResult, [String: [SourcePlace]]) {
        let result = SourceScanner.scan(paths: [path])
        return (result, Dictionary(grouping: result.places, by: \.key))
    }

    @Test func textsTakeTheirContainersFontsUnlessTheySetTheirOwn() throws {
        let (_, byKey) = places(Self.settings)
        // Line 32: Text("settings.header").font(.appTitle); appTitle = .system(size: scaledValue(for: 22), weight: .bold)
        let header = try #require(byKey["settings.header"]?.first)
        #expect(header.location.line == 32 && header.location.column == 22)
        #expect(header.font?.value == .scaled(size: 22, relativeTo: .body))
        #expect(header.weight?.value == .bold)
        // Line 34 inherits the VStack's .font(.appFootnote) (line 57): .custom("Avenir-Book", size: 13, relativeTo: .footnote)
        let items = try #require(byKey["settings.items %lld"]?.first)
        #expect(items.font?.value == .scaled(size: 13, relativeTo: .footnote))
        #expect(items.font?.evidence.location.line == 57)
        #expect(items.keyConfidence == .exact)   // `let count: Int`: %lld, not a guess
        // .dynamicTypeSize(...DynamicTypeSize.accessibility2) on the VStack reaches every text in it.
        #expect(items.maximumCategory?.value == .accessibility2)
        #expect(items.minimumCategory == nil)
        // .padding() on the VStack: 16 pt each side.
        #expect(items.horizontalPadding?.value == 32)
    }

    @Test func aFrameInsidePaddingFixesTheWidthAndAFixedSizeIsFixed() throws {
        let (_, byKey) = places(Self.settings)
        let legal = try #require(byKey["settings.legal"]?.first)
        #expect(legal.font?.value == .fixed(size: 11))
        #expect(legal.width?.value == 200)
        #expect(legal.horizontalPadding == nil)   // the padding is outside the frame
    }

    @Test func anHStackInTheElseOfIsAccessibilitySizeIsARowShownBelowThem() throws {
        let (result, byKey) = places(Self.settings)
        let wifi = try #require(byKey["settings.wifi"])
        #expect(wifi.map(\.location.line) == [41, 46])
        #expect(wifi[0].row == nil)
        let rowID = try #require(wifi[1].row)
        let row = result.rows[rowID]
        #expect(row.location.line == 45)
        #expect(row.alternative == .belowAccessibilitySizes)
        #expect(row.members.count == 3)   // text, Spacer, text
        #expect(row.members[1] == .other("Spacer"))
    }

    @Test func aComponentsKeyTakesWhatItsBodyDoesWithIt() throws {
        let (_, byKey) = places(Self.settings)
        // SettingsRow(title: "settings.privacy") at line 52; its body: Text(title).font(.callout).lineLimit(1) (lines 18-20)
        let privacy = try #require(byKey["settings.privacy"]?.first)
        #expect(privacy.location.line == 52)
        #expect(privacy.font?.value == .style(.callout))
        #expect(privacy.lines?.value == 1)
        #expect(privacy.maximumCategory?.value == .accessibility2)   // the call site's container still applies
    }

    @Test func navigationTitlesPreviewsVerbatimAndRunTimeKeys() throws {
        let (result, byKey) = places(Self.settings)
        let title = try #require(byKey["settings.title"]?.first)
        #expect(title.view == .navigationTitle)
        #expect(title.font?.value == .style(.largeTitle) && title.font?.evidence.confidence == .low)
        #expect(byKey["preview.only"] == nil)
        #expect(byKey["v1.0"] == nil)
        #expect(result.notes.map(\.kind) == [.unresolvedKey])
        #expect(result.notes.first?.location.line == 55)
        // Places come in source order.
        #expect(result.places.map(\.location) == result.places.map(\.location).sorted())
    }

    @Test func formsAlertsAndViewThatFits() throws {
        let (result, byKey) = places(Self.account)
        let header = try #require(byKey["account.header"]?.first)
        #expect(header.view == .sectionHeader && header.font?.value == .style(.footnote))
        let footer = try #require(byKey["account.footer"]?.first)
        #expect(footer.view == .sectionFooter && footer.lines?.value == 2)
        // Inset-grouped rows: 36 pt each side assumed; a Toggle's switch takes 51 + 8 more.
        #expect(header.horizontalPadding?.value == 72)
        #expect(byKey["account.sync"]?.first?.horizontalPadding?.value == 131)   // 72 + 59
        let plan = try #require(byKey["account.plan"])
        #expect(plan.count == 2)
        #expect(plan[0].font?.value == .style(.headline) && plan[0].weight?.value == .semibold)
        let row = result.rows[try #require(plan[0].row)]
        #expect(row.alternative == .viewThatFits && row.spacing == 4)
        #expect(row.members == [.fixed(width: 24), .place(result.places.firstIndex { $0 == plan[0] } ?? -1), .scaled(width: 24, relativeTo: .body)])
        // specifier: as written; a literal % doubled; `let name: String`: %@
        let progress = try #require(result.places.first { $0.key.hasPrefix("account.progress") })
        #expect(progress.key == "account.progress %.0f%% for %@")
        #expect(progress.minimumCategory?.value == .large && progress.maximumCategory?.value == .large)
        #expect(byKey["account.delete"]?.first?.table == "Account")
        let alert = try #require(byKey["account.delete.title"]?.first)
        #expect(alert.view == .alertTitle && alert.width?.value == 238 && alert.font?.value == .style(.headline))
        #expect(byKey["account.delete.confirm"]?.first?.view == .alertButton)
        #expect(byKey["account.delete.message"]?.first?.font?.value == .style(.footnote))
    }
}

extension SwiftUIScanTests {
    @Test func inlineTitlesAreHeadlinesAndVoiceOverTextIsNotShown() throws {
        let (_, byKey) = places(Self.settings)
        let title = try #require(byKey["detail.title"]?.first)
        #expect(title.view == .inlineNavigationTitle && title.font?.value == .style(.headline) && title.lines?.value == 1)
        #expect(byKey["detail.body"] != nil)
        #expect(byKey["detail.voiceOverOnly"] == nil)
    }
}
