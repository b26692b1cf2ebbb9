/// Everything that describes one layer's appearance at one moment: the model values the app set, or
/// (with animations applied) the presentation values. Tree structure (superlayer, sublayers) lives in
/// `LayerTree`; this holds the layer's own properties only.
///
/// The properties a frame reads or animates most are stored inline; the rest live in one shared
/// copy-on-write box (`ColdLayerStorage`), so copying a state (model to presentation, every frame, for
/// every layer) moves about 370 bytes and one reference instead of 888 bytes and a dozen string and
/// array references.
public struct LayerState: Hashable, Sendable {
    public let layerClass: LayerClass
    public var bounds: Rect = .zero
    public var position: Point = .zero
    public var zPosition: Double = 0
    public var anchorPoint: Point = Point(x: 0.5, y: 0.5)
    public var anchorPointZ: Double = 0
    public var transform: Transform3D = .identity
    public var hidden: Bool = false
    public var doubleSided: Bool = true
    public var geometryFlipped: Bool = false
    public var masksToBounds: Bool = false
    public var mask: LayerID? = nil
    public var contents: ImageID? = nil
    public var backgroundColor: Color? = nil
    public var cornerRadius: Double = 0
    public var opacity: Double = 1
    /// The layer's own CAMediaTiming: its local time is the parent time of its animations and sublayers.
    public var timing = MediaTiming()
    /// The properties of the special layer classes; `.none` for CALayer and CATransformLayer.
    public var special: SpecialLayerStorage
    /// The properties a frame rarely reads or animates, shared copy-on-write between copies (see
    /// `ColdLayerStorage`); they read and write as stored properties (see ColdLayerProperties.swift).
    var cold = ColdLayerStorage()

    public init(layerClass: LayerClass = .layer) {
        self.layerClass = layerClass
        self.special = SpecialLayerStorage(for: layerClass)
    }
}

extension LayerState {
    /// The value of `property`; a property the layer's class lacks reads as its default.
    public func value(of property: LayerProperty) -> PropertyValue {
        switch property {
        case .bounds: return .rect(bounds)
        case .position: return .point(position)
        case .zPosition: return .number(zPosition)
        case .anchorPoint: return .point(anchorPoint)
        case .anchorPointZ: return .number(anchorPointZ)
        case .transform: return .transform(transform)
        case .sublayerTransform: return .transform(sublayerTransform)
        case .hidden: return .bool(hidden)
        case .doubleSided: return .bool(doubleSided)
        case .geometryFlipped: return .bool(geometryFlipped)
        case .masksToBounds: return .bool(masksToBounds)
        case .mask: return .layer(mask)
        case .contents: return .image(contents)
        case .contentsRect: return .rect(contentsRect)
        case .contentsCenter: return .rect(contentsCenter)
        case .contentsGravity: return .string(contentsGravity)
        case .contentsScale: return .number(contentsScale)
        case .contentsFormat: return .string(contentsFormat)
        case .minificationFilter: return .string(minificationFilter)
        case .magnificationFilter: return .string(magnificationFilter)
        case .minificationFilterBias: return .number(minificationFilterBias)
        case .opaque: return .bool(opaque)
        case .needsDisplayOnBoundsChange: return .bool(needsDisplayOnBoundsChange)
        case .drawsAsynchronously: return .bool(drawsAsynchronously)
        case .edgeAntialiasingMask: return .number(edgeAntialiasingMask)
        case .allowsEdgeAntialiasing: return .bool(allowsEdgeAntialiasing)
        case .backgroundColor: return .color(backgroundColor)
        case .cornerRadius: return .number(cornerRadius)
        case .maskedCorners: return .number(maskedCorners)
        case .cornerCurve: return .string(cornerCurve)
        case .borderWidth: return .number(borderWidth)
        case .borderColor: return .color(borderColor)
        case .opacity: return .number(opacity)
        case .allowsGroupOpacity: return .bool(allowsGroupOpacity)
        case .compositingFilter: return .string(compositingFilter)
        case .filters: return .strings(filters)
        case .backgroundFilters: return .strings(backgroundFilters)
        case .shouldRasterize: return .bool(shouldRasterize)
        case .rasterizationScale: return .number(rasterizationScale)
        case .shadowColor: return .color(shadowColor)
        case .shadowOpacity: return .number(shadowOpacity)
        case .shadowOffset: return .size(shadowOffset)
        case .shadowRadius: return .number(shadowRadius)
        case .shadowPath: return .path(shadowPath)
        case .autoresizingMask: return .number(autoresizingMask)
        case .name: return .string(name)
        case .path: return special.shape.map { .path($0.path) } ?? property.defaultValue
        case .fillColor: return special.shape.map { .color($0.fillColor) } ?? property.defaultValue
        case .fillRule: return special.shape.map { .string($0.fillRule) } ?? property.defaultValue
        case .strokeColor: return special.shape.map { .color($0.strokeColor) } ?? property.defaultValue
        case .strokeStart: return special.shape.map { .number($0.strokeStart) } ?? property.defaultValue
        case .strokeEnd: return special.shape.map { .number($0.strokeEnd) } ?? property.defaultValue
        case .lineWidth: return special.shape.map { .number($0.lineWidth) } ?? property.defaultValue
        case .miterLimit: return special.shape.map { .number($0.miterLimit) } ?? property.defaultValue
        case .lineCap: return special.shape.map { .string($0.lineCap) } ?? property.defaultValue
        case .lineJoin: return special.shape.map { .string($0.lineJoin) } ?? property.defaultValue
        case .lineDashPhase: return special.shape.map { .number($0.lineDashPhase) } ?? property.defaultValue
        case .lineDashPattern: return special.shape.map { .numbers($0.lineDashPattern) } ?? property.defaultValue
        case .string: return special.text.map { .string($0.string) } ?? property.defaultValue
        case .font: return special.text.map { .string($0.font) } ?? property.defaultValue
        case .fontSize: return special.text.map { .number($0.fontSize) } ?? property.defaultValue
        case .foregroundColor: return special.text.map { .color($0.foregroundColor) } ?? property.defaultValue
        case .isWrapped: return special.text.map { .bool($0.isWrapped) } ?? property.defaultValue
        case .truncationMode: return special.text.map { .string($0.truncationMode) } ?? property.defaultValue
        case .alignmentMode: return special.text.map { .string($0.alignmentMode) } ?? property.defaultValue
        case .allowsFontSubpixelQuantization:
            return special.text.map { .bool($0.allowsFontSubpixelQuantization) } ?? property.defaultValue
        case .colors: return special.gradient.map { .colors($0.colors) } ?? property.defaultValue
        case .locations: return special.gradient.map { .numbers($0.locations) } ?? property.defaultValue
        case .startPoint: return special.gradient.map { .point($0.startPoint) } ?? property.defaultValue
        case .endPoint: return special.gradient.map { .point($0.endPoint) } ?? property.defaultValue
        case .gradientType: return special.gradient.map { .string($0.gradientType) } ?? property.defaultValue
        case .instanceCount: return special.replicator.map { .number($0.instanceCount) } ?? property.defaultValue
        case .replicatorPreservesDepth:
            return special.replicator.map { .bool($0.replicatorPreservesDepth) } ?? property.defaultValue
        case .instanceDelay: return special.replicator.map { .number($0.instanceDelay) } ?? property.defaultValue
        case .instanceTransform:
            return special.replicator.map { .transform($0.instanceTransform) } ?? property.defaultValue
        case .instanceColor: return special.replicator.map { .color($0.instanceColor) } ?? property.defaultValue
        case .instanceRedOffset:
            return special.replicator.map { .number($0.instanceRedOffset) } ?? property.defaultValue
        case .instanceGreenOffset:
            return special.replicator.map { .number($0.instanceGreenOffset) } ?? property.defaultValue
        case .instanceBlueOffset:
            return special.replicator.map { .number($0.instanceBlueOffset) } ?? property.defaultValue
        case .instanceAlphaOffset:
            return special.replicator.map { .number($0.instanceAlphaOffset) } ?? property.defaultValue
        case .birthRate: return special.emitter.map { .number($0.birthRate) } ?? property.defaultValue
        case .lifetime: return special.emitter.map { .number($0.lifetime) } ?? property.defaultValue
        case .velocity: return special.emitter.map { .number($0.velocity) } ?? property.defaultValue
        case .emitterScale: return special.emitter.map { .number($0.emitterScale) } ?? property.defaultValue
        case .spin: return special.emitter.map { .number($0.spin) } ?? property.defaultValue
        case .emitterPosition: return special.emitter.map { .point($0.emitterPosition) } ?? property.defaultValue
        case .emitterZPosition: return special.emitter.map { .number($0.emitterZPosition) } ?? property.defaultValue
        case .emitterSize: return special.emitter.map { .size($0.emitterSize) } ?? property.defaultValue
        case .emitterDepth: return special.emitter.map { .number($0.emitterDepth) } ?? property.defaultValue
        case .emitterShape: return special.emitter.map { .string($0.emitterShape) } ?? property.defaultValue
        case .emitterMode: return special.emitter.map { .string($0.emitterMode) } ?? property.defaultValue
        case .renderMode: return special.emitter.map { .string($0.renderMode) } ?? property.defaultValue
        case .emitterPreservesDepth:
            return special.emitter.map { .bool($0.emitterPreservesDepth) } ?? property.defaultValue
        case .seed: return special.emitter.map { .number($0.seed) } ?? property.defaultValue
        case .scrollMode: return special.scroll.map { .string($0.scrollMode) } ?? property.defaultValue
        case .tileSize: return special.tiled.map { .size($0.tileSize) } ?? property.defaultValue
        case .levelsOfDetail: return special.tiled.map { .number($0.levelsOfDetail) } ?? property.defaultValue
        case .levelsOfDetailBias: return special.tiled.map { .number($0.levelsOfDetailBias) } ?? property.defaultValue
        case .beginTime: return .number(timing.beginTime)
        case .duration: return .number(timing.duration)
        case .speed: return .number(timing.speed)
        case .timeOffset: return .number(timing.timeOffset)
        case .repeatCount: return .number(timing.repeatCount)
        case .repeatDuration: return .number(timing.repeatDuration)
        case .autoreverses: return .bool(timing.autoreverses)
        case .fillMode: return .string(timing.fillMode.rawValue)
        }
    }

    /// Sets `property`. The caller has checked that the value's kind matches (see `LayerState.set`);
    /// a mismatched kind or a property the class lacks is ignored here.
    public mutating func setValueUnchecked(_ value: PropertyValue, for property: LayerProperty) {
        switch (property, value) {
        case (.bounds, .rect(let v)): bounds = v
        case (.position, .point(let v)): position = v
        case (.zPosition, .number(let v)): zPosition = v
        case (.anchorPoint, .point(let v)): anchorPoint = v
        case (.anchorPointZ, .number(let v)): anchorPointZ = v
        case (.transform, .transform(let v)): transform = v
        case (.sublayerTransform, .transform(let v)): sublayerTransform = v
        case (.hidden, .bool(let v)): hidden = v
        case (.doubleSided, .bool(let v)): doubleSided = v
        case (.geometryFlipped, .bool(let v)): geometryFlipped = v
        case (.masksToBounds, .bool(let v)): masksToBounds = v
        case (.mask, .layer(let v)): mask = v
        case (.contents, .image(let v)): contents = v
        case (.contentsRect, .rect(let v)): contentsRect = v
        case (.contentsCenter, .rect(let v)): contentsCenter = v
        case (.contentsGravity, .string(let v?)): contentsGravity = v
        case (.contentsScale, .number(let v)): contentsScale = v
        case (.contentsFormat, .string(let v?)): contentsFormat = v
        case (.minificationFilter, .string(let v?)): minificationFilter = v
        case (.magnificationFilter, .string(let v?)): magnificationFilter = v
        case (.minificationFilterBias, .number(let v)): minificationFilterBias = v
        case (.opaque, .bool(let v)): opaque = v
        case (.needsDisplayOnBoundsChange, .bool(let v)): needsDisplayOnBoundsChange = v
        case (.drawsAsynchronously, .bool(let v)): drawsAsynchronously = v
        case (.edgeAntialiasingMask, .number(let v)): edgeAntialiasingMask = v
        case (.allowsEdgeAntialiasing, .bool(let v)): allowsEdgeAntialiasing = v
        case (.backgroundColor, .color(let v)): backgroundColor = v
        case (.cornerRadius, .number(let v)): cornerRadius = v
        case (.maskedCorners, .number(let v)): maskedCorners = v
        case (.cornerCurve, .string(let v?)): cornerCurve = v
        case (.borderWidth, .number(let v)): borderWidth = v
        case (.borderColor, .color(let v)): borderColor = v
        case (.opacity, .number(let v)): opacity = v
        case (.allowsGroupOpacity, .bool(let v)): allowsGroupOpacity = v
        case (.compositingFilter, .string(let v)): compositingFilter = v
        case (.filters, .strings(let v)): filters = v
        case (.backgroundFilters, .strings(let v)): backgroundFilters = v
        case (.shouldRasterize, .bool(let v)): shouldRasterize = v
        case (.rasterizationScale, .number(let v)): rasterizationScale = v
        case (.shadowColor, .color(let v)): shadowColor = v
        case (.shadowOpacity, .number(let v)): shadowOpacity = v
        case (.shadowOffset, .size(let v)): shadowOffset = v
        case (.shadowRadius, .number(let v)): shadowRadius = v
        case (.shadowPath, .path(let v)): shadowPath = v
        case (.autoresizingMask, .number(let v)): autoresizingMask = v
        case (.name, .string(let v)): name = v
        case (.path, .path(let v)): special.modifyShape { $0.path = v }
        case (.fillColor, .color(let v)): special.modifyShape { $0.fillColor = v }
        case (.fillRule, .string(let v?)): special.modifyShape { $0.fillRule = v }
        case (.strokeColor, .color(let v)): special.modifyShape { $0.strokeColor = v }
        case (.strokeStart, .number(let v)): special.modifyShape { $0.strokeStart = v }
        case (.strokeEnd, .number(let v)): special.modifyShape { $0.strokeEnd = v }
        case (.lineWidth, .number(let v)): special.modifyShape { $0.lineWidth = v }
        case (.miterLimit, .number(let v)): special.modifyShape { $0.miterLimit = v }
        case (.lineCap, .string(let v?)): special.modifyShape { $0.lineCap = v }
        case (.lineJoin, .string(let v?)): special.modifyShape { $0.lineJoin = v }
        case (.lineDashPhase, .number(let v)): special.modifyShape { $0.lineDashPhase = v }
        case (.lineDashPattern, .numbers(let v)): special.modifyShape { $0.lineDashPattern = v }
        case (.string, .string(let v)): special.modifyText { $0.string = v }
        case (.font, .string(let v?)): special.modifyText { $0.font = v }
        case (.fontSize, .number(let v)): special.modifyText { $0.fontSize = v }
        case (.foregroundColor, .color(let v)): special.modifyText { $0.foregroundColor = v }
        case (.isWrapped, .bool(let v)): special.modifyText { $0.isWrapped = v }
        case (.truncationMode, .string(let v?)): special.modifyText { $0.truncationMode = v }
        case (.alignmentMode, .string(let v?)): special.modifyText { $0.alignmentMode = v }
        case (.allowsFontSubpixelQuantization, .bool(let v)):
            special.modifyText { $0.allowsFontSubpixelQuantization = v }
        case (.colors, .colors(let v)): special.modifyGradient { $0.colors = v }
        case (.locations, .numbers(let v)): special.modifyGradient { $0.locations = v }
        case (.startPoint, .point(let v)): special.modifyGradient { $0.startPoint = v }
        case (.endPoint, .point(let v)): special.modifyGradient { $0.endPoint = v }
        case (.gradientType, .string(let v?)): special.modifyGradient { $0.gradientType = v }
        case (.instanceCount, .number(let v)): special.modifyReplicator { $0.instanceCount = v }
        case (.replicatorPreservesDepth, .bool(let v)): special.modifyReplicator { $0.replicatorPreservesDepth = v }
        case (.instanceDelay, .number(let v)): special.modifyReplicator { $0.instanceDelay = v }
        case (.instanceTransform, .transform(let v)): special.modifyReplicator { $0.instanceTransform = v }
        case (.instanceColor, .color(let v)): special.modifyReplicator { $0.instanceColor = v }
        case (.instanceRedOffset, .number(let v)): special.modifyReplicator { $0.instanceRedOffset = v }
        case (.instanceGreenOffset, .number(let v)): special.modifyReplicator { $0.instanceGreenOffset = v }
        case (.instanceBlueOffset, .number(let v)): special.modifyReplicator { $0.instanceBlueOffset = v }
        case (.instanceAlphaOffset, .number(let v)): special.modifyReplicator { $0.instanceAlphaOffset = v }
        case (.birthRate, .number(let v)): special.modifyEmitter { $0.birthRate = v }
        case (.lifetime, .number(let v)): special.modifyEmitter { $0.lifetime = v }
        case (.velocity, .number(let v)): special.modifyEmitter { $0.velocity = v }
        case (.emitterScale, .number(let v)): special.modifyEmitter { $0.emitterScale = v }
        case (.spin, .number(let v)): special.modifyEmitter { $0.spin = v }
        case (.emitterPosition, .point(let v)): special.modifyEmitter { $0.emitterPosition = v }
        case (.emitterZPosition, .number(let v)): special.modifyEmitter { $0.emitterZPosition = v }
        case (.emitterSize, .size(let v)): special.modifyEmitter { $0.emitterSize = v }
        case (.emitterDepth, .number(let v)): special.modifyEmitter { $0.emitterDepth = v }
        case (.emitterShape, .string(let v?)): special.modifyEmitter { $0.emitterShape = v }
        case (.emitterMode, .string(let v?)): special.modifyEmitter { $0.emitterMode = v }
        case (.renderMode, .string(let v?)): special.modifyEmitter { $0.renderMode = v }
        case (.emitterPreservesDepth, .bool(let v)): special.modifyEmitter { $0.emitterPreservesDepth = v }
        case (.seed, .number(let v)): special.modifyEmitter { $0.seed = v }
        case (.scrollMode, .string(let v?)): special.modifyScroll { $0.scrollMode = v }
        case (.tileSize, .size(let v)): special.modifyTiled { $0.tileSize = v }
        case (.levelsOfDetail, .number(let v)): special.modifyTiled { $0.levelsOfDetail = v }
        case (.levelsOfDetailBias, .number(let v)): special.modifyTiled { $0.levelsOfDetailBias = v }
        case (.beginTime, .number(let v)): timing.beginTime = v
        case (.duration, .number(let v)): timing.duration = v
        case (.speed, .number(let v)): timing.speed = v
        case (.timeOffset, .number(let v)): timing.timeOffset = v
        case (.repeatCount, .number(let v)): timing.repeatCount = v
        case (.repeatDuration, .number(let v)): timing.repeatDuration = v
        case (.autoreverses, .bool(let v)): timing.autoreverses = v
        case (.fillMode, .string(let v?)): if let m = FillMode(rawValue: v) { timing.fillMode = m }
        default: break
        }
    }
}
