import AnimDisplay
import AnimProtocol
import AnimRender
import Foundation
import Testing

@testable import AnimServer

/// The outputs document (`animctl output`) and OutputControl's output name with two connectors lit.
@Suite struct OutputsDocumentTests {
    static let two = [
        OutputDescription(
            name: "DP-1", device: "/dev/dri/card0", sceneSize: PixelSize(width: 1024, height: 768),
            position: OutputPosition(x: 0, y: 0),
            mode: DisplayMode(name: "1024x768", width: 1024, height: 768, refresh: 60), rotation: .none,
            modesetting: "atomic"),
        OutputDescription(
            name: "DP-2", device: "/dev/dri/card0", sceneSize: PixelSize(width: 600, height: 800),
            position: OutputPosition(x: 1024, y: 0),
            mode: DisplayMode(name: "800x600", width: 800, height: 600, refresh: 75), rotation: .clockwise90,
            planeRotates: true, powered: false, modesetting: "atomic"),
    ]

    @Test func listsEachOutputWithItsRectangleOfTheScene() throws {
        let json = ControlService.json(ControlService.entries(Self.two))
        let entries = try InspectionJSON.decode(Array<InspectionDocuments.OutputEntry>.self, from: json)
        #expect(entries.count == 2)
        #expect(entries.map(\.name) == ["DP-1", "DP-2"])
        #expect(entries.map(\.x) == [0, 1024])
        #expect(entries.map(\.y) == [0, 0])
        #expect(entries.map(\.width) == [1024, 600])
        #expect(entries.map(\.height) == [768, 800])
        #expect(entries.map(\.mode) == ["1024x768@60.0", "800x600@75.0"])
        #expect(entries.map(\.rotation) == [0, 90])
        #expect(entries.map(\.rotatedBy) == ["renderer", "plane"])
        #expect(entries.map(\.power) == ["on", "off"])
    }

    @Test func anOutputIsPickedByNameAndAnUnknownNameListsTheNames() {
        #expect(ControlService.unknownOutput("", in: Self.two) == nil)
        #expect(ControlService.unknownOutput("DP-2", in: Self.two) == nil)
        #expect(ControlService.unknownOutput("HDMI-A-1", in: Self.two) == "no such output (this server has DP-1, DP-2)")
    }
}
