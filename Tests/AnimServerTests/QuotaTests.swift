import AnimCore
import AnimProtocol
import Testing

@testable import AnimServer

@Suite("Quotas")
struct QuotaTests {
    @Test func theLayerQuotaRefusesTheCommit() throws {
        var configuration = ServerConfiguration()
        configuration.maxLayers = 2
        let h = ServerHarness(configuration: configuration)
        let s = try h.connect()
        h.commit([W.create(1)], from: s)
        let report = try #require(h.commit([W.create(2), W.create(3)], from: s, transaction: 6).errorReports.first)
        #expect(report.code == WireErrorCode.quotaExceeded.rawValue)
        #expect(report.field == "Commit.operations[1].createLayer.layer")
        #expect(report.message.contains("maxLayers"))
        #expect(report.message.contains("3"))
        #expect(report.request == 6)
        #expect(h.core.statistics.layers == 1)
        // Destroying one first makes room within the same commit.
        #expect(h.commit([.destroyLayer(1), W.create(2), W.create(3)], from: s).errorReports.isEmpty)
        #expect(h.core.statistics.layers == 2)
    }

    @Test func theAnimationQuotaCountsOverAllLayers() throws {
        var configuration = ServerConfiguration()
        configuration.maxAnimations = 2
        let h = ServerHarness(configuration: configuration)
        let s = try h.connect()
        let fade = W.basic("opacity", from: .number(0), to: .number(1))
        h.commit(
            [W.create(1), W.create(2), W.add(fade, to: 1, id: 1, key: "a"), W.add(fade, to: 2, id: 2, key: "a")],
            from: s)
        let report = try #require(h.commit([W.add(fade, to: 2, id: 3, key: "b")], from: s).errorReports.first)
        #expect(report.code == WireErrorCode.quotaExceeded.rawValue)
        #expect(report.message.contains("maxAnimations"))
        #expect(h.core.statistics.animations == 2)
        // Replacing under the same key does not add one.
        #expect(h.commit([W.add(fade, to: 2, id: 4, key: "a")], from: s).errorReports.isEmpty)
        #expect(h.core.statistics.animations == 2)
    }

    @Test func theImageQuotaRefusesTheUpload() throws {
        var configuration = ServerConfiguration()
        configuration.maxImageBytes = 100
        let h = ServerHarness(configuration: configuration)
        let s = try h.connect()
        let fd = try ImageTests.sealedMemfd(size: 4 * 4 * 8)
        let replies = h.send(
            .imageUpload(
                ImageUpload(image: 1, width: 4, height: 8, stride: 16, format: .rgba8Premultiplied, fds: [fd])),
            from: s, fds: [fd])
        let report = try #require(replies.errorReports.first)
        #expect(report.code == WireErrorCode.quotaExceeded.rawValue)
        #expect(report.opcode == ImageUpload.opcode)
        #expect(report.message.contains("maxImageBytes"))
        #expect(h.core.statistics.images == 0)
    }
}
