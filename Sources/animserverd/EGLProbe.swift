import AnimDisplay
import AnimRender
import Foundation

/// `--renderer auto` asks EGL which GPU it has in a child process (this binary run with `--probe-egl`), so that
/// when the answer is a CPU rasterizer the daemon never loads the GL driver: Mesa's llvmpipe stays mapped once
/// loaded (dlclose does not unload it), about 60 MB of RSS the software renderer never uses. Only a hardware
/// GPU's answer makes the daemon create the GLES renderer itself (docs/architecture.md, "Threads").
enum EGLProbe {
    /// The hidden flag that makes animserverd answer the probe instead of serving.
    static let flag = "--probe-egl"
    /// A probe that has not answered by then counts as EGL unavailable.
    static let timeout = 10.0

    /// What the child prints: the GLES renderer's info, or why it could not be created.
    struct Answer: Codable {
        var device: String?
        var maxTextureSize: Int?
        var isSoftwareRasterizer: Bool?
        var failedCall: String?
        var code: Int?
        var detail: String?
    }

    /// The standard factory with the probe run in a child process.
    static var factory: RendererFactory {
        var factory = RendererFactory.standard
        factory.probe = { size, limit in askChild(size: size, maxTextureSize: limit) }
        return factory
    }

    /// The child's side: creates the GLES renderer, prints its info (or the error) as JSON and returns.
    static func answer(size: PixelSize, maxTextureSize: Int?) {
        var answer = Answer()
        do throws(RenderError) {
            let info = try GLESRenderer(size: size, maxTextureSize: maxTextureSize).info
            answer.device = info.device
            answer.maxTextureSize = info.maxTextureSize
            answer.isSoftwareRasterizer = info.isSoftwareRasterizer
        } catch {
            switch error {
            case .graphicsUnavailable(let call, let code, let detail):
                (answer.failedCall, answer.code, answer.detail) = (call, code, detail)
            default:
                (answer.failedCall, answer.code, answer.detail) = ("GLESRenderer", 0, error.description)
            }
        }
        if let data = try? JSONEncoder().encode(answer) {
            FileHandle.standardOutput.write(data)
        }
    }

    /// Runs this binary with `--probe-egl` and reads its answer; nil when the child could not be started (the
    /// caller then probes in process, as before).
    static func askChild(size: PixelSize, maxTextureSize: Int?) -> Result<RendererInfo, RenderError>? {
        guard let binary = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") else {
            return nil
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments =
            [flag, "--size", "\(size.width)x\(size.height)", "--log-level", "error"]
            + (maxTextureSize.map { ["--max-texture-size", "\($0)"] } ?? [])
        let output = Pipe()
        process.standardOutput = output
        process.standardInput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            return nil
        }
        // The answer is a few hundred bytes, well under a pipe's buffer: the child never blocks writing it.
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { usleep(2000) }
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
            return .failure(
                .graphicsUnavailable(
                    call: "EGL probe", code: 0, detail: "the probe process did not answer in \(Int(timeout)) s"))
        }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        guard process.terminationReason == .exit, let answer = try? JSONDecoder().decode(Answer.self, from: data)
        else {
            let ending = process.terminationReason == .uncaughtSignal ? "signal" : "status"
            return .failure(
                .graphicsUnavailable(
                    call: "EGL probe", code: Int(process.terminationStatus),
                    detail: "the probe process ended without an answer (\(ending) \(process.terminationStatus))"))
        }
        if let device = answer.device, let limit = answer.maxTextureSize, let cpu = answer.isSoftwareRasterizer {
            return .success(
                RendererInfo(kind: .gles, device: device, maxTextureSize: limit, isSoftwareRasterizer: cpu))
        }
        return .failure(
            .graphicsUnavailable(
                call: answer.failedCall ?? "EGL probe", code: answer.code ?? 0, detail: answer.detail ?? "no detail"))
    }
}
