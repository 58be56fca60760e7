import Foundation
import LayoutSimModel
import LayoutSimSources
import LayoutSimTestSupport
import Testing

/// The Interface Builder scanner on a storyboard written as Xcode writes it (Tests/Fixtures/Sources/Storyboard), its
/// expectations read off the fixture by hand, and on small files for the edges.
@Suite struct InterfaceBuilderTests {
    static let storyboardPath = "Sources/Storyboard/Base.lproj/Main.storyboard"
    static let file = "Storyboard/Base.lproj/Main.storyboard"

    static func scanFixture(_ config: ScanConfig = ScanConfig()) throws -> ScanResult {
        let data = try Data(contentsOf: TestSupport.fixture(storyboardPath))
        return InterfaceBuilderScanner.scan(data, file: file, config: config)
    }

    static var appLabelConfig: ScanConfig {
        var config = ScanConfig()
        config.customClasses["AppLabel"] = ScanConfig.CustomClass(styleKeyPath: "textStyleName")
        return config
    }

    static func scan(_ xml: String, file: String = "View.xib", config: ScanConfig = ScanConfig()) -> ScanResult {
        InterfaceBuilderScanner.scan(Data(xml.utf8), file: file, config: config)
    }

    /// `line:column` of a place's element.
    static func at(_ place: SourcePlace?) -> String {
        place.map { "\($0.location.line):\($0.location.column)" } ?? "none"
    }

    static func at(_ evidence: Evidence?) -> String {
        evidence.map { "\($0.location.line):\($0.location.column)" } ?? "none"
    }

    @Test func everyLabelButtonAndTextFieldWithTextIsAPlaceInTheStoryboardsTable() throws {
        let result = try Self.scanFixture(Self.appLabelConfig)
        #expect(result.places.map(\.key) == [
            "tTl-aB-1cd.text", "sYn-c2-Lbl.text", "cUs-F1-nTx.text", "lNg-Tx-t01.text", "nOt-Lb-l01.text",
            "cLs-Lb-l01.text", "bDg-Lb-l01.text", "sGn-Bt-n01.normalTitle", "cRt-Bt-n01.configuration.title",
            "eMl-Tf-d01.placeholder",
        ])
        #expect(result.places.map { Self.at($0) } == [
            "20:29", "29:29", "38:29", "44:29", "60:37", "74:37", "83:37", "91:29", "99:29", "106:29",
        ])
        #expect(result.places.allSatisfy { $0.table == "Main" && $0.location.file == Self.file })
        #expect(result.places.map(\.view) == [
            .uiLabel, .uiLabel, .uiLabel, .uiLabel, .uiLabel, .uiLabel, .uiLabel, .uiButton, .uiButton, .uiTextField,
        ])
        #expect(result.places[3].sourceText
            == "Your data stays on this device. Turn on backups to keep it when you change phones.")
        #expect(result.places[8].sourceText == "Create account")
        #expect(result.places[9].sourceText == "Email address")
        #expect(result.files == [Self.file])
    }

    @Test func everyPlacesKeyIsInTheGermanStringsAndOnlyTheConfigurationButtonsLeftoverIsNot() throws {
        let result = try Self.scanFixture()
        let strings = try String(contentsOf: TestSupport.fixture("Sources/Storyboard/de.lproj/Main.strings"), encoding: .utf8)
        let keys = strings.split(separator: "\n").compactMap { line -> String? in
            guard line.hasPrefix("\""), let end = line.range(of: "\" = ") else { return nil }
            return String(line[line.index(after: line.startIndex)..<end.lowerBound])
        }
        #expect(Set(keys).subtracting(result.places.map(\.key)) == ["cRt-Bt-n01.normalTitle"])
        #expect(Set(result.places.map(\.key)).isSubset(of: keys))
    }

    @Test func textStylesAreExactAndScale() throws {
        let result = try Self.scanFixture()
        let title = result.places[0]
        #expect(title.font?.value == .style(.largeTitle))
        #expect(title.font?.evidence.code == #"style="UICTFontTextStyleTitle0""#)
        #expect(title.font?.evidence.confidence == .exact)
        #expect(Self.at(title.font?.evidence) == "22:33")
        #expect(title.weight == nil)
        #expect(title.adjustsFontForContentSizeCategory?.value == true)
        // The regular-regular size class's own font (title1) is noted, not read.
        #expect(title.notes.contains { $0.contains("heightClass=regular-widthClass=regular") })
        #expect(result.places[3].font?.value == .style(.footnote))
        #expect(result.places[4].font?.value == .style(.body))
        #expect(result.places[8].font?.value == .style(.callout))
        #expect(Self.at(result.places[8].font?.evidence) == "103:37")
    }

    @Test func fixedSystemAndCustomFontsAreFixedSizes() throws {
        let result = try Self.scanFixture()
        let synced = result.places[1]
        #expect(synced.font?.value == .fixed(size: 15))
        #expect(synced.font?.evidence.code == #"type="system" weight="medium" pointSize="15""#)
        #expect(synced.weight?.value == .medium)
        #expect(synced.weight?.evidence.code == #"weight="medium""#)
        let custom = result.places[2]
        #expect(custom.font?.value == .fixed(size: 20))
        #expect(custom.font?.evidence.code == #"name="Avenir-Heavy" family="Avenir" pointSize="20""#)
        #expect(custom.weight == nil)
        #expect(custom.notes.contains { $0.contains("custom font Avenir-Heavy (Avenir)") })
        let signIn = result.places[7]
        #expect(signIn.font?.value == .fixed(size: 17))
        #expect(signIn.weight?.value == .bold)
        #expect(signIn.weight?.evidence.code == #"type="boldSystem""#)
        let email = result.places[9]
        #expect(email.font?.value == .fixed(size: 14))
        #expect(email.weight?.value == .regular)
    }

    @Test func linesLineBreaksAndShrinking() throws {
        let result = try Self.scanFixture(Self.appLabelConfig)
        #expect(result.places.map { $0.lines?.value } == [0, 2, 1, 0, 1, 1, 1, 1, 0, 1])
        #expect(result.places[0].lines?.evidence.code == #"numberOfLines="0""#)
        #expect(result.places[2].lines?.evidence.code == "numberOfLines not written (1)")
        #expect(result.places[8].lines?.evidence.confidence == .medium)
        #expect(result.places.map { $0.lineBreakMode?.value } == [
            .truncatingTail, .truncatingTail, .truncatingTail, .wordWrapping, .truncatingTail, .truncatingTail,
            .truncatingTail, .truncatingMiddle, nil, nil,
        ])
        // Interface Builder writes adjustsFontSizeToFit="NO" when off; on, only the factor.
        #expect(result.places.map { $0.minimumScaleFactor?.value } == [nil, nil, 0.5, nil, nil, nil, nil, nil, nil, nil])
        #expect(result.places[2].minimumScaleFactor?.evidence.code == #"minimumScaleFactor="0.5""#)
    }

    @Test func widthConstraintsAreExactAndFramesAreTheDesignCanvas() throws {
        let result = try Self.scanFixture()
        #expect(result.places.map { $0.width?.value } == [361, 240, 361, 314.33333333333331, 272, 361, 361, 361, 361, 361])
        let synced = result.places[1].width
        #expect(synced?.evidence.confidence == .exact)
        #expect(synced?.evidence.code == #"<constraint firstAttribute="width" constant="240">"#)
        #expect(Self.at(synced?.evidence) == "32:37")
        // A width constraint the container holds, naming the text field.
        let email = result.places[9].width
        #expect(email?.evidence.confidence == .exact)
        #expect(email?.evidence.code == #"<constraint firstItem="eMl-Tf-d01" firstAttribute="width" constant="361">"#)
        #expect(Self.at(email?.evidence) == "126:29")
        // A proportional width and a maximum are not fixed widths: the frame stands, as the canvas's.
        for index in [0, 2, 3] {
            #expect(result.places[index].width?.evidence.confidence == .low)
            #expect(result.places[index].width?.evidence.code.contains("retina6_12") == true)
        }
        #expect(Self.at(result.places[3].width?.evidence) == "45:33")
        #expect(result.places.map { $0.height?.value } == [nil, nil, nil, nil, nil, nil, nil, 44, nil, nil])
        #expect(Self.at(result.places[7].height?.evidence) == "94:37")
    }

    @Test func aHorizontalStackIsARowAndAVerticalOneIsNot() throws {
        let result = try Self.scanFixture()
        #expect(result.rows.count == 1)
        let row = try #require(result.rows.first)
        #expect(row.id == 0)
        #expect("\(row.location.line):\(row.location.column)" == "51:29")
        #expect(row.spacing == 8)
        #expect(row.members == [.fixed(width: 24), .place(4), .other("switch")])
        #expect(result.places.map(\.row) == [nil, nil, nil, nil, 0, nil, nil, nil, nil, nil])
    }

    @Test func aCustomClassRuntimeStyleWinsOverThePlaceholderFont() throws {
        let result = try Self.scanFixture(Self.appLabelConfig)
        let label = result.places[5]
        #expect(label.font?.value == .style(.headline))
        #expect(label.font?.evidence.code == #"customClass="AppLabel" keyPath="textStyleName" value="headline""#)
        #expect(label.font?.evidence.confidence == .high)
        #expect(Self.at(label.font?.evidence) == "80:45")
        #expect(label.weight == nil)
        #expect(label.notes.contains { $0.contains(#"type="system" pointSize="17""#) && $0.contains("placeholder") })
        #expect(label.notes.contains { $0.contains("default \"Label\"") })
        // The badge's class is not in the config: one note for the file, at its first place.
        #expect(result.notes.count == 1)
        let note = try #require(result.notes.first)
        #expect(note.kind == .unresolvedFont)
        #expect(note.message.contains("customClass BadgeLabel"))
        #expect("\(note.location.line):\(note.location.column)" == "83:37")
        #expect(result.places[6].notes.contains { $0.contains("customClass BadgeLabel may set its font at run time") })
        #expect(result.places[6].font?.value == .fixed(size: 12))
    }

    @Test func withoutAConfigEntryACustomClassWithAFixedFontIsUnresolved() throws {
        let result = try Self.scanFixture()
        #expect(result.places[5].font?.value == .fixed(size: 17))
        #expect(result.notes.map(\.kind) == [.unresolvedFont, .unresolvedFont])
        #expect(result.notes.map { "\($0.location.line):\($0.location.column)" } == ["74:37", "83:37"])
        var styled = ScanConfig()
        styled.customClasses["BadgeLabel"] = ScanConfig.CustomClass(style: .caption2, weight: .bold)
        let badge = try Self.scanFixture(styled).places[6]
        #expect(badge.font?.value == .style(.caption2))
        #expect(badge.font?.evidence.code == #"customClass="BadgeLabel""#)
        #expect(badge.weight?.value == .bold)
    }

    @Test func aRuntimeValueNamingNoStyleOrNoneIsUnresolved() {
        var config = ScanConfig()
        config.customClasses["ENALabel"] = ScanConfig.CustomClass(styleKeyPath: "ibEnaStyle", styles: ["headline": .headline])
        let result = Self.scan("""
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" targetRuntime="iOS.CocoaTouch">
                <objects>
                    <label text="A" id="aaa-aa-aaa" customClass="ENALabel">
                        <fontDescription key="fontDescription" type="system" pointSize="17"/>
                        <userDefinedRuntimeAttributes>
                            <userDefinedRuntimeAttribute type="string" keyPath="ibEnaStyle" value="title2"/>
                        </userDefinedRuntimeAttributes>
                    </label>
                    <label text="B" id="bbb-bb-bbb" customClass="ENALabel">
                        <fontDescription key="fontDescription" type="system" pointSize="17"/>
                        <userDefinedRuntimeAttributes>
                            <userDefinedRuntimeAttribute type="string" keyPath="ibEnaStyle" value="fancy"/>
                        </userDefinedRuntimeAttributes>
                    </label>
                    <label text="C" id="ccc-cc-ccc" customClass="ENALabel"><fontDescription key="fontDescription" type="system" pointSize="15"/></label>
                </objects>
            </document>
            """, config: config)
        // title2 is not in `styles`, but a style's own name.
        #expect(result.places.map { $0.font?.value } == [.style(.title2), .fixed(size: 17), .fixed(size: 15)])
        #expect(result.notes.map(\.kind) == [.unresolvedFont, .unresolvedFont])
        #expect(result.notes.map(\.location.line) == [12, 15])
        #expect(result.notes.last?.message.contains("without its runtime attribute ibEnaStyle (1 place here)") == true)
        #expect(result.places[2].notes.contains { $0.contains("without its runtime attribute ibEnaStyle") })
    }

    @Test func systemWeightsWithoutDataAreTheNearestWithANote() {
        let result = Self.scan("""
            <document targetRuntime="iOS.CocoaTouch">
                <label text="a" id="a"><fontDescription key="fontDescription" type="system" weight="light" pointSize="45"/></label>
                <label text="b" id="b"><fontDescription key="fontDescription" type="system" weight="black" pointSize="12"/></label>
                <label text="c" id="c"><fontDescription key="fontDescription" type="system" weight="semibold" pointSize="12"/></label>
                <label text="d" id="d"><fontDescription key="fontDescription" type="italicSystem" pointSize="12"/></label>
                <label text="e" id="e"><fontDescription key="fontDescription" style="UICTFontTextStyleFancy"/></label>
                <label text="f" id="f"/>
            </document>
            """)
        #expect(result.places.map { $0.weight?.value } == [.regular, .bold, .semibold, .regular, nil, nil])
        #expect(result.places.map { $0.weight?.evidence.confidence } == [.medium, .medium, .exact, .exact, nil, nil])
        #expect(result.places[0].notes.contains { $0.contains("light is checked as regular") })
        #expect(result.places[1].notes.contains { $0.contains("black is checked as bold") })
        #expect(result.places[3].notes.contains { $0.contains("italic") })
        #expect(result.places[4].font == nil)
        #expect(result.places[4].notes.contains { $0.contains("UICTFontTextStyleFancy") })
        #expect(result.places[5].font == nil)
        #expect(result.places[5].notes.contains { $0.contains("no fontDescription") })
    }

    @Test func buttonsTitlesTextFieldsBase64AndOlderShrinking() {
        let result = Self.scan("""
            <document targetRuntime="iOS.CocoaTouch">
                <button lineBreakMode="wordWrap" id="btn-01">
                    <state key="normal">
                        <string key="title">A title long enough that Xcode writes it as an element</string>
                    </state>
                </button>
                <textField placeholder="Name" text="Ada" id="tfd-01"/>
                <label id="b64-01">
                    <string key="text" base64-UTF8="YES">
                    TGluZSBvbmUKTGluZSB0d28=
                    </string>
                </label>
                <label text="Small" minimumFontSize="9" id="old-01">
                    <fontDescription key="fontDescription" type="system" pointSize="18"/>
                </label>
                <button id="sp-01"><state key="normal" title="  "/></button>
            </document>
            """)
        #expect(result.places.map(\.key) == ["btn-01.normalTitle", "tfd-01.placeholder", "tfd-01.text", "b64-01.text", "old-01.text"])
        #expect(result.places[0].sourceText == "A title long enough that Xcode writes it as an element")
        #expect(result.places[0].lines?.value == 0)
        #expect(result.places[0].notes.contains { $0.contains("no fontDescription") })
        #expect(result.places[3].sourceText == "Line one\nLine two")
        #expect(result.places[4].minimumScaleFactor?.value == 0.5)
        #expect(result.places[4].minimumScaleFactor?.evidence.code == #"minimumFontSize="9""#)
    }

    @Test func aConstraintExcludedFromTheDefaultSizeClassIsNotAWidth() {
        let result = Self.scan("""
            <document targetRuntime="iOS.CocoaTouch">
                <device id="retina4_7" orientation="portrait"/>
                <label text="Hi" id="lbl-01">
                    <rect key="frame" x="0.0" y="0.0" width="80" height="20"/>
                    <constraints>
                        <constraint firstAttribute="width" constant="44" id="wid-01"/>
                        <constraint firstAttribute="width" constant="60" priority="750" id="wid-02"/>
                    </constraints>
                    <variation key="default">
                        <mask key="constraints">
                            <exclude reference="wid-01"/>
                        </mask>
                    </variation>
                </label>
            </document>
            """)
        #expect(result.places.first?.width?.value == 60)
        #expect(result.places.first?.width?.evidence.confidence == .medium)
    }

    @Test func columnsAreUTF8BytesAtTheTagsStart() {
        // XMLParser counts characters at the tag's end; the place is at its `<`, in bytes.
        let result = Self.scan(#"<document targetRuntime="iOS.CocoaTouch"><x t="äöü"/><label text="ß" id="a"/></document>"#)
        #expect(result.places.map { Self.at($0) } == ["1:57"])
    }

    @Test func malformedXMLKeepsThePlacesCompletedBeforeTheError() {
        let result = Self.scan("""
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" targetRuntime="iOS.CocoaTouch">
                <objects>
                    <view contentMode="scaleToFill" id="iN0-l3-epB">
                        <subviews>
                            <label text="Kept" id="kPt-Lb-l01">
                                <fontDescription key="fontDescription" style="UICTFontTextStyleBody"/>
                            </label>
                            <label text="Lost" id="lSt-Lb-l01">
                                <fontDescription key="fontDescription" style="UICTFontTextStyleBody"/>
                            </labl>
                        </subviews>
                    </view>
                </objects>
            </document>
            """)
        #expect(result.places.map(\.key) == ["kPt-Lb-l01.text"])
        #expect(result.notes.count == 1)
        let note = result.notes.first
        #expect(note?.kind == .unreadable)
        #expect(note?.severity == .error)
        #expect(note?.location.line == 11)
        #expect(note?.message.contains("malformed XML") == true)
    }

    @Test func aTruncatedFileAndAFileThatIsNotXMLAreUnreadable() throws {
        let data = try Data(contentsOf: TestSupport.fixture(Self.storyboardPath))
        let cut = InterfaceBuilderScanner.scan(data.prefix(data.count / 2), file: "Cut.storyboard", config: ScanConfig())
        #expect(cut.places.count == 5)
        #expect(cut.notes.last?.kind == .unreadable)
        #expect(cut.places.allSatisfy { $0.table == "Cut" })
        let empty = Self.scan("")
        #expect(empty.places.isEmpty)
        #expect(empty.notes.map(\.kind) == [.unreadable])
    }

    @Test func nestingIsBounded() {
        let depth = InterfaceBuilderScanner.maximumDepth + 50
        let xml = #"<document targetRuntime="iOS.CocoaTouch"><label text="Before" id="a"/>"#
            + String(repeating: "<view>", count: depth) + String(repeating: "</view>", count: depth) + "</document>"
        let result = Self.scan(xml)
        #expect(result.places.map(\.key) == ["a.text"])
        #expect(result.notes.map(\.kind) == [.unreadable])
        #expect(result.notes.first?.message.contains("deeper than 256") == true)
    }

    @Test func watchMacAndPreXcode5FilesAreNotScanned() {
        let result = Self.scan("""
            <document type="com.apple.InterfaceBuilder.WatchKit.Storyboard" version="3.0" targetRuntime="watchKit">
                <label text="Carbs" id="hln-CI-MRP"/>
            </document>
            """, file: "Interface.storyboard")
        #expect(result.places.isEmpty)
        #expect(result.notes.map(\.kind) == [.unreadable])
        #expect(result.notes.first?.severity == .warning)
        let archive = Self.scan("""
            <archive type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="8.00">
                <object class="IBUILabel" id="1"><string key="IBUIText">Old</string></object>
            </archive>
            """)
        #expect(archive.places.isEmpty)
        #expect(archive.notes.first?.message.contains("<archive>") == true)
    }

    @Test func theTableIsTheFilesBaseName() {
        #expect(InterfaceBuilderScanner.table(forFile: "App/Base.lproj/Main.storyboard") == "Main")
        #expect(InterfaceBuilderScanner.table(forFile: "Views/Cell.View.xib") == "Cell.View")
        #expect(InterfaceBuilderScanner.table(forFile: "LaunchScreen") == "LaunchScreen")
    }
}
