import AnimCore
import AnimDisplay
import AnimRender
import Dispatch
import Foundation
import Glibc
import Logging

/// A renderer that draws nothing: it records what it was asked and reads back pixels that say which render
/// call they came from (red = the number of render calls so far, green = the list's item count).
final class FakeRenderer: Renderer {
    let info: RendererInfo
    let log: FakeRendererLog
    private var size: PixelSize
    private var renders = 0
    private var items = 0

    init(info: RendererInfo, size: PixelSize, log: FakeRendererLog) {
        self.info = info
        self.size = size
        self.log = log
    }

    func render(_ list: DrawList, damage: Damage) throws(RenderError) -> RenderStats {
        log.rendering(list.size)
        if let failure = log.failure { throw failure }
        size = list.size
        renders += 1
        items = list.items.count
        var stats = RenderStats()
        stats.pixelsRedrawn = list.size.pixelCount
        stats.tilesRastered = 2
        stats.tilesCached = 5
        return stats
    }

    func readPixels(_ rect: PixelRect) throws(RenderError) -> PixelBuffer {
        var bytes: [UInt8] = []
        for _ in 0..<rect.pixelCount { bytes += [UInt8(renders), UInt8(items), 9, 255] }
        return PixelBuffer(size: PixelSize(width: rect.width, height: rect.height), bytes: bytes)
    }
}

/// What the fake renderers were asked, shared with the test; `gate` holds the first render until opened.
final class FakeRendererLog: @unchecked Sendable {
    private let lock = NSLock()
    private var sizes: [PixelSize] = []
    private var threads: [pthread_t] = []
    private var made: [RendererKind] = []
    private var failureValue: RenderError?
    /// While closed, every render signals `entered` and waits for `open()`.
    private var gate: DispatchSemaphore?
    let entered = DispatchSemaphore(value: 0)

    var failure: RenderError? {
        get { lock.withLock { failureValue } }
        set { lock.withLock { failureValue = newValue } }
    }

    func close() { lock.withLock { gate = DispatchSemaphore(value: 0) } }

    func open() {
        let waiting = lock.withLock {
            defer { gate = nil }
            return gate
        }
        waiting?.signal()
    }

    func rendering(_ size: PixelSize) {
        lock.lock()
        sizes.append(size)
        threads.append(pthread_self())
        let gate = self.gate
        lock.unlock()
        if let gate {
            entered.signal()
            gate.wait()
        }
    }

    func madeRenderer(_ kind: RendererKind) {
        lock.lock()
        made.append(kind)
        lock.unlock()
    }

    var renderedSizes: [PixelSize] { lock.withLock { sizes } }
    /// The threads each render ran on.
    var renderThreads: [pthread_t] { lock.withLock { threads } }
    var renderersMade: [RendererKind] { lock.withLock { made } }
}

enum Fakes {
    static let llvmpipe = RendererInfo(
        kind: .gles, device: "llvmpipe (LLVM 15.0.6, 256 bits), OpenGL ES 3.2 Mesa 22.3.6", maxTextureSize: 8192,
        isSoftwareRasterizer: true)
    static let gpu = RendererInfo(
        kind: .gles, device: "AMD Radeon RX 6600, OpenGL ES 3.2 Mesa 22.3.6", maxTextureSize: 16384,
        isSoftwareRasterizer: false)
    static let software = RendererInfo(
        kind: .software, device: "pixman 0.42.2, cairo 1.16.0", maxTextureSize: Int.max, isSoftwareRasterizer: false)

    /// Fake renderers: GLES reports `gles` (or fails with `glesError`), software always comes up.
    static func factory(
        log: FakeRendererLog, gles: RendererInfo = gpu, glesError: RenderError? = nil,
        probe: (@Sendable (PixelSize, Int?) -> Result<RendererInfo, RenderError>?)? = nil
    ) -> RendererFactory {
        RendererFactory(
            gles: { (size, _) throws(RenderError) in
                if let glesError { throw glesError }
                log.madeRenderer(.gles)
                return FakeRenderer(info: gles, size: size, log: log)
            },
            software: { size in
                log.madeRenderer(.software)
                return FakeRenderer(info: software, size: size, log: log)
            }, probe: probe)
    }

    static let quiet = Logger(label: "animserver.test", factory: { _ in SwiftLogNoOpLogHandler() })

    static func output(
        size: PixelSize = PixelSize(width: 8, height: 4), renderer: RendererChoice = .auto, log: FakeRendererLog,
        gles: RendererInfo = gpu
    ) throws -> HeadlessOutput {
        try HeadlessOutput(
            configuration: OutputConfiguration(size: size, refresh: 50, renderer: renderer),
            factory: factory(log: log, gles: gles), logger: quiet)
    }
}

/// Collects what a completion or `deliverLater` hands over on another thread.
final class Collected<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [Value] = []

    func append(_ value: Value) { lock.withLock { values.append(value) } }
    func append(contentsOf more: [Value]) { lock.withLock { values += more } }
    var all: [Value] { lock.withLock { values } }
}
