@testable import AnimCore
import Testing

@testable import AnimRender

/// One scene of the suite: a name (the golden's file name), the output size and the layers.
struct NamedScene: CustomTestStringConvertible, Sendable {
    let name: String
    let size: PixelSize
    /// Forces the GLES renderer's texture limit lower (tiles).
    var maxTextureSize: Int? = nil
    /// GLES against software and the golden, when wider than `RenderTolerance.gles` (the scene says why).
    var glesTolerance: PixelComparison.Tolerance? = nil
    let build: @Sendable () -> StaticScene

    var testDescription: String { name }
}

/// Every visual property of issue 4, each in a small scene both renderers draw.
enum SceneCatalog {
    static let size = PixelSize(width: 96, height: 72)

    static var all: [NamedScene] {
        [
            backgroundsAndCorners, borders, transforms2D, perspective3D, transformLayer3D, zOrder, hiddenAndDoubleSided,
            groupOpacity, masksToBounds, maskLayer, shadows, contentsGravity, contentsRectScaleFilters, nineSlice,
            oversize, shapeLayers, gradientLayers, textLayers, textScripts, textAttributed,
        ] + transitions + filters
    }

    static let backgroundsAndCorners = NamedScene(name: "backgrounds-corners", size: size) {
        var b = SceneBuilder()
        b.add(layer(4, 4, 40, 28, Palette.red))
        b.add(layer(50, 4, 40, 28, Palette.green) { $0.cornerRadius = 10 })
        b.add(
            layer(4, 38, 40, 28, Palette.blue) {
                $0.cornerRadius = 12
                $0.maskedCorners = 9
            })
        b.add(layer(50.5, 38.25, 39.5, 27.5, Palette.yellow.withAlpha(0.6)) { $0.cornerRadius = 40 })
        return b.scene
    }

    static let borders = NamedScene(name: "borders", size: size) {
        var b = SceneBuilder()
        b.add(
            layer(4, 4, 40, 28, nil) {
                $0.borderWidth = 3
                $0.borderColor = Palette.yellow
            })
        b.add(
            layer(50, 4, 40, 28, Palette.blue) {
                $0.borderWidth = 4
                $0.cornerRadius = 9
                $0.borderColor = .white
            })
        let parent = b.add(
            layer(8, 38, 80, 30, Palette.grey) {
                $0.borderWidth = 5
                $0.borderColor = Palette.red.withAlpha(0.7)
            })
        b.add(layer(-6, 6, 30, 18, Palette.green), to: parent)  // the border draws over sublayers
        return b.scene
    }

    static let transforms2D = NamedScene(name: "transforms-2d", size: size) {
        var b = SceneBuilder()
        b.add(layer(12, 12, 28, 20, Palette.red) { $0.transform = .rotation(.pi / 6, 0, 0, 1) })
        b.add(
            layer(56, 8, 24, 24, Palette.green) {
                $0.anchorPoint = Point(x: 0, y: 0)
                $0.position = Point(x: 56, y: 8)
                $0.transform = Transform3D.scale(1.5, 0.75, 1).concatenating(.rotation(-.pi / 8, 0, 0, 1))
            })
        let parent = b.add(layer(20, 40, 56, 28, Palette.grey) { $0.sublayerTransform = .rotation(.pi / 12, 0, 0, 1) })
        b.add(layer(6, 6, 20, 14, Palette.blue) { $0.cornerRadius = 4 }, to: parent)
        return b.scene
    }

    static let perspective3D = NamedScene(name: "perspective-3d", size: size) {
        var b = SceneBuilder()
        let stage = b.add(
            layer(0, 0, 96, 72, Palette.grey.withAlpha(0.3)) {
                var p = Transform3D.identity
                p.m34 = -1.0 / 120
                $0.sublayerTransform = p
            })
        b.add(layer(10, 14, 34, 44, Palette.red) { $0.transform = .rotation(.pi / 4, 0, 1, 0) }, to: stage)
        b.add(
            layer(54, 14, 34, 44, Palette.blue) {
                var t = Transform3D.rotation(-.pi / 5, 1, 0, 0)
                t.m34 = -1.0 / 200
                $0.transform = t
                $0.cornerRadius = 6
            }, to: stage)
        return b.scene
    }

    static let transformLayer3D = NamedScene(name: "transform-layer-3d", size: size) {
        var b = SceneBuilder()
        let stage = b.add(
            layer(0, 0, 96, 72, nil) {
                var p = Transform3D.identity
                p.m34 = -1.0 / 150
                $0.sublayerTransform = p
            })
        let group = b.add(
            layer(28, 16, 40, 40, nil, class: .transformLayer) {
                $0.transform = .rotation(.pi / 5, 0, 1, 0)
            }, to: stage)
        // Back to front in the array, but depth decides inside a transform layer: the near (z = 20) face
        // covers the far one even though it comes first.
        b.add(layer(0, 0, 40, 40, Palette.green) { $0.zPosition = 20 }, to: group)
        b.add(layer(0, 0, 40, 40, Palette.red) { $0.zPosition = -20 }, to: group)
        return b.scene
    }

    static let zOrder = NamedScene(name: "z-order", size: size) {
        var b = SceneBuilder()
        let a = b.add(layer(8, 8, 44, 44, Palette.red) { $0.zPosition = 5 })
        b.add(layer(30, 20, 44, 44, Palette.blue) { $0.zPosition = 10 })
        // A descendant never renders above a sibling of its parent that sorts later, whatever its zPosition.
        b.add(layer(30, 30, 30, 30, Palette.yellow) { $0.zPosition = 100 }, to: a)
        b.add(layer(60, 4, 30, 30, Palette.green) { $0.zPosition = 1 })
        b.add(layer(70, 14, 20, 40, Palette.grey) { $0.zPosition = 1 })  // equal z: array order
        return b.scene
    }

    static let hiddenAndDoubleSided = NamedScene(name: "hidden-double-sided", size: size) {
        var b = SceneBuilder()
        let hidden = b.add(layer(4, 4, 30, 30, Palette.red) { $0.hidden = true })
        b.add(layer(2, 2, 10, 10, Palette.green), to: hidden)
        b.add(layer(36, 4, 24, 60, Palette.blue) { $0.transform = .rotation(.pi * 0.8, 0, 1, 0) })
        b.add(
            layer(66, 4, 24, 60, Palette.yellow) {
                $0.transform = .rotation(.pi * 0.8, 0, 1, 0)
                $0.doubleSided = false
            })
        return b.scene
    }

    static let groupOpacity = NamedScene(name: "group-opacity", size: size) {
        var b = SceneBuilder()
        let grouped = b.add(layer(4, 8, 42, 56, Palette.red) { $0.opacity = 0.5 })
        b.add(layer(16, 16, 40, 30, Palette.blue), to: grouped)
        let each = b.add(
            layer(50, 8, 42, 56, Palette.red) {
                $0.opacity = 0.5
                $0.allowsGroupOpacity = false
            })
        b.add(layer(16, 16, 40, 30, Palette.blue), to: each)
        return b.scene
    }

    static let masksToBounds = NamedScene(name: "masks-to-bounds", size: size) {
        var b = SceneBuilder()
        let square = b.add(layer(4, 4, 40, 40, Palette.grey) { $0.masksToBounds = true })
        b.add(layer(20, 20, 40, 40, Palette.red), to: square)
        let round = b.add(
            layer(50, 4, 40, 40, Palette.grey) {
                $0.masksToBounds = true
                $0.cornerRadius = 14
                $0.transform = .rotation(.pi / 9, 0, 0, 1)
            })
        b.add(layer(-10, 10, 70, 20, Palette.blue), to: round)
        b.add(layer(4.5, 48.5, 30, 20, nil) { $0.masksToBounds = true })
        return b.scene
    }

    static let maskLayer = NamedScene(name: "mask-layer", size: size) {
        var b = SceneBuilder()
        let masked = b.add(
            layer(8, 8, 80, 56, Palette.blue) {
                $0.borderWidth = 2
                $0.borderColor = .white
            })
        b.add(layer(10, 10, 30, 30, Palette.red), to: masked)
        let mask = b.addMask(layer(0, 0, 80, 56, nil), of: masked)
        // Seed 004: the mask's sublayers' opacity is the masked layer's alpha.
        b.add(layer(0, 0, 40, 56, .white) { $0.opacity = 1 }, to: mask)
        b.add(layer(40, 0, 40, 28, .white) { $0.opacity = 0.5 }, to: mask)
        b.add(
            layer(44, 32, 30, 20, .white) {
                $0.opacity = 0.25
                $0.cornerRadius = 8
            }, to: mask)
        return b.scene
    }

    static let shadows = NamedScene(name: "shadows", size: size) {
        var b = SceneBuilder()
        b.add(layer(0, 0, 96, 72, .white))
        b.add(
            layer(10, 10, 30, 24, Palette.blue) {
                $0.cornerRadius = 6
                $0.shadowOpacity = 0.8
                $0.shadowRadius = 4
                $0.shadowOffset = Size(width: 3, height: 4)
            })
        b.add(
            layer(56, 10, 30, 24, nil) {
                $0.shadowOpacity = 1
                $0.shadowColor = Palette.red
                $0.shadowRadius = 2
                $0.shadowOffset = Size(width: 0, height: 0)
                $0.shadowPath = .ellipse(in: Rect(x: 0, y: 0, width: 30, height: 24))
            })
        let parent = b.add(
            layer(20, 44, 50, 20, nil) {
                $0.shadowOpacity = 0.6
                $0.shadowRadius = 3
                $0.shadowOffset = Size(width: 0, height: -3)
            })
        b.add(layer(0, 0, 20, 20, Palette.green), to: parent)  // a shadow from the sublayers' alpha
        b.add(layer(30, 0, 20, 20, Palette.yellow) { $0.cornerRadius = 10 }, to: parent)
        return b.scene
    }

    static let gravities = [
        "center", "top", "bottom", "left", "right", "topLeft", "topRight", "bottomLeft", "bottomRight", "resize",
        "resizeAspect", "resizeAspectFill",
    ]

    static let contentsGravity = NamedScene(name: "contents-gravity", size: PixelSize(width: 128, height: 72)) {
        var b = SceneBuilder()
        let image = b.addImage(TestImages.quadrants(width: 12, height: 8), id: 1)
        for (i, gravity) in gravities.enumerated() {
            let x = Double(i % 6) * 21 + 2
            let y = Double(i / 6) * 36 + 4
            b.add(
                layer(x, y, 19, 30, Palette.grey.withAlpha(0.5)) {
                    $0.contents = image
                    $0.contentsGravity = gravity
                    $0.masksToBounds = gravity == "resizeAspectFill"
                })
        }
        return b.scene
    }

    static let contentsRectScaleFilters = NamedScene(name: "contents-rect-scale-filters", size: size) {
        var b = SceneBuilder()
        let image = b.addImage(TestImages.quadrants(), id: 1)
        b.add(
            layer(2, 2, 44, 32, nil) {
                $0.contents = image
                $0.contentsRect = Rect(x: 0.25, y: 0.25, width: 0.5, height: 0.5)
            })
        b.add(
            layer(50, 2, 44, 32, nil) {
                $0.contents = image
                $0.contentsRect = Rect(x: -0.25, y: 0, width: 1.5, height: 1)  // outside the unit square: edges extend
            })
        b.add(
            layer(2, 38, 44, 32, nil) {
                $0.contents = image
                $0.contentsGravity = "center"
                $0.contentsScale = 0.5  // logical size 32×32
                $0.magnificationFilter = "nearest"
                $0.masksToBounds = true
            })
        b.add(
            layer(50, 38, 44, 32, nil) {
                $0.contents = image
                $0.contentsGravity = "topLeft"
                $0.contentsScale = 2  // logical size 8×8
            })
        return b.scene
    }

    static let nineSlice = NamedScene(name: "nine-slice", size: size) {
        var b = SceneBuilder()
        let image = b.addImage(TestImages.quadrants(), id: 1)
        b.add(
            layer(4, 4, 88, 30, nil) {
                $0.contents = image
                $0.contentsCenter = Rect(x: 0.25, y: 0.25, width: 0.5, height: 0.5)
            })
        b.add(
            layer(4, 40, 40, 28, nil) {
                $0.contents = image
                $0.contentsCenter = Rect(x: 0.5, y: 0.5, width: 0, height: 0)  // one source pixel stretches
            })
        b.add(
            layer(60, 40, 10, 10, nil) {
                $0.contents = image
                $0.contentsCenter = Rect(x: 0.25, y: 0.25, width: 0.5, height: 0.5)  // smaller than the corners
            })
        return b.scene
    }

    /// A 20000×300 layer whose contents are far wider than the forced 2048-pixel texture limit, scrolled so
    /// the middle shows: the GLES renderer must draw it from CPU tiles, never black.
    static let oversize = NamedScene(name: "oversize", size: PixelSize(width: 160, height: 60), maxTextureSize: 2048) {
        var b = SceneBuilder()
        let image = b.addImage(TestImages.strip(width: 20_000, height: 300), id: 1)
        b.add(layer(-9_950, -120, 20_000, 300, Palette.red) { $0.contents = image })
        return b.scene
    }

    /// CAShapeLayer: a filled and stroked triangle (round joins), a circle stroked to 60 % with round caps,
    /// a dashed line, a rotated square with an even-odd hole.
    static let shapeLayers = NamedScene(name: "shape-layers", size: size) {
        var b = SceneBuilder()
        var triangle = BezierPath()
        triangle.move(to: Point(x: 4, y: 30))
        triangle.addLine(to: Point(x: 22, y: 2))
        triangle.addLine(to: Point(x: 40, y: 30))
        triangle.closeSubpath()
        b.add(
            shape(4, 4, 44, 34, triangle) {
                $0.fillColor = Palette.yellow
                $0.strokeColor = Palette.red
                $0.lineWidth = 3
                $0.lineJoin = "round"
            })
        b.add(
            shape(54, 4, 34, 34, .ellipse(in: Rect(x: 3, y: 3, width: 28, height: 28))) {
                $0.fillColor = nil
                $0.strokeColor = Palette.blue
                $0.lineWidth = 5
                $0.lineCap = "round"
                $0.strokeEnd = 0.6
            })
        var line = BezierPath()
        line.move(to: Point(x: 2, y: 10))
        line.addLine(to: Point(x: 40, y: 10))
        b.add(
            shape(4, 44, 44, 20, line) {
                $0.strokeColor = .white
                $0.lineWidth = 4
                $0.lineDashPattern = [6, 3]
                $0.lineDashPhase = 2
            })
        var holed = BezierPath.rect(Rect(x: 0, y: 0, width: 26, height: 26))
        holed.elements += BezierPath.rect(Rect(x: 8, y: 8, width: 10, height: 10)).elements
        var square = shape(60, 42, 26, 26, holed) {
            $0.fillColor = Palette.green
            $0.fillRule = "even-odd"
        }
        square.transform = .rotation(.pi / 10, 0, 0, 1)
        b.add(square)
        return b.scene
    }

    /// CAGradientLayer: axial with locations and rounded corners, radial over a background, conic in a circle.
    static let gradientLayers = NamedScene(name: "gradient-layers", size: size) {
        var b = SceneBuilder()
        var axial = gradient(4, 4, 88, 20) {
            $0.colors = [Palette.red, Palette.yellow, Palette.blue]
            $0.locations = [0, 0.3, 1]
            $0.startPoint = Point(x: 0, y: 0.5)
            $0.endPoint = Point(x: 1, y: 0.5)
        }
        axial.cornerRadius = 6
        b.add(axial)
        var radial = gradient(4, 28, 42, 40) {
            $0.colors = [.white, Palette.green.withAlpha(0)]
            $0.gradientType = "radial"
            $0.startPoint = Point(x: 0.5, y: 0.5)
            $0.endPoint = Point(x: 1, y: 1)
        }
        radial.backgroundColor = Palette.grey
        b.add(radial)
        var conic = gradient(50, 28, 42, 40) {
            $0.colors = [Palette.red, Palette.green, Palette.blue, Palette.red]
            $0.gradientType = "conic"
            $0.startPoint = Point(x: 0.5, y: 0.5)
            $0.endPoint = Point(x: 1, y: 0.5)
        }
        conic.cornerRadius = 20
        b.add(conic)
        return b.scene
    }

    /// CATextLayer: a centred title, a wrapped paragraph truncated at the end, right-aligned text scaled 2×.
    static let textLayers = NamedScene(name: "text-layers", size: PixelSize(width: 128, height: 72)) {
        var b = SceneBuilder()
        var title = text(2, 2, 124, 20, "animserver") {
            $0.fontSize = 16
            $0.alignmentMode = "center"
            $0.foregroundColor = .white
        }
        title.backgroundColor = Palette.blue
        b.add(title)
        b.add(
            text(2, 24, 80, 30, "Animations never stutter on a kiosk screen") {
                $0.fontSize = 10
                $0.isWrapped = true
                $0.truncationMode = "end"
                $0.foregroundColor = Palette.yellow
            })
        var scaled = text(84, 30, 20, 10, "2×") {
            $0.fontSize = 8
            $0.alignmentMode = "right"
            $0.foregroundColor = Palette.green
        }
        scaled.anchorPoint = Point(x: 0, y: 0)
        scaled.position = Point(x: 84, y: 40)
        scaled.transform = .scale(2, 2, 1)
        b.add(scaled)
        return b.scene
    }

    static var transitions: [NamedScene] {
        var scenes = [NamedScene]()
        for p in [0.25, 0.5, 0.75] {
            scenes.append(transition(.fade, .fromLeft, p))
        }
        for type in [TransitionAnimation.TransitionType.moveIn, .push, .reveal] {
            for subtype in TransitionAnimation.Subtype.allCases {
                scenes.append(transition(type, subtype, 0.5))
            }
            scenes.append(transition(type, .fromLeft, 0.25))
        }
        return scenes
    }

    /// A 64×48 layer that was red with a yellow square and is now blue with a white circle, `progress` of the
    /// way through a transition.
    static func transition(
        _ type: TransitionAnimation.TransitionType, _ subtype: TransitionAnimation.Subtype, _ p: Double
    )
        -> NamedScene
    {
        NamedScene(name: "transition-\(type.rawValue)-\(subtype.rawValue)-\(Int(p * 100))", size: size) {
            var old = SceneBuilder()
            let oldRoot = old.add(layer(16, 12, 64, 48, Palette.red))
            old.add(layer(8, 8, 16, 16, Palette.yellow), to: oldRoot)
            var b = SceneBuilder()
            let root = b.add(layer(16, 12, 64, 48, Palette.blue))
            b.add(layer(36, 20, 20, 20, .white) { $0.cornerRadius = 10 }, to: root)
            b.setTransition(
                on: root, TransitionProgress(type: type, subtype: subtype, progress: p, key: "transition"),
                from: SubtreeSnapshot(root: oldRoot, layers: old.scene.layers))
            return b.scene
        }
    }
}
