import AnimCore
import AnimKit
import AnimTestSupport
import Testing

/// Filters through the real SDK and daemon (docs/core-animation-rules.md#filters): a filter list set by the app,
/// one parameter animated by its key path on the server's clock, read back in the presentation.
@Suite struct FilterAnimationIntegrationTests {
    @Test func aFilterParameterAnimatesOnTheServerClock() throws {
        let daemon = try DaemonHarness()
        let client = try connectClient(daemon)
        Transaction.begin()
        let layer = AnimKit.Layer(connection: client)
        layer.bounds = Rect(x: 0, y: 0, width: 10, height: 10)
        layer.filters = [.gaussianBlur(name: "blur", inputRadius: 1)]
        layer.backgroundFilters = [.gaussianBlur(name: "frost", inputRadius: 20)]
        layer.compositingFilter = "multiplyBlendMode"
        let soften = AnimKit.BasicAnimation(keyPath: "filters.blur.inputRadius", from: .number(0), to: .number(8))
        soften.duration = 1
        soften.timingFunction = .linear
        try layer.add(soften, forKey: "soften")
        Transaction.commit()
        try client.sync()

        try moveClock(client, to: 0.25)
        let state = try layer.presentation()
        #expect(state.filters == [.gaussianBlur(name: "blur", inputRadius: 2)])
        #expect(state.backgroundFilters == [.gaussianBlur(name: "frost", inputRadius: 20)])
        #expect(state.compositingFilter == "multiplyBlendMode")
        try moveClock(client, to: 2)
        #expect(try layer.presentation().filters == [.gaussianBlur(name: "blur", inputRadius: 1)])
    }
}
