import AnimCore
import AnimProtocol
import Testing

@testable import AnimServer

@Suite("Emitter cells")
struct EmitterCellTests {
    static func cell(birthRate: Double = 10, contents: UInt32? = nil, sub: [WireEmitterCell] = []) -> WireEmitterCell {
        WireEmitterCell(
            name: "spark", enabled: true, timing: W.timing(duration: 0), birthRate: birthRate, lifetime: 2,
            lifetimeRange: 0, emissionLatitude: 0, emissionLongitude: 0, emissionRange: 0.5, velocity: 30,
            velocityRange: 5, xAcceleration: 0, yAcceleration: 9.8, zAcceleration: 0, scale: 1, scaleRange: 0,
            scaleSpeed: 0, spin: 0, spinRange: 0, color: WireColor(red: 1, green: 1, blue: 1, alpha: 1), redRange: 0,
            greenRange: 0, blueRange: 0, alphaRange: 0, redSpeed: 0, greenSpeed: 0, blueSpeed: 0, alphaSpeed: 0,
            contents: contents, contentsRect: WireRect(x: 0, y: 0, width: 1, height: 1), contentsScale: 1,
            minificationFilter: "linear", magnificationFilter: "linear", minificationFilterBias: 0, emitterCells: sub)
    }

    static func setCells(_ layer: UInt32, _ cells: [WireEmitterCell]) -> WireOperation {
        .setEmitterCells(WireSetEmitterCells(layer: layer, cells: cells))
    }

    @Test func cellsAreStoredOnAnEmitterLayer() throws {
        let h = ServerHarness()
        let s = try h.connect()
        #expect(
            h.commit([W.create(1, .emitter), Self.setCells(1, [Self.cell(sub: [Self.cell(birthRate: 2)])])], from: s)
                .errorReports.isEmpty)
        try h.frame(at: 0)
        let state = try #require(h.sink.lastSnapshot?.clients.first?.layers[LayerID(1)]?.state)
        let cells = try #require(state.special.emitter?.emitterCells)
        #expect(cells.count == 1)
        #expect(cells.first?.birthRate == 10)
        #expect(cells.first?.emitterCells.first?.birthRate == 2)
    }

    @Test func badCellsAreRefused() throws {
        let h = ServerHarness()
        let s = try h.connect()
        h.commit([W.create(1, .emitter), W.create(2)], from: s)
        let plain = try #require(h.commit([Self.setCells(2, [Self.cell()])], from: s).errorReports.first)
        #expect(plain.code == WireErrorCode.unknownKeyPath.rawValue)
        #expect(plain.value == "emitterCells")
        let nan = try #require(
            h.commit([Self.setCells(1, [Self.cell(sub: [Self.cell(birthRate: .nan)])])], from: s).errorReports.first)
        #expect(nan.code == WireErrorCode.invalidValue.rawValue)
        #expect(nan.field == "Commit.operations[0].setEmitterCells.cells[0].emitterCells[0].birthRate")
        #expect(nan.value == "nan")
        let negative = try #require(
            h.commit([Self.setCells(1, [Self.cell(birthRate: -1)])], from: s).errorReports.first)
        #expect(negative.field == "Commit.operations[0].setEmitterCells.cells[0].birthRate")
        let image = try #require(h.commit([Self.setCells(1, [Self.cell(contents: 8)])], from: s).errorReports.first)
        #expect(image.code == WireErrorCode.unknownImage.rawValue)
        #expect(image.field == "Commit.operations[0].setEmitterCells.cells[0].contents")
        try h.frame(at: 0)
        #expect(
            h.sink.lastSnapshot?.clients.first?.layers[LayerID(1)]?.state.special.emitter?.emitterCells.isEmpty == true)
    }
}
