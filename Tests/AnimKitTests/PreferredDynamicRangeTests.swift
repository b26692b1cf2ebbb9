import AnimCore
import AnimKit
import AnimProtocol
import Testing

/// `CALayer.preferredDynamicRange`, added as one row of protocol/layer-properties.json: the typed accessor reads
/// its default, sends the key path, and the names outside Core Animation's four are refused before sending.
@Suite struct PreferredDynamicRangeTests {
    @Test func theAccessorSendsTheKeyPathAndOtherNamesAreRefused() throws {
        let server = try FakeServer()
        let layer = Layer(connection: server.connection)
        #expect(layer.preferredDynamicRange == .automatic)
        layer.preferredDynamicRange = .high
        #expect(layer.preferredDynamicRange == .high)
        let refusal = AnimCoreError.notAllowed(
            field: "preferredDynamicRange", value: "hdr",
            reason: "is not one of automatic, standard, constrainedHigh, high")
        #expect(throws: AnimKitError.invalid(refusal)) {
            try layer.setValue(.string("hdr"), forKeyPath: "preferredDynamicRange")
        }
        Transaction.flush()
        #expect(
            try server.commitOperations() == [
                .createLayer(WireCreateLayer(layer: 1, layerClass: .layer)),
                .setProperty(WireSetProperty(layer: 1, keyPath: "preferredDynamicRange", value: .string("high"))),
            ])
    }
}
