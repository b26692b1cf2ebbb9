import AnimCore

@testable import AnimRender

/// The filter scenes (docs/core-animation-rules.md#filters): every blend mode of `compositingFilter`, a layer
/// blur, colour matrices and frosted glass (`backgroundFilters`).
extension SceneCatalog {
    static var filters: [NamedScene] { [blendModes, layerBlur, colorMatrix, frostedGlass] }

    /// Six vertical bands of colour (transparent last), then one strip per blend mode: an orange half and a
    /// translucent blue half composited with the mode, in `BlendMode`'s order from the top.
    ///
    /// GLES is held to 3/255 rather than 2/255 here: color dodge divides (cb / (1 − cs)), and llvmpipe's float
    /// division and pixman's 8-bit one round one strip's green channel 3/255 apart (96 pixels, 1.1 %).
    static let blendModes = NamedScene(
        name: "filters-blend-modes", size: PixelSize(width: 96, height: 90),
        glesTolerance: PixelComparison.Tolerance(
            maxChannelDifference: 3, requiredFraction: 0.99, worstChannelDifference: 64)
    ) {
        var b = SceneBuilder()
        let bands = [
            Palette.red, Palette.green, Palette.blue, Palette.yellow, Palette.grey, Color.white.withAlpha(0.5),
        ]
        for (i, color) in bands.enumerated() { b.add(layer(Double(i) * 16, 0, 16, 90, color)) }
        for (i, mode) in BlendMode.allCases.enumerated() {
            let strip = b.add(
                layer(4, Double(i) * 6, 88, 6, Color(red: 0.95, green: 0.55, blue: 0.2)) {
                    $0.compositingFilter = mode.filterName
                })
            b.add(layer(44, 0, 44, 6, Color(red: 0.2, green: 0.45, blue: 0.95, alpha: 0.7)), to: strip)
        }
        return b.scene
    }

    /// A layer and its sublayers blurred (inputRadius 3), and a rotated, scaled-down one (inputRadius 2 × 0.8).
    static let layerBlur = NamedScene(name: "filters-blur", size: size) {
        var b = SceneBuilder()
        b.add(layer(0, 0, 96, 72, .white))
        let group = b.add(
            layer(8, 8, 40, 40, nil) {
                $0.filters = [.gaussianBlur(name: "blur", inputRadius: 3)]
            })
        b.add(layer(0, 0, 24, 24, Palette.red), to: group)
        b.add(layer(14, 14, 26, 26, Palette.blue) { $0.cornerRadius = 13 }, to: group)
        b.add(
            layer(56, 24, 30, 30, Palette.green) {
                $0.transform = Transform3D.rotation(0.35, 0, 0, 1).concatenating(.scale(0.8, 0.8, 1))
                $0.borderWidth = 3
                $0.borderColor = Palette.yellow
                $0.filters = [.gaussianBlur(name: "soft", inputRadius: 2)]
            })
        return b.scene
    }

    /// Colour bands through three colour matrices: luminance grey, inversion at 80 % alpha, and a sepia tone
    /// with a bias.
    static let colorMatrix = NamedScene(name: "filters-color-matrix", size: size) {
        var b = SceneBuilder()
        let grey: [Double] = [
            0.3, 0.59, 0.11, 0, 0,
            0.3, 0.59, 0.11, 0, 0,
            0.3, 0.59, 0.11, 0, 0,
            0, 0, 0, 1, 0,
        ]
        let invert: [Double] = [
            -1, 0, 0, 0, 1,
            0, -1, 0, 0, 1,
            0, 0, -1, 0, 1,
            0, 0, 0, 0.8, 0,
        ]
        let sepia: [Double] = [
            0.39, 0.77, 0.19, 0, 0.05,
            0.35, 0.69, 0.17, 0, 0,
            0.27, 0.53, 0.13, 0, -0.05,
            0, 0, 0, 1, 0,
        ]
        for (row, matrix) in [grey, invert, sepia].enumerated() {
            let band = b.add(
                layer(4, 4 + Double(row) * 22, 88, 20, nil) {
                    $0.filters = [.colorMatrix(name: "m", matrix)]
                })
            let colors = [Palette.red, Palette.green, Palette.blue, Palette.yellow, Color.white.withAlpha(0.5)]
            for (i, color) in colors.enumerated() {
                b.add(layer(Double(i) * 17.6, 0, 17.6, 20, color), to: band)
            }
        }
        return b.scene
    }

    /// Stripes behind two frosted panels: a rounded one (backgroundFilters blur 4, a translucent white
    /// background, a border) and one at opacity 0.5 with a blur and a desaturating matrix.
    static let frostedGlass = NamedScene(name: "filters-frosted-glass", size: size) {
        var b = SceneBuilder()
        b.add(layer(0, 0, 96, 72, .white))
        for i in 0..<12 {
            b.add(layer(Double(i) * 8, 0, 4, 72, i % 2 == 0 ? Palette.blue : Palette.red))
        }
        b.add(layer(20, 30, 56, 10, Palette.yellow))
        b.add(
            layer(10, 8, 44, 36, Color.white.withAlpha(0.25)) {
                $0.cornerRadius = 10
                $0.borderWidth = 1
                $0.borderColor = Color.white.withAlpha(0.8)
                $0.backgroundFilters = [.gaussianBlur(name: "frost", inputRadius: 4)]
            })
        b.add(
            layer(50, 40, 40, 28, nil) {
                $0.opacity = 0.5
                $0.backgroundFilters = [
                    .gaussianBlur(name: "frost", inputRadius: 2),
                    .colorMatrix(
                        name: "grey",
                        [0.3, 0.59, 0.11, 0, 0, 0.3, 0.59, 0.11, 0, 0, 0.3, 0.59, 0.11, 0, 0, 0, 0, 0, 1, 0]),
                ]
            })
        return b.scene
    }
}
