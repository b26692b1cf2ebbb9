import AnimCore
import AnimProtocol
import Foundation
import Testing

@testable import AnimServer

/// The per-client particle budget (`maxParticles`) and the frames an emitting layer keeps asking for
/// (docs/core-animation-rules.md#caemitterlayer).
@Suite("Particle budget")
struct ParticleBudgetTests {
    /// A cell of `birthRate` particles a second living 2 s (the test cell of `EmitterCellTests`).
    static func cell(birthRate: Double, sub: [WireEmitterCell] = []) -> WireEmitterCell {
        EmitterCellTests.cell(birthRate: birthRate, sub: sub)
    }

    @Test func cellsBeyondTheBudgetAreRefusedNamingTheLayerAndTheEstimate() throws {
        var configuration = ServerConfiguration()
        configuration.maxParticles = 100
        let h = ServerHarness(configuration: configuration)
        let s = try h.connect()
        // 20/s × 2 s = 40 particles on layer 1: within the budget.
        #expect(
            h.commit([W.create(1, .emitter), EmitterCellTests.setCells(1, [Self.cell(birthRate: 20)])], from: s)
                .errorReports.isEmpty)
        // 40 more on layer 2 (80 in all) fit; a third layer's 40 (120) does not.
        #expect(
            h.commit([W.create(2, .emitter), EmitterCellTests.setCells(2, [Self.cell(birthRate: 20)])], from: s)
                .errorReports.isEmpty)
        let report = try #require(
            h.commit(
                [W.create(3, .emitter), EmitterCellTests.setCells(3, [Self.cell(birthRate: 20)])], from: s,
                transaction: 9
            ).errorReports.first)
        #expect(report.code == WireErrorCode.quotaExceeded.rawValue)
        #expect(report.field == "Commit.operations[1].setEmitterCells.layer")
        #expect(report.value == "3")
        #expect(report.message.contains("maxParticles"))
        #expect(report.message.contains("40 particles"))
        #expect(report.message.contains("120"))
        #expect(report.request == 9)
        // The refused commit left nothing: layer 3 does not exist.
        #expect(h.core.statistics.layers == 2)
        // Sub-cells count per live parent: 20 parents (10/s × 2 s) each keeping 2/s × 2 s alive is 20 + 80 = 100,
        // with layer 1's 40 beyond the budget.
        let nested = try #require(
            h.commit(
                [EmitterCellTests.setCells(2, [Self.cell(birthRate: 10, sub: [Self.cell(birthRate: 2)])])], from: s
            ).errorReports.first)
        #expect(nested.code == WireErrorCode.quotaExceeded.rawValue)
        #expect(nested.message.contains("100 particles"))
    }

    @Test func raisingTheLayersBirthRateOrLifetimeIsCheckedToo() throws {
        var configuration = ServerConfiguration()
        configuration.maxParticles = 100
        let h = ServerHarness(configuration: configuration)
        let s = try h.connect()
        h.commit([W.create(1, .emitter), EmitterCellTests.setCells(1, [Self.cell(birthRate: 20)])], from: s)
        #expect(h.commit([W.set(1, "birthRate", .number(2))], from: s).errorReports.isEmpty)
        let report = try #require(h.commit([W.set(1, "lifetime", .number(1.5))], from: s).errorReports.first)
        #expect(report.code == WireErrorCode.quotaExceeded.rawValue)
        #expect(report.field == "Commit.operations[0].setProperty.layer")
        #expect(report.message.contains("120 particles"))
    }

    @Test func theBudgetIsAConfigurationKey() throws {
        let c = try ServerConfiguration(json: Data(#"{"maxParticles": 500}"#.utf8))
        #expect(c.maxParticles == 500)
        #expect(ServerConfiguration().maxParticles == 10000)
        #expect(throws: ConfigurationError.self) { try ServerConfiguration(json: Data(#"{"maxParticles": -1}"#.utf8)) }
    }

    @Test func anEmittingLayerKeepsFramesComing() throws {
        let h = ServerHarness()
        let s = try h.connect()
        h.commit([W.create(1, .emitter)], from: s)
        try h.frame(at: 0)
        #expect(h.core.nextFrameTime(after: 0.5) == nil)
        h.commit([EmitterCellTests.setCells(1, [Self.cell(birthRate: 5)])], from: s)
        try h.frame(at: 1)
        let interval = h.core.configuration.frameInterval
        #expect(h.core.nextFrameTime(after: 1.001) == 1 + interval)
        // A birth rate of 0 emits nothing, but the particles born until then (at most 2 s old) live until 3 s:
        // frames until then, none after.
        h.commit([W.set(1, "birthRate", .number(0))], from: s)
        try h.frame(at: 2)
        #expect(h.core.nextFrameTime(after: 2.5) == 2.5)
        try h.frame(at: 3.5)
        #expect(h.core.nextFrameTime(after: 3.6) == nil)
    }

    @Test func theParticlesOfAnEarlierValueCountUntilTheyDie() throws {
        var configuration = ServerConfiguration()
        configuration.maxParticles = 100
        let h = ServerHarness(configuration: configuration)
        let s = try h.connect()
        h.commit([W.create(1, .emitter), EmitterCellTests.setCells(1, [Self.cell(birthRate: 20)])], from: s)
        // Stopped at 5 s, the 40 particles of 20/s × 2 s live on; restarted at twice the rate at 5.5 s, the 30 born
        // in 3.5…5 s would live beside the new 80.
        try h.frame(at: 5)
        #expect(h.commit([W.set(1, "birthRate", .number(0))], from: s).errorReports.isEmpty)
        try h.frame(at: 5.5)
        let report = try #require(h.commit([W.set(1, "birthRate", .number(2))], from: s).errorReports.first)
        #expect(report.code == WireErrorCode.quotaExceeded.rawValue)
        #expect(report.message.contains("110 particles"))
        // They are dead by 7 s: then it fits.
        try h.frame(at: 7)
        #expect(h.commit([W.set(1, "birthRate", .number(2))], from: s).errorReports.isEmpty)
    }
}
