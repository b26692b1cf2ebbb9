import AnimRender
import Testing

@testable import AnimDisplay

@Suite("Display modes")
struct DisplayModeTests {
    static let modes = [
        DisplayMode(name: "1920x1080", width: 1920, height: 1080, refresh: 60, isPreferred: true),
        DisplayMode(name: "1920x1080", width: 1920, height: 1080, refresh: 59.94),
        DisplayMode(name: "1920x1080", width: 1920, height: 1080, refresh: 50),
        DisplayMode(name: "1280x720", width: 1280, height: 720, refresh: 60),
        DisplayMode(name: "2560x1440", width: 2560, height: 1440, refresh: 30),
    ]

    @Test("WxH@Hz and WxH parse; anything else is refused with the text")
    func parsing() throws {
        #expect(try ModeRequest(parsing: "1920x1080@60") == ModeRequest(width: 1920, height: 1080, refresh: 60))
        #expect(try ModeRequest(parsing: "1280X800@59.94") == ModeRequest(width: 1280, height: 800, refresh: 59.94))
        #expect(try ModeRequest(parsing: "800x480") == ModeRequest(width: 800, height: 480))
        for bad in [
            "", "1920", "1920x", "x1080", "1920x1080@", "1920x1080@0", "1920x1080@abc", "0x10", "1920x1080@60@1",
            "20000x10", "1920x1080@nan", "-5x5",
        ] {
            #expect(throws: DisplayModeError.badModeText(bad)) { try ModeRequest(parsing: bad) }
        }
    }

    @Test("A request picks the size exactly and the nearest rate within half a hertz")
    func pick() throws {
        #expect(try ModeRequest(width: 1920, height: 1080, refresh: 59.9).pick(from: Self.modes).refresh == 59.94)
        #expect(try ModeRequest(width: 1920, height: 1080, refresh: 50).pick(from: Self.modes).refresh == 50)
        #expect(try ModeRequest(width: 1920, height: 1080).pick(from: Self.modes).refresh == 60)
        #expect(try ModeRequest(width: 1280, height: 720).pick(from: Self.modes).width == 1280)
        let missing = ModeRequest(width: 1920, height: 1080, refresh: 75)
        #expect(throws: DisplayModeError.noSuchMode(missing, available: Self.modes)) {
            try missing.pick(from: Self.modes)
        }
        #expect(throws: DisplayModeError.noSuchMode(ModeRequest(width: 640, height: 480), available: Self.modes)) {
            try ModeRequest(width: 640, height: 480).pick(from: Self.modes)
        }
    }

    @Test("Without a request: the preferred mode, else the largest then fastest")
    func choose() throws {
        #expect(try ModeRequest.choose(nil, from: Self.modes) == Self.modes[0])
        let unpreferred = Self.modes.map {
            DisplayMode(name: $0.name, width: $0.width, height: $0.height, refresh: $0.refresh)
        }
        #expect(try ModeRequest.choose(nil, from: unpreferred).width == 2560)
        #expect(throws: DisplayModeError.noModes) { try ModeRequest.choose(nil, from: []) }
        #expect(try ModeRequest.choose(ModeRequest(width: 1280, height: 720), from: Self.modes).width == 1280)
    }

    @Test("The refresh rate comes from the pixel clock and the totals")
    func refresh() throws {
        // CEA 1080p60: 148.5 MHz over 2200 x 1125.
        #expect(DisplayMode.refresh(clockKHz: 148_500, htotal: 2200, vtotal: 1125) == 60)
        // 1080p59.94: 148.352 MHz.
        let ntsc = try #require(DisplayMode.refresh(clockKHz: 148_352, htotal: 2200, vtotal: 1125))
        #expect(abs(ntsc - 59.94) < 0.001)
        #expect(DisplayMode.refresh(clockKHz: 74_250, htotal: 2200, vtotal: 1125, interlaced: true) == 60)
        #expect(DisplayMode.refresh(clockKHz: 148_500, htotal: 0, vtotal: 1125) == nil)
    }
}
