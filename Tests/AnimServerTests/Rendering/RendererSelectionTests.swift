import AnimDisplay
import AnimRender
import Testing

@Suite("Renderer selection: --renderer and what EGL reports")
struct RendererSelectionTests {
    @Test func autoTakesGLESOnAHardwareGPU() throws {
        let decision = try RendererSelection.decide(.auto, probe: .success(Fakes.gpu))
        #expect(decision.kind == .gles)
        #expect(decision.reason == "EGL came up on a hardware GPU (AMD Radeon RX 6600, OpenGL ES 3.2 Mesa 22.3.6)")
    }

    @Test func autoTakesTheSoftwareRendererWhenEGLReportsACPURasterizer() throws {
        let decision = try RendererSelection.decide(.auto, probe: .success(Fakes.llvmpipe))
        #expect(decision.kind == .software)
        #expect(
            decision.reason
                == "EGL reports llvmpipe, a CPU rasterizer: pixman draws a frame for a fraction of its cost")
    }

    @Test func autoFallsBackToSoftwareWithTheEGLErrorAsTheReason() throws {
        let error = RenderError.graphicsUnavailable(call: "eglInitialize", code: 0x3001, detail: "no display")
        let decision = try RendererSelection.decide(.auto, probe: .failure(error))
        #expect(decision.kind == .software)
        #expect(decision.reason == "EGL is unavailable: \(error)")
        #expect(decision.reason.contains("eglInitialize failed (0x3001): no display"))
    }

    @Test func forcedGLESFailingIsAStartErrorNamingTheCall() {
        let error = RenderError.graphicsUnavailable(call: "eglCreateContext", code: 0x3003, detail: "bad alloc")
        #expect(throws: OutputStartError.glesUnavailable(error)) {
            try RendererSelection.decide(.gles, probe: .failure(error))
        }
        #expect("\(OutputStartError.glesUnavailable(error))".contains("eglCreateContext"))
    }

    @Test func forcedGLESIsKeptOnACPURasterizerAndSaysSo() throws {
        let decision = try RendererSelection.decide(.gles, probe: .success(Fakes.llvmpipe))
        #expect(decision.kind == .gles)
        #expect(decision.reason == "--renderer gles (EGL reports llvmpipe, a CPU rasterizer)")
    }

    @Test func forcedSoftwareNeedsNoProbe() throws {
        #expect(!RendererSelection.needsGLESProbe(.software))
        #expect(RendererSelection.needsGLESProbe(.auto) && RendererSelection.needsGLESProbe(.gles))
        #expect(try RendererSelection.decide(.software, probe: nil).kind == .software)
        #expect(throws: OutputStartError.glesNotProbed) { try RendererSelection.decide(.auto, probe: nil) }
    }

    @Test func otherSoftwareRasterizersAreNamed() throws {
        var info = Fakes.llvmpipe
        info.device = "Google SwiftShader"
        #expect(try RendererSelection.decide(.auto, probe: .success(info)).reason.hasPrefix("EGL reports SwiftShader,"))
        info.device = "softpipe"
        #expect(try RendererSelection.decide(.auto, probe: .success(info)).reason.hasPrefix("EGL reports softpipe,"))
    }

    @Test func outputSizesParseAndBadOnesAreRefused() {
        #expect(PixelSize(parsing: "1280x720") == PixelSize(width: 1280, height: 720))
        #expect(PixelSize(parsing: "160X120") == PixelSize(width: 160, height: 120))
        for bad in ["", "1280", "1280x", "x720", "0x10", "10x0", "-5x10", "16385x10", "axb", "10x10x10", " 10x10"] {
            #expect(PixelSize(parsing: bad) == nil, "\(bad)")
        }
    }
}
