import AnimCore
import AnimRender

/// Issue 20's text target: a text layer of 1,000 glyphs rasterized (Pango layout and shaping, cairo drawing) in at
/// most 5 ms. Each measured raster uses a new `ContentRasterizer`, so nothing comes from its cache.
enum TextBench {
    /// 1,000 characters of words (spaces included), wrapped in a 640×400 layer at 14 points, and the same count of
    /// Chinese characters.
    static let cases: [(name: String, string: String, font: String)] = [
        ("latin", words(count: 1000), "DejaVu Sans"),
        ("chinese", String(repeating: "动画服务器在屏幕上绘制文字", count: 77).prefix(1000).description, "Noto Sans CJK SC"),
    ]

    static func words(count: Int) -> String {
        let vocabulary = ["animation", "layer", "never", "stutters", "on", "a", "kiosk", "screen", "text", "drawn"]
        var text = ""
        var index = 0
        while text.count < count {
            if !text.isEmpty { text += " " }
            text += vocabulary[index % vocabulary.count]
            index += 1
        }
        return String(text.prefix(count))
    }

    static func run(frames: Int) {
        print("| text layer | glyphs | raster | p50 | min |")
        print("|---|---|---|---|---|")
        for bench in cases {
            var layer = LayerState(layerClass: .text)
            layer.bounds = Rect(x: 0, y: 0, width: 640, height: 400)
            layer.special.modifyText {
                $0.string = AttributedText(bench.string)
                $0.font = bench.font
                $0.fontSize = 14
                $0.isWrapped = true
                $0.foregroundColor = .white
            }
            var times: [Double] = []
            var size = ""
            for frame in 0..<(frames + 2) {
                let rasterizer = ContentRasterizer()
                var content: LayerContent?
                let time = seconds { content = rasterizer.content(for: layer, scale: 1) }
                if frame >= 2 { times.append(time) }
                if let image = content?.image { size = "\(image.width)×\(image.height)" }
            }
            print(
                "| \(bench.name), \(bench.font) 14 pt, wrapped in 640×400 | \(bench.string.count) | \(size) | "
                    + "\(ms(median(times))) | \(ms(times.min() ?? .nan)) |")
        }
    }
}
