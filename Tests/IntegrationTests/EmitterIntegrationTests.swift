import AnimKit
import AnimTestSupport
import Foundation
import Testing

/// An emitter layer made with the SDK, drawn by the real daemon with each renderer at manual-clock times
/// (docs/core-animation-rules.md#caemitterlayer).
@Suite struct EmitterIntegrationTests {
    private func pixel(_ shot: ScreenshotImage, _ x: Int, _ y: Int) -> [UInt8] {
        let i = (y * shot.width + x) * 4
        return Array(shot.pixels[i..<i + 4])
    }

    /// An emitter at (20, 60) on a 160×120 layer whose one cell births a cyan 8×8 dot each second, moving right at
    /// 40 pt/s and living `lifetime` seconds; committed and synced.
    private func dotEmitter(
        _ daemon: DaemonHarness, name: String, lifetime: Double
    ) throws -> (Connection, EmitterLayer) {
        let client = try connectClient(daemon, name: name)
        let white = try client.uploadImage(width: 8, height: 8, rgbaPremultiplied: [UInt8](repeating: 255, count: 256))
        Transaction.begin()
        let emitter = EmitterLayer(connection: client)
        emitter.frame = Rect(x: 0, y: 0, width: 160, height: 120)
        emitter.emitterPosition = Point(x: 20, y: 60)
        var cell = EmitterCell(name: "dot")
        cell.birthRate = 1
        cell.lifetime = lifetime
        cell.velocity = 40
        cell.contents = white
        cell.color = Color(red: 0, green: 1, blue: 1)
        emitter.emitterCells = [cell]
        Transaction.commit()
        try client.sync()
        return (client, emitter)
    }

    @Test(arguments: TestRenderers.all)
    func particlesAreWhereTheModelPutsThemAtEachManualTime(renderer: String) throws {
        let daemon = try DaemonHarness(renderer: renderer)
        let (client, emitter) = try dotEmitter(daemon, name: "emitter", lifetime: 10)
        // Particles are born at 0, 1 and 2 s and move right at 40 pt/s: at 2.5 s they are centred on x = 120, 80
        // and 40, each 8 pt wide.
        let cyan: [UInt8] = [0, 255, 255, 255]
        let black: [UInt8] = [0, 0, 0, 255]
        try moveClock(client, to: 2.5)
        let shot = try client.screenshot()
        for x in [40, 80, 120] {
            #expect(pixel(shot, x, 60) == cyan, "\(renderer) at x = \(x)")
            #expect(pixel(shot, x - 3, 57) == cyan, "\(renderer) at x = \(x - 3)")
        }
        #expect(pixel(shot, 100, 60) == black)
        #expect(pixel(shot, 40, 50) == black)
        // Half a second later each has moved 20 pt, and a fourth was born at 3 s.
        try moveClock(client, to: 3.0)
        let later = try client.screenshot()
        for x in [20, 60, 100, 140] { #expect(pixel(later, x, 60) == cyan, "\(renderer) at x = \(x)") }
        #expect(pixel(later, 40, 60) == black)
        withExtendedLifetime(emitter) {}
    }

    @Test(arguments: TestRenderers.all)
    func birthRateSetToZeroLetsTheLivingParticlesFinishTheirLives(renderer: String) throws {
        let daemon = try DaemonHarness(renderer: renderer)
        let (client, emitter) = try dotEmitter(daemon, name: "emitter-stop", lifetime: 3)
        // The emitter stops at 2.5 s, when the particles born at 0, 1 and 2 s live.
        try moveClock(client, to: 2.5)
        Transaction.begin()
        Transaction.disableActions = true
        emitter.birthRate = 0
        Transaction.commit()
        try client.sync()
        let cyan: [UInt8] = [0, 255, 255, 255]
        let black: [UInt8] = [0, 0, 0, 255]
        // At 3.5 s those born at 1 and 2 s are at x = 20 + 40 × age = 120 and 80; the one born at 0 s has died and
        // none was born at 3 s (it would be at x = 40).
        try moveClock(client, to: 3.5)
        let shot = try client.screenshot()
        for x in [80, 120] { #expect(pixel(shot, x, 60) == cyan, "\(renderer) at x = \(x)") }
        for x in [20, 40, 140] { #expect(pixel(shot, x, 60) == black, "\(renderer) at x = \(x)") }
        // By 5.5 s the last (born at 2 s) has lived its 3 s: nothing is left.
        try moveClock(client, to: 5.5)
        let later = try client.screenshot()
        for x in stride(from: 4, to: 160, by: 4) { #expect(pixel(later, x, 60) == black, "\(renderer) at x = \(x)") }
        withExtendedLifetime(emitter) {}
    }
}
