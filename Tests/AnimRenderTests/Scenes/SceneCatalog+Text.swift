import AnimCore

@testable import AnimRender

extension SceneCatalog {
    /// Scripts Pango shapes (docs/core-animation-rules.md#text), each in a pinned Noto family (fonts-noto-core,
    /// fonts-noto-cjk, fonts-noto-color-emoji): Chinese, Japanese, Arabic (joined, right to left, so natural
    /// alignment puts it at the right), Devanagari (the conjuncts क्ष and त्र), a line mixing left-to-right and
    /// right-to-left runs, and colour emoji.
    static let textScripts = NamedScene(name: "text-scripts", size: PixelSize(width: 160, height: 134)) {
        var b = SceneBuilder()
        let lines: [(String, String, [AttributedText.Run])] = [
            ("你好，世界！动画服务器", "Noto Sans CJK SC", []),
            ("こんにちは、世界。アニメ", "Noto Sans CJK JP", []),
            ("مرحبا بالعالم", "Noto Sans Arabic", []),
            ("नमस्ते क्षत्रिय दुनिया", "Noto Sans Devanagari", []),
            ("Hello مرحبا 123 world", "Noto Sans", [.init(location: 6, length: 5, font: "Noto Sans Arabic")]),
            ("Party 🎉🙂", "Noto Sans", [.init(location: 6, length: 4, font: "Noto Color Emoji")]),
        ]
        for (index, (string, font, runs)) in lines.enumerated() {
            var line = text(2, 2 + Double(index) * 22, 156, 20, string) {
                $0.string = AttributedText(string, runs: runs)
                $0.font = font
                $0.fontSize = 13
                $0.foregroundColor = .white
            }
            line.backgroundColor = Palette.blue
            b.add(line)
        }
        return b.scene
    }

    /// An attributed string's runs: a bold red word, a larger green one underlined, tracked-out letters, and a
    /// double underline, over text in the layer's own font and colour.
    static let textAttributed = NamedScene(name: "text-attributed", size: PixelSize(width: 128, height: 48)) {
        var b = SceneBuilder()
        let string = "Bold big spaced under"
        var layer = text(2, 2, 124, 44, string) {
            $0.string = AttributedText(
                string,
                runs: [
                    .init(location: 0, length: 4, font: "DejaVuSans-Bold", foregroundColor: Palette.red),
                    .init(location: 5, length: 3, fontSize: 18, foregroundColor: Palette.green, underline: .single),
                    .init(location: 9, length: 6, kern: 2),
                    .init(location: 16, length: 5, foregroundColor: Palette.yellow, underline: .double),
                ])
            $0.font = "DejaVu Sans"
            $0.fontSize = 12
            $0.isWrapped = true
            $0.foregroundColor = .white
        }
        layer.backgroundColor = Palette.grey
        b.add(layer)
        return b.scene
    }
}
