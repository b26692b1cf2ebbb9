import AnimRender
import Testing

@testable import AnimDisplay

@Suite("DRM modeset")
struct DRMModesetTests {
    @Test("The plan takes the connected connector, a CRTC it can use, that CRTC's primary plane and the mode")
    func plan() throws {
        let plan = try DRMModeset.plan(
            DRMFakeDevice.standard(), device: "card0", mode: nil, rotation: .clockwise90)
        #expect(plan.connector.name == "Virtual-1")
        #expect(plan.crtc.id == 32)
        #expect(plan.plane?.id == 43)
        #expect(plan.mode.mode.width == 1024)
        #expect(plan.panelSize == PixelSize(width: 1024, height: 768))
        #expect(plan.sceneSize == PixelSize(width: 768, height: 1024))
        let asked = try DRMModeset.plan(
            DRMFakeDevice.standard(), device: "card0", mode: ModeRequest(width: 800, height: 600), rotation: .none)
        #expect(asked.mode.mode.width == 800)
    }

    @Test("Refusals name what is missing")
    func refusals() {
        #expect(throws: DRMError.noConnector(device: "card0", wanted: "HDMI-A-1", available: ["Virtual-1"])) {
            try DRMModeset.plan(
                DRMFakeDevice.standard(), device: "card0", connectorName: "HDMI-A-1", mode: nil, rotation: .none)
        }
        var none = DRMFakeDevice.standard()
        none.connectors[1].connected = false
        #expect(throws: DRMError.noConnector(device: "card0", wanted: nil, available: [])) {
            try DRMModeset.plan(none, device: "card0", mode: nil, rotation: .none)
        }
        var noCRTC = DRMFakeDevice.standard()
        noCRTC.connectors[1].possibleCRTCs = 0b100
        #expect(throws: DRMError.noCRTC(connector: "Virtual-1")) {
            try DRMModeset.plan(noCRTC, device: "card0", mode: nil, rotation: .none)
        }
        let request = ModeRequest(width: 640, height: 480)
        #expect(throws: DRMError.self) {
            try DRMModeset.plan(DRMFakeDevice.standard(), device: "card0", mode: request, rotation: .none)
        }
    }

    @Test("An atomic modeset is tested before it is committed, with every property the plane needs")
    func atomic() throws {
        let device = DRMFakeDevice(resources: DRMFakeDevice.standard())
        let plan = try DRMModeset.plan(device.fakeResources, device: device.path, mode: nil, rotation: .none)
        var sizes: [Bool] = []
        let result = try DRMModeset.lightUp(device, plan: plan) { planeRotates in
            sizes.append(planeRotates)
            return 77
        }
        #expect(result.atomic && !result.planeRotates)
        #expect(sizes == [false])
        #expect(device.saved == [32])
        #expect(device.commits.map(\.testOnly) == [true, false])
        let writes = device.commits[0].writes
        #expect(writes.contains(DRMPropertyWrite(object: 12, property: 1200, value: 32)))  // connector CRTC_ID
        #expect(writes.contains(DRMPropertyWrite(object: 32, property: 3201, value: 1)))  // ACTIVE
        #expect(writes.contains(DRMPropertyWrite(object: 43, property: 4300, value: 77)))  // FB_ID
        #expect(writes.contains(DRMPropertyWrite(object: 43, property: 4304, value: 1024 << 16)))  // SRC_W
        #expect(writes.contains(DRMPropertyWrite(object: 43, property: 4309, value: 768)))  // CRTC_H
        #expect(device.blobs.count == 1)
        #expect(result.modeBlob.map { device.blobs.contains($0) } == true)
    }

    @Test("Plane rotation is tried first when offered; a refused test falls back to the renderer turning it")
    func rotationFallback() throws {
        let device = DRMFakeDevice(resources: DRMFakeDevice.standard(rotation: DRMFakeDevice.allRotations))
        // The driver refuses any turned plane (as many do for linear buffers).
        device.refuseTest = { $0.contains { $0.property == 4399 && $0.value != 1 } }
        let plan = try DRMModeset.plan(device.fakeResources, device: device.path, mode: nil, rotation: .clockwise90)
        var sizes: [Bool] = []
        let result = try DRMModeset.lightUp(device, plan: plan) { planeRotates in
            sizes.append(planeRotates)
            return planeRotates ? 1 : 2
        }
        #expect(sizes == [true, false])
        #expect(!result.planeRotates)
        #expect(device.commits.map(\.testOnly) == [true, true, false])
        // The refused test turned the plane (DRM_MODE_ROTATE_270 = bit 3) with a scene-sized source.
        #expect(device.commits[0].writes.contains(DRMPropertyWrite(object: 43, property: 4399, value: 8)))
        #expect(device.commits[0].writes.contains(DRMPropertyWrite(object: 43, property: 4304, value: 768 << 16)))
        // The real commit sets the plane straight and scans out the panel-sized buffer.
        let real = device.commits[2].writes
        #expect(real.contains(DRMPropertyWrite(object: 43, property: 4399, value: 1)))
        #expect(real.contains(DRMPropertyWrite(object: 43, property: 4300, value: 2)))
    }

    @Test("A plane that offers the rotation and is accepted turns the picture")
    func planeRotates() throws {
        let device = DRMFakeDevice(resources: DRMFakeDevice.standard(rotation: DRMFakeDevice.allRotations))
        let plan = try DRMModeset.plan(device.fakeResources, device: device.path, mode: nil, rotation: .upsideDown)
        let result = try DRMModeset.lightUp(device, plan: plan) { _ in 5 }
        #expect(result.planeRotates)
        #expect(device.commits.last?.writes.contains(DRMPropertyWrite(object: 43, property: 4399, value: 4)) == true)
    }

    @Test("A refused modeset is an error naming the connector, the mode and the errno; the blob is freed")
    func refused() throws {
        let device = DRMFakeDevice(resources: DRMFakeDevice.standard())
        device.refuseTest = { _ in true }
        let plan = try DRMModeset.plan(device.fakeResources, device: device.path, mode: nil, rotation: .none)
        #expect(throws: DRMError.modesetRefused(connector: "Virtual-1", mode: "1024x768@60.0 (preferred)", errno: 22)) {
            try DRMModeset.lightUp(device, plan: plan) { _ in 5 }
        }
        #expect(device.commits.map(\.testOnly) == [true])
        #expect(device.blobs.isEmpty)
    }

    @Test("Without atomic, legacy drmModeSetCrtc lights it and the renderer turns the picture")
    func legacy() throws {
        let device = DRMFakeDevice(resources: DRMFakeDevice.standard(rotation: DRMFakeDevice.allRotations))
        device.supportsAtomic = false
        let plan = try DRMModeset.plan(device.fakeResources, device: device.path, mode: nil, rotation: .clockwise90)
        let result = try DRMModeset.lightUp(device, plan: plan) { planeRotates in planeRotates ? 1 : 9 }
        #expect(!result.atomic && !result.planeRotates)
        #expect(device.commits.isEmpty)
        #expect(device.legacyModesets.count == 1)
        #expect(device.legacyModesets.first?.framebuffer == 9)
        #expect(device.legacyModesets.first?.connector == 12)
    }

    @Test("A plane without a needed property is refused by name")
    func missingProperty() throws {
        var resources = DRMFakeDevice.standard()
        resources.planes[2].properties["SRC_W"] = nil
        let plan = try DRMModeset.plan(resources, device: "card0", mode: nil, rotation: .none)
        #expect(throws: DRMError.missingProperty(object: "plane 43", name: "SRC_W")) {
            try DRMModeset.modesetWrites(plan, modeBlob: 1, framebuffer: 2, planeRotates: false)
        }
        #expect(
            try DRMModeset.flipWrites(plan, framebuffer: 8) == [DRMPropertyWrite(object: 43, property: 4300, value: 8)])
        #expect(try DRMModeset.powerWrites(plan, on: false) == [DRMPropertyWrite(object: 32, property: 3201, value: 0)])
    }
}
