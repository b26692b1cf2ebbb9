/// Every property of every layer class (§10.1, §11), with its key, value kind, default,
/// whether it animates and whether a change has a default implicit action (§9.3).
public enum LayerProperty: String, Hashable, Codable, Sendable, CaseIterable {
    case bounds
    case position
    case zPosition
    case anchorPoint
    case anchorPointZ
    case transform
    case sublayerTransform
    case hidden
    case doubleSided
    case geometryFlipped
    case masksToBounds
    case mask
    case contents
    case contentsRect
    case contentsCenter
    case contentsGravity
    case contentsScale
    case contentsFormat
    case minificationFilter
    case magnificationFilter
    case minificationFilterBias
    case opaque
    case needsDisplayOnBoundsChange
    case drawsAsynchronously
    case edgeAntialiasingMask
    case allowsEdgeAntialiasing
    case backgroundColor
    case cornerRadius
    case maskedCorners
    case cornerCurve
    case borderWidth
    case borderColor
    case opacity
    case allowsGroupOpacity
    case compositingFilter
    case filters
    case backgroundFilters
    case shouldRasterize
    case rasterizationScale
    case shadowColor
    case shadowOpacity
    case shadowOffset
    case shadowRadius
    case shadowPath
    case autoresizingMask
    case name
    case path
    case fillColor
    case fillRule
    case strokeColor
    case strokeStart
    case strokeEnd
    case lineWidth
    case miterLimit
    case lineCap
    case lineJoin
    case lineDashPhase
    case lineDashPattern
    case string
    case font
    case fontSize
    case foregroundColor
    case isWrapped
    case truncationMode
    case alignmentMode
    case allowsFontSubpixelQuantization
    case colors
    case locations
    case startPoint
    case endPoint
    case gradientType
    case instanceCount
    case replicatorPreservesDepth
    case instanceDelay
    case instanceTransform
    case instanceColor
    case instanceRedOffset
    case instanceGreenOffset
    case instanceBlueOffset
    case instanceAlphaOffset
    case birthRate
    case lifetime
    case velocity
    case emitterScale
    case spin
    case emitterPosition
    case emitterZPosition
    case emitterSize
    case emitterDepth
    case emitterShape
    case emitterMode
    case renderMode
    case emitterPreservesDepth
    case seed
    case scrollMode
    case tileSize
    case levelsOfDetail
    case levelsOfDetailBias
    case beginTime
    case duration
    case speed
    case timeOffset
    case repeatCount
    case repeatDuration
    case autoreverses
    case fillMode

    /// The name a key path uses (`CALayer`'s property name).
    public var key: String {
        switch self {
        case .bounds: "bounds"
        case .position: "position"
        case .zPosition: "zPosition"
        case .anchorPoint: "anchorPoint"
        case .anchorPointZ: "anchorPointZ"
        case .transform: "transform"
        case .sublayerTransform: "sublayerTransform"
        case .hidden: "hidden"
        case .doubleSided: "doubleSided"
        case .geometryFlipped: "geometryFlipped"
        case .masksToBounds: "masksToBounds"
        case .mask: "mask"
        case .contents: "contents"
        case .contentsRect: "contentsRect"
        case .contentsCenter: "contentsCenter"
        case .contentsGravity: "contentsGravity"
        case .contentsScale: "contentsScale"
        case .contentsFormat: "contentsFormat"
        case .minificationFilter: "minificationFilter"
        case .magnificationFilter: "magnificationFilter"
        case .minificationFilterBias: "minificationFilterBias"
        case .opaque: "opaque"
        case .needsDisplayOnBoundsChange: "needsDisplayOnBoundsChange"
        case .drawsAsynchronously: "drawsAsynchronously"
        case .edgeAntialiasingMask: "edgeAntialiasingMask"
        case .allowsEdgeAntialiasing: "allowsEdgeAntialiasing"
        case .backgroundColor: "backgroundColor"
        case .cornerRadius: "cornerRadius"
        case .maskedCorners: "maskedCorners"
        case .cornerCurve: "cornerCurve"
        case .borderWidth: "borderWidth"
        case .borderColor: "borderColor"
        case .opacity: "opacity"
        case .allowsGroupOpacity: "allowsGroupOpacity"
        case .compositingFilter: "compositingFilter"
        case .filters: "filters"
        case .backgroundFilters: "backgroundFilters"
        case .shouldRasterize: "shouldRasterize"
        case .rasterizationScale: "rasterizationScale"
        case .shadowColor: "shadowColor"
        case .shadowOpacity: "shadowOpacity"
        case .shadowOffset: "shadowOffset"
        case .shadowRadius: "shadowRadius"
        case .shadowPath: "shadowPath"
        case .autoresizingMask: "autoresizingMask"
        case .name: "name"
        case .path: "path"
        case .fillColor: "fillColor"
        case .fillRule: "fillRule"
        case .strokeColor: "strokeColor"
        case .strokeStart: "strokeStart"
        case .strokeEnd: "strokeEnd"
        case .lineWidth: "lineWidth"
        case .miterLimit: "miterLimit"
        case .lineCap: "lineCap"
        case .lineJoin: "lineJoin"
        case .lineDashPhase: "lineDashPhase"
        case .lineDashPattern: "lineDashPattern"
        case .string: "string"
        case .font: "font"
        case .fontSize: "fontSize"
        case .foregroundColor: "foregroundColor"
        case .isWrapped: "wrapped"
        case .truncationMode: "truncationMode"
        case .alignmentMode: "alignmentMode"
        case .allowsFontSubpixelQuantization: "allowsFontSubpixelQuantization"
        case .colors: "colors"
        case .locations: "locations"
        case .startPoint: "startPoint"
        case .endPoint: "endPoint"
        case .gradientType: "type"
        case .instanceCount: "instanceCount"
        case .replicatorPreservesDepth: "preservesDepth"
        case .instanceDelay: "instanceDelay"
        case .instanceTransform: "instanceTransform"
        case .instanceColor: "instanceColor"
        case .instanceRedOffset: "instanceRedOffset"
        case .instanceGreenOffset: "instanceGreenOffset"
        case .instanceBlueOffset: "instanceBlueOffset"
        case .instanceAlphaOffset: "instanceAlphaOffset"
        case .birthRate: "birthRate"
        case .lifetime: "lifetime"
        case .velocity: "velocity"
        case .emitterScale: "scale"
        case .spin: "spin"
        case .emitterPosition: "emitterPosition"
        case .emitterZPosition: "emitterZPosition"
        case .emitterSize: "emitterSize"
        case .emitterDepth: "emitterDepth"
        case .emitterShape: "emitterShape"
        case .emitterMode: "emitterMode"
        case .renderMode: "renderMode"
        case .emitterPreservesDepth: "preservesDepth"
        case .seed: "seed"
        case .scrollMode: "scrollMode"
        case .tileSize: "tileSize"
        case .levelsOfDetail: "levelsOfDetail"
        case .levelsOfDetailBias: "levelsOfDetailBias"
        case .beginTime: "beginTime"
        case .duration: "duration"
        case .speed: "speed"
        case .timeOffset: "timeOffset"
        case .repeatCount: "repeatCount"
        case .repeatDuration: "repeatDuration"
        case .autoreverses: "autoreverses"
        case .fillMode: "fillMode"
        }
    }

    public var valueKind: ValueKind {
        switch self {
        case .hidden, .doubleSided, .geometryFlipped, .masksToBounds, .opaque, .needsDisplayOnBoundsChange,
            .drawsAsynchronously, .allowsEdgeAntialiasing, .allowsGroupOpacity, .shouldRasterize, .isWrapped,
            .allowsFontSubpixelQuantization, .replicatorPreservesDepth, .emitterPreservesDepth, .autoreverses:
            .bool
        case .backgroundColor, .borderColor, .shadowColor, .fillColor, .strokeColor, .foregroundColor, .instanceColor:
            .color
        case .colors: .colors
        case .contents: .image
        case .mask: .layer
        case .zPosition, .anchorPointZ, .contentsScale, .minificationFilterBias, .edgeAntialiasingMask, .cornerRadius,
            .maskedCorners, .borderWidth, .opacity, .rasterizationScale, .shadowOpacity, .shadowRadius,
            .autoresizingMask, .strokeStart, .strokeEnd, .lineWidth, .miterLimit, .lineDashPhase, .fontSize,
            .instanceCount, .instanceDelay, .instanceRedOffset, .instanceGreenOffset, .instanceBlueOffset,
            .instanceAlphaOffset, .birthRate, .lifetime, .velocity, .emitterScale, .spin, .emitterZPosition,
            .emitterDepth, .seed, .levelsOfDetail, .levelsOfDetailBias, .beginTime, .duration, .speed, .timeOffset,
            .repeatCount, .repeatDuration:
            .number
        case .lineDashPattern, .locations: .numbers
        case .shadowPath, .path: .path
        case .position, .anchorPoint, .startPoint, .endPoint, .emitterPosition: .point
        case .bounds, .contentsRect, .contentsCenter: .rect
        case .shadowOffset, .emitterSize, .tileSize: .size
        case .contentsGravity, .contentsFormat, .minificationFilter, .magnificationFilter, .cornerCurve,
            .compositingFilter, .name, .fillRule, .lineCap, .lineJoin, .string, .font, .truncationMode, .alignmentMode,
            .gradientType, .emitterShape, .emitterMode, .renderMode, .scrollMode, .fillMode:
            .string
        case .filters, .backgroundFilters: .strings
        case .transform, .sublayerTransform, .instanceTransform: .transform
        }
    }

    /// The value of a new layer (§10.1, §11).
    public var defaultValue: PropertyValue {
        switch self {
        case .bounds: .rect(.zero)
        case .position: .point(.zero)
        case .zPosition: .number(0)
        case .anchorPoint: .point(Point(x: 0.5, y: 0.5))
        case .anchorPointZ: .number(0)
        case .transform: .transform(.identity)
        case .sublayerTransform: .transform(.identity)
        case .hidden: .bool(false)
        case .doubleSided: .bool(true)
        case .geometryFlipped: .bool(false)
        case .masksToBounds: .bool(false)
        case .mask: .layer(nil)
        case .contents: .image(nil)
        case .contentsRect: .rect(.unit)
        case .contentsCenter: .rect(.unit)
        case .contentsGravity: .string("resize")
        case .contentsScale: .number(1)
        case .contentsFormat: .string("RGBA8Uint")
        case .minificationFilter: .string("linear")
        case .magnificationFilter: .string("linear")
        case .minificationFilterBias: .number(0)
        case .opaque: .bool(false)
        case .needsDisplayOnBoundsChange: .bool(false)
        case .drawsAsynchronously: .bool(false)
        case .edgeAntialiasingMask: .number(15)
        case .allowsEdgeAntialiasing: .bool(true)
        case .backgroundColor: .color(nil)
        case .cornerRadius: .number(0)
        case .maskedCorners: .number(15)
        case .cornerCurve: .string("circular")
        case .borderWidth: .number(0)
        case .borderColor: .color(.black)
        case .opacity: .number(1)
        case .allowsGroupOpacity: .bool(true)
        case .compositingFilter: .string(nil)
        case .filters: .strings(nil)
        case .backgroundFilters: .strings(nil)
        case .shouldRasterize: .bool(false)
        case .rasterizationScale: .number(1)
        case .shadowColor: .color(.black)
        case .shadowOpacity: .number(0)
        case .shadowOffset: .size(Size(width: 0, height: -3))
        case .shadowRadius: .number(3)
        case .shadowPath: .path(nil)
        case .autoresizingMask: .number(0)
        case .name: .string(nil)
        case .path: .path(nil)
        case .fillColor: .color(.black)
        case .fillRule: .string("non-zero")
        case .strokeColor: .color(nil)
        case .strokeStart: .number(0)
        case .strokeEnd: .number(1)
        case .lineWidth: .number(1)
        case .miterLimit: .number(10)
        case .lineCap: .string("butt")
        case .lineJoin: .string("miter")
        case .lineDashPhase: .number(0)
        case .lineDashPattern: .numbers(nil)
        case .string: .string(nil)
        case .font: .string("Helvetica")
        case .fontSize: .number(36)
        case .foregroundColor: .color(.white)
        case .isWrapped: .bool(false)
        case .truncationMode: .string("none")
        case .alignmentMode: .string("natural")
        case .allowsFontSubpixelQuantization: .bool(false)
        case .colors: .colors(nil)
        case .locations: .numbers(nil)
        case .startPoint: .point(Point(x: 0.5, y: 0))
        case .endPoint: .point(Point(x: 0.5, y: 1))
        case .gradientType: .string("axial")
        case .instanceCount: .number(1)
        case .replicatorPreservesDepth: .bool(false)
        case .instanceDelay: .number(0)
        case .instanceTransform: .transform(.identity)
        case .instanceColor: .color(.white)
        case .instanceRedOffset: .number(0)
        case .instanceGreenOffset: .number(0)
        case .instanceBlueOffset: .number(0)
        case .instanceAlphaOffset: .number(0)
        case .birthRate: .number(1)
        case .lifetime: .number(1)
        case .velocity: .number(1)
        case .emitterScale: .number(1)
        case .spin: .number(1)
        case .emitterPosition: .point(.zero)
        case .emitterZPosition: .number(0)
        case .emitterSize: .size(.zero)
        case .emitterDepth: .number(0)
        case .emitterShape: .string("point")
        case .emitterMode: .string("volume")
        case .renderMode: .string("unordered")
        case .emitterPreservesDepth: .bool(false)
        case .seed: .number(0)
        case .scrollMode: .string("both")
        case .tileSize: .size(Size(width: 256, height: 256))
        case .levelsOfDetail: .number(1)
        case .levelsOfDetailBias: .number(0)
        case .beginTime: .number(0)
        case .duration: .number(0)
        case .speed: .number(1)
        case .timeOffset: .number(0)
        case .repeatCount: .number(0)
        case .repeatDuration: .number(0)
        case .autoreverses: .bool(false)
        case .fillMode: .string("removed")
        }
    }

    /// Whether the property can be animated (marked Animatable in the headers).
    public var isAnimatable: Bool {
        switch self {
        case .bounds, .position, .zPosition, .anchorPoint, .anchorPointZ, .transform, .sublayerTransform, .hidden,
            .doubleSided, .masksToBounds, .mask, .contents, .contentsRect, .contentsCenter, .contentsScale,
            .minificationFilterBias, .backgroundColor, .cornerRadius, .borderWidth, .borderColor, .opacity,
            .compositingFilter, .filters, .backgroundFilters, .shouldRasterize, .rasterizationScale, .shadowColor,
            .shadowOpacity, .shadowOffset, .shadowRadius, .shadowPath, .path, .fillColor, .strokeColor, .strokeStart,
            .strokeEnd, .lineWidth, .miterLimit, .lineDashPhase, .fontSize, .foregroundColor, .colors, .locations,
            .startPoint, .endPoint, .instanceCount, .instanceDelay, .instanceTransform, .instanceColor,
            .instanceRedOffset, .instanceGreenOffset, .instanceBlueOffset, .instanceAlphaOffset, .birthRate, .lifetime,
            .velocity, .emitterScale, .spin, .emitterPosition, .emitterZPosition, .emitterSize, .emitterDepth:
            true
        default: false
        }
    }

    /// Whether a change gets the default implicit basic animation (§9.3: not path, doubleSided, …).
    public var hasDefaultAction: Bool {
        switch self {
        case .bounds, .position, .zPosition, .anchorPoint, .anchorPointZ, .transform, .sublayerTransform, .hidden,
            .masksToBounds, .mask, .contents, .contentsRect, .contentsCenter, .contentsScale, .minificationFilterBias,
            .backgroundColor, .cornerRadius, .borderWidth, .borderColor, .opacity, .compositingFilter, .filters,
            .backgroundFilters, .shouldRasterize, .rasterizationScale, .shadowColor, .shadowOpacity, .shadowOffset,
            .shadowRadius, .shadowPath, .fillColor, .strokeColor, .strokeStart, .strokeEnd, .lineWidth, .miterLimit,
            .lineDashPhase, .fontSize, .foregroundColor, .colors, .locations, .startPoint, .endPoint, .instanceCount,
            .instanceDelay, .instanceTransform, .instanceColor, .instanceRedOffset, .instanceGreenOffset,
            .instanceBlueOffset, .instanceAlphaOffset, .birthRate, .lifetime, .velocity, .emitterScale, .spin,
            .emitterPosition, .emitterZPosition, .emitterSize, .emitterDepth:
            true
        default: false
        }
    }

    /// The class that adds this property; nil for CALayer's own, which every class has.
    public var introducingClass: LayerClass? {
        switch self {
        case .path, .fillColor, .fillRule, .strokeColor, .strokeStart, .strokeEnd, .lineWidth, .miterLimit, .lineCap,
            .lineJoin, .lineDashPhase, .lineDashPattern:
            .shape
        case .string, .font, .fontSize, .foregroundColor, .isWrapped, .truncationMode, .alignmentMode,
            .allowsFontSubpixelQuantization:
            .text
        case .colors, .locations, .startPoint, .endPoint, .gradientType: .gradient
        case .instanceCount, .replicatorPreservesDepth, .instanceDelay, .instanceTransform, .instanceColor,
            .instanceRedOffset, .instanceGreenOffset, .instanceBlueOffset, .instanceAlphaOffset:
            .replicator
        case .birthRate, .lifetime, .velocity, .emitterScale, .spin, .emitterPosition, .emitterZPosition, .emitterSize,
            .emitterDepth, .emitterShape, .emitterMode, .renderMode, .emitterPreservesDepth, .seed:
            .emitter
        case .scrollMode: .scroll
        case .tileSize, .levelsOfDetail, .levelsOfDetailBias: .tiled
        default: nil
        }
    }

    /// Whether a layer of `layerClass` has this property.
    public func exists(on layerClass: LayerClass) -> Bool {
        guard let owner = introducingClass else { return true }
        return owner == layerClass
    }

    /// The property named `key` on `layerClass`, or nil (keys are shared between classes: "scale" is
    /// the emitter's multiplier, "preservesDepth" the replicator's or the emitter's).
    public static func named(_ key: String, on layerClass: LayerClass) -> LayerProperty? {
        switch (key, layerClass) {
        case ("preservesDepth", .emitter): return .emitterPreservesDepth
        default: break
        }
        guard let p = byKey[key], p.exists(on: layerClass) else { return nil }
        return p
    }

    private static let byKey: [String: LayerProperty] = {
        var map: [String: LayerProperty] = [:]
        for p in allCases where p != .emitterPreservesDepth { map[p.key] = p }
        return map
    }()
}
