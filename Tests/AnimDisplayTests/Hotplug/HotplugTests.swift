import AnimRender
import Logging
import Testing

@testable import AnimDisplay

@Suite("Hotplug: the connector watch and the scan-out's reaction")
struct HotplugTests {
    @Test func theLitConnectorStaysLitWhileConnected() {
        var watch = ConnectorWatch(wanted: nil, lit: ["Virtual-1"])
        #expect(watch.probed([("HDMI-A-1", false), ("Virtual-1", true)]) == [])
        #expect(watch.lit == ["Virtual-1"])
    }

    @Test func unplugDarkensThenAnotherConnectedConnectorIsLit() {
        var watch = ConnectorWatch(wanted: nil, lit: ["Virtual-1"])
        let probe = [(name: "HDMI-A-1", connected: true), (name: "Virtual-1", connected: false)]
        #expect(watch.probed(probe) == [.darken("Virtual-1"), .light("HDMI-A-1")])
        #expect(watch.lit == ["HDMI-A-1"])
        #expect(watch.probed(probe) == [])
    }

    @Test func darkWithNoConnectorWaitsThenLightsTheFirstThatAppears() {
        var watch = ConnectorWatch(wanted: nil, lit: [])
        #expect(watch.probed([("HDMI-A-1", false), ("Virtual-1", false)]) == [])
        #expect(watch.probed([]) == [])
        #expect(watch.probed([("HDMI-A-1", false), ("Virtual-1", true)]) == [.light("Virtual-1")])
    }

    @Test func aWantedConnectorIsTheOnlyOneLit() {
        var watch = ConnectorWatch(wanted: ["HDMI-A-1"], lit: [])
        #expect(watch.probed([("Virtual-1", true), ("HDMI-A-1", false)]) == [])
        #expect(watch.probed([("Virtual-1", true), ("HDMI-A-1", true)]) == [.light("HDMI-A-1")])
    }

    @Test func udevEventsConcernOnlyChangesAndAddsOfTheCard() {
        let change = UdevMonitor.Event(action: "change", node: "/dev/dri/card0", hotplug: true)
        #expect(UdevMonitor.concerns([change], card: "/dev/dri/card0"))
        #expect(!UdevMonitor.concerns([change], card: "/dev/dri/card1"))
        let remove = UdevMonitor.Event(action: "remove", node: "/dev/dri/card0", hotplug: false)
        #expect(!UdevMonitor.concerns([remove], card: "/dev/dri/card0"))
        #expect(!UdevMonitor.concerns([], card: "/dev/dri/card0"))
    }

    @Test("With no display at start the output waits in a placeholder mode and lights the first that appears")
    func startWithoutDisplay() throws {
        let device = DRMScanoutTests.device()
        device.fakeResources.connectors[1].connected = false
        let resources = device.fakeResources
        #expect(throws: DRMError.self) {
            try DRMModeset.plan(resources, device: device.path, mode: nil, rotation: .none)
        }
        let plan = try DRMModeset.waitingPlan(
            resources, device: device.path, mode: ModeRequest(width: 6, height: 3), rotation: .none)
        #expect(plan.connector.name == "HDMI-A-1" && plan.sceneSize == PixelSize(width: 6, height: 3))
        let named = try DRMModeset.waitingPlan(
            resources, device: device.path, connectorName: "Virtual-1", mode: nil, rotation: .clockwise90)
        #expect(named.connector.name == "Virtual-1" && named.sceneSize == PixelSize(width: 720, height: 1280))

        let pacer = DRMFramePacer(
            device: device, configuration: FrameSchedulerConfiguration(refreshInterval: 1.0 / 60),
            logger: Logger(label: "test"))
        let scanout = DRMScanout(
            device: device, plans: [named], pacer: pacer, terminal: nil, connectors: ["Virtual-1"], waiting: true,
            logger: Logger(label: "test"))
        let renderer = ScanoutFakeRenderer(pixels: DRMScanoutTests.scene(PixelSize(width: 4, height: 2)))
        _ = try scanout.start(renderer: renderer)
        #expect(device.commits.isEmpty && device.dumbBuffers.isEmpty)
        #expect(!scanout.outputDescriptions[0].powered)
        #expect(try scanout.connectorsChanged() == nil)

        device.fakeResources.connectors[1].connected = true
        // The connector's own mode (4x2), turned: the scene is 2x4.
        #expect(try scanout.connectorsChanged() == PixelSize(width: 2, height: 4))
        #expect(device.commits.map(\.testOnly).last == false)
        #expect(scanout.outputDescriptions[0].powered && scanout.outputDescriptions[0].mode?.width == 4)
    }

    @Test("Unplug turns the CRTC off and stops flips; replug lights the connector again with a modeset")
    func unplugAndReplug() throws {
        let device = DRMScanoutTests.device()
        let (scanout, pacer) = try DRMScanoutTests.scanout(device, rotation: .none)
        let renderer = ScanoutFakeRenderer(pixels: DRMScanoutTests.scene(PixelSize(width: 4, height: 2)))
        _ = try scanout.start(renderer: renderer)
        #expect(try scanout.connectorsChanged() == nil)

        device.fakeResources.connectors[1].connected = false
        let before = device.commits.count
        #expect(try scanout.connectorsChanged() == nil)
        #expect(device.commits.count == before + 1)
        #expect(device.commits.last?.writes == [DRMPropertyWrite(object: 32, property: 3201, value: 0)])
        #expect(!scanout.outputDescriptions[0].powered)
        // Frames go on being composed (the loop is woken), none is flipped.
        _ = pacer.plan(wanted: 0, now: 0)
        _ = pacer.beginFrame(now: 0)
        scanout.present(renderer, damage: .full)
        #expect(device.commits.count == before + 1)
        #expect(throws: DRMError.self) { try scanout.apply(.power(true), output: "") }

        device.fakeResources.connectors[1].connected = true
        #expect(try scanout.connectorsChanged() == PixelSize(width: 4, height: 2))
        #expect(device.commits.suffix(2).map(\.testOnly) == [true, false])
        #expect(device.commits.last?.writes.contains(DRMPropertyWrite(object: 32, property: 3201, value: 1)) == true)
        #expect(scanout.outputDescriptions[0].powered)
        _ = pacer.plan(wanted: 1, now: 1)
        _ = pacer.beginFrame(now: 1)
        let lit = device.commits.count
        scanout.present(renderer, damage: .full)
        #expect(device.commits.count == lit + 1)
    }
}
