import AnimRender

/// The renderer the output uses and why, as logged and shown by `animctl status`.
public struct RendererDecision: Hashable, Sendable {
    public var kind: RendererKind
    public var reason: String

    public init(kind: RendererKind, reason: String) {
        self.kind = kind
        self.reason = reason
    }
}

/// Picks the renderer from `--renderer` and what EGL reported. Pure: the output probes EGL (by creating the
/// GLES renderer) and hands the outcome here.
public enum RendererSelection {
    /// Whether `choice` needs EGL tried before deciding.
    public static func needsGLESProbe(_ choice: RendererChoice) -> Bool { choice != .software }

    /// The decision for `choice` given the GLES renderer's info or the error creating it (`probe`, nil when
    /// EGL was not tried). A forced `gles` whose probe failed, or a probe missing where one is needed, throws.
    public static func decide(
        _ choice: RendererChoice, probe: Result<RendererInfo, RenderError>?
    ) throws(OutputStartError) -> RendererDecision {
        switch choice {
        case .software:
            return RendererDecision(kind: .software, reason: "--renderer software")
        case .gles:
            switch probe {
            case .success(let info)?:
                let note =
                    info.isSoftwareRasterizer
                    ? " (EGL reports \(rasterizerName(info.device)), a CPU rasterizer)" : ""
                return RendererDecision(kind: .gles, reason: "--renderer gles\(note)")
            case .failure(let error)?:
                throw .glesUnavailable(error)
            case nil:
                throw .glesNotProbed
            }
        case .auto:
            switch probe {
            case .success(let info)? where info.isSoftwareRasterizer:
                return RendererDecision(
                    kind: .software,
                    reason:
                        "EGL reports \(rasterizerName(info.device)), a CPU rasterizer: pixman draws a frame for a "
                        + "fraction of its cost")
            case .success(let info)?:
                return RendererDecision(kind: .gles, reason: "EGL came up on a hardware GPU (\(info.device))")
            case .failure(let error)?:
                return RendererDecision(kind: .software, reason: "EGL is unavailable: \(error)")
            case nil:
                throw .glesNotProbed
            }
        }
    }

    /// The rasterizer's short name in a GL_RENDERER string ("llvmpipe (LLVM 15.0.6, 256 bits)" → "llvmpipe"),
    /// or the whole string when it names none of the known ones.
    static func rasterizerName(_ device: String) -> String {
        let lowered = device.lowercased()
        for name in ["llvmpipe", "softpipe", "swiftshader", "swrast", "lavapipe"] where lowered.contains(name) {
            return name == "swiftshader" ? "SwiftShader" : name
        }
        return device
    }
}
