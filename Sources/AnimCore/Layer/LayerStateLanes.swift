/// Number, point, size and rect properties as four doubles (x, y, width, height order for rects),
/// read and written without going through `PropertyValue`: the evaluator's fast path.
extension LayerState {
    /// The property's numbers, or nil for other kinds (and for properties this class lacks).
    @inline(__always)
    func lanes(of property: LayerProperty) -> SIMD4<Double>? {
        switch property {
        case .bounds: return SIMD4(bounds.origin.x, bounds.origin.y, bounds.size.width, bounds.size.height)
        case .position: return SIMD4(position.x, position.y, 0, 0)
        case .zPosition: return SIMD4(zPosition, 0, 0, 0)
        case .anchorPoint: return SIMD4(anchorPoint.x, anchorPoint.y, 0, 0)
        case .anchorPointZ: return SIMD4(anchorPointZ, 0, 0, 0)
        case .contentsRect:
            return SIMD4(
                contentsRect.origin.x, contentsRect.origin.y, contentsRect.size.width, contentsRect.size.height)
        case .contentsCenter:
            return SIMD4(
                contentsCenter.origin.x, contentsCenter.origin.y, contentsCenter.size.width, contentsCenter.size.height)
        case .contentsScale: return SIMD4(contentsScale, 0, 0, 0)
        case .minificationFilterBias: return SIMD4(minificationFilterBias, 0, 0, 0)
        case .cornerRadius: return SIMD4(cornerRadius, 0, 0, 0)
        case .borderWidth: return SIMD4(borderWidth, 0, 0, 0)
        case .opacity: return SIMD4(opacity, 0, 0, 0)
        case .rasterizationScale: return SIMD4(rasterizationScale, 0, 0, 0)
        case .shadowOpacity: return SIMD4(shadowOpacity, 0, 0, 0)
        case .shadowOffset: return SIMD4(shadowOffset.width, shadowOffset.height, 0, 0)
        case .shadowRadius: return SIMD4(shadowRadius, 0, 0, 0)
        case .strokeStart: return special.shape.map { SIMD4($0.strokeStart, 0, 0, 0) }
        case .strokeEnd: return special.shape.map { SIMD4($0.strokeEnd, 0, 0, 0) }
        case .lineWidth: return special.shape.map { SIMD4($0.lineWidth, 0, 0, 0) }
        case .miterLimit: return special.shape.map { SIMD4($0.miterLimit, 0, 0, 0) }
        case .lineDashPhase: return special.shape.map { SIMD4($0.lineDashPhase, 0, 0, 0) }
        case .fontSize: return special.text.map { SIMD4($0.fontSize, 0, 0, 0) }
        case .startPoint: return special.gradient.map { SIMD4($0.startPoint.x, $0.startPoint.y, 0, 0) }
        case .endPoint: return special.gradient.map { SIMD4($0.endPoint.x, $0.endPoint.y, 0, 0) }
        case .instanceCount: return special.replicator.map { SIMD4($0.instanceCount, 0, 0, 0) }
        case .instanceDelay: return special.replicator.map { SIMD4($0.instanceDelay, 0, 0, 0) }
        case .instanceRedOffset: return special.replicator.map { SIMD4($0.instanceRedOffset, 0, 0, 0) }
        case .instanceGreenOffset: return special.replicator.map { SIMD4($0.instanceGreenOffset, 0, 0, 0) }
        case .instanceBlueOffset: return special.replicator.map { SIMD4($0.instanceBlueOffset, 0, 0, 0) }
        case .instanceAlphaOffset: return special.replicator.map { SIMD4($0.instanceAlphaOffset, 0, 0, 0) }
        case .birthRate: return special.emitter.map { SIMD4($0.birthRate, 0, 0, 0) }
        case .lifetime: return special.emitter.map { SIMD4($0.lifetime, 0, 0, 0) }
        case .velocity: return special.emitter.map { SIMD4($0.velocity, 0, 0, 0) }
        case .emitterScale: return special.emitter.map { SIMD4($0.emitterScale, 0, 0, 0) }
        case .spin: return special.emitter.map { SIMD4($0.spin, 0, 0, 0) }
        case .emitterPosition: return special.emitter.map { SIMD4($0.emitterPosition.x, $0.emitterPosition.y, 0, 0) }
        case .emitterZPosition: return special.emitter.map { SIMD4($0.emitterZPosition, 0, 0, 0) }
        case .emitterSize: return special.emitter.map { SIMD4($0.emitterSize.width, $0.emitterSize.height, 0, 0) }
        case .emitterDepth: return special.emitter.map { SIMD4($0.emitterDepth, 0, 0, 0) }
        default: return nil
        }
    }

    /// Stores numbers read by `lanes(of:)`; other properties are left alone (false).
    @inline(__always)
    @discardableResult
    mutating func setLanes(_ v: SIMD4<Double>, for property: LayerProperty) -> Bool {
        switch property {
        case .bounds: bounds = Rect(x: v[0], y: v[1], width: v[2], height: v[3])
        case .position: position = Point(x: v[0], y: v[1])
        case .zPosition: zPosition = v[0]
        case .anchorPoint: anchorPoint = Point(x: v[0], y: v[1])
        case .anchorPointZ: anchorPointZ = v[0]
        case .contentsRect: contentsRect = Rect(x: v[0], y: v[1], width: v[2], height: v[3])
        case .contentsCenter: contentsCenter = Rect(x: v[0], y: v[1], width: v[2], height: v[3])
        case .contentsScale: contentsScale = v[0]
        case .minificationFilterBias: minificationFilterBias = v[0]
        case .cornerRadius: cornerRadius = v[0]
        case .borderWidth: borderWidth = v[0]
        case .opacity: opacity = v[0]
        case .rasterizationScale: rasterizationScale = v[0]
        case .shadowOpacity: shadowOpacity = v[0]
        case .shadowOffset: shadowOffset = Size(width: v[0], height: v[1])
        case .shadowRadius: shadowRadius = v[0]
        case .strokeStart: special.modifyShape { $0.strokeStart = v[0] }
        case .strokeEnd: special.modifyShape { $0.strokeEnd = v[0] }
        case .lineWidth: special.modifyShape { $0.lineWidth = v[0] }
        case .miterLimit: special.modifyShape { $0.miterLimit = v[0] }
        case .lineDashPhase: special.modifyShape { $0.lineDashPhase = v[0] }
        case .fontSize: special.modifyText { $0.fontSize = v[0] }
        case .startPoint: special.modifyGradient { $0.startPoint = Point(x: v[0], y: v[1]) }
        case .endPoint: special.modifyGradient { $0.endPoint = Point(x: v[0], y: v[1]) }
        case .instanceCount: special.modifyReplicator { $0.instanceCount = v[0] }
        case .instanceDelay: special.modifyReplicator { $0.instanceDelay = v[0] }
        case .instanceRedOffset: special.modifyReplicator { $0.instanceRedOffset = v[0] }
        case .instanceGreenOffset: special.modifyReplicator { $0.instanceGreenOffset = v[0] }
        case .instanceBlueOffset: special.modifyReplicator { $0.instanceBlueOffset = v[0] }
        case .instanceAlphaOffset: special.modifyReplicator { $0.instanceAlphaOffset = v[0] }
        case .birthRate: special.modifyEmitter { $0.birthRate = v[0] }
        case .lifetime: special.modifyEmitter { $0.lifetime = v[0] }
        case .velocity: special.modifyEmitter { $0.velocity = v[0] }
        case .emitterScale: special.modifyEmitter { $0.emitterScale = v[0] }
        case .spin: special.modifyEmitter { $0.spin = v[0] }
        case .emitterPosition: special.modifyEmitter { $0.emitterPosition = Point(x: v[0], y: v[1]) }
        case .emitterZPosition: special.modifyEmitter { $0.emitterZPosition = v[0] }
        case .emitterSize: special.modifyEmitter { $0.emitterSize = Size(width: v[0], height: v[1]) }
        case .emitterDepth: special.modifyEmitter { $0.emitterDepth = v[0] }
        default: return false
        }
        return true
    }
}
