import AnimCore
import Logging

/// One compilation in progress: walks layer trees and appends their draw items, back to front.
///
/// A layer's world transform (local points → output pixels) is `local · above`: `local` is its matrix into
/// its superlayer (`transform(toSuperlayer:)`, with a transition's slide prepended along the layer's own
/// axes) and `above` the rest of the way. A flattening superlayer passes its world transform with the depth
/// dropped as `above`; a CATransformLayer passes its own `local · above`, unflattened.
struct DrawListBuilder {
    /// What a layer is positioned against.
    struct Superlayer {
        enum Kind {
            /// Under a superlayer (nil for a root or a mask), whose `sublayerSpaceTransform` applies when it is
            /// not the identity: `transform(toSuperlayer:)` without copying the superlayer's state per sublayer.
            case layer(sublayerSpace: Transform3D?)
            /// None: the layer's bounds origin lands on (0, 0) (`compileLayer`).
            case detached
        }

        var kind: Kind
        /// A transition's slide, in the layer's own units, applied before its positioning.
        var slide = (x: 0.0, y: 0.0)

        static func layer(_ state: LayerState?) -> Superlayer {
            guard let state, state.geometryFlipped || !state.sublayerTransform.isIdentity else {
                return Superlayer(kind: .layer(sublayerSpace: nil))
            }
            return Superlayer(kind: .layer(sublayerSpace: state.sublayerSpaceTransform))
        }

        static let detached = Superlayer(kind: .detached)

        func sliding(x: Double, y: Double) -> Superlayer {
            var moved = self
            moved.slide = (slide.x + x, slide.y + y)
            return moved
        }

        /// The layer → superlayer matrix of a layer in `state`.
        func local(of state: LayerState) -> Transform3D {
            var positioning: Transform3D
            switch kind {
            case .layer(let sublayerSpace):
                positioning = state.positioningTransform
                if let sublayerSpace { positioning = positioning.concatenating(sublayerSpace) }
            case .detached:
                let b = state.bounds.standardized
                positioning = .translation(-b.minX, -b.minY, 0)
            }
            guard slide != (0, 0) else { return positioning }
            return Transform3D.translation(slide.x, slide.y, 0).concatenating(positioning)
        }
    }

    /// Deeper trees are cut off here (and logged): the walk is recursive, and a cycle in a malformed scene
    /// must not run forever. A level takes about 4.3 KB of stack in a release build, so 100 levels fit in
    /// 512 KB stacks.
    static let maximumDepth = 100
    /// Layer visits per compilation before the walk stops (and logs): bounds the cost of a scene whose
    /// sublayer lists share layers many times over.
    static let maximumVisits = 1 << 20

    static let logger = Logger(label: "animserver.render.compile")

    /// Items entirely outside this are dropped, and group and shadow bounds are cut to it: the output, or a
    /// larger area while a shadow's source is compiled (its offset may bring outside content in).
    var cull: PixelRect
    /// Where `contents` images come from: the scene being compiled.
    var scene: any SceneSource
    /// Rasterizes what shape, gradient and text layers draw of their own; nil draws only their CALayer parts.
    var content: ContentRasterizer?
    var items: [DrawItem] = []
    /// Where layers with `shouldRasterize` keep their bitmaps; nil draws them as ordinary layers.
    var rasterization: RasterizationCache?
    /// The rasterized layers whose bitmaps this builder is drawing: drawn as ordinary layers inside them.
    var rasterizing: Set<LayerID> = []
    /// Carried into the builders of rasterized layers' bitmaps, so nesting stays bounded.
    var depth = 0
    /// Read by the replicator's instance loop, which stops with the walk; carried like `depth`.
    var visitsLeft = maximumVisits
    private var warned = false

    init(output: PixelRect, scene: any SceneSource, content: ContentRasterizer? = nil) {
        self.cull = output
        self.scene = scene
        self.content = content
    }

    // MARK: Layers

    /// Appends `layer` and its subtree (shadow, background, contents, sublayers, border, as
    /// docs/core-animation-rules.md#compositing-order orders them) with `alpha` (opacity of ancestors applied per item)
    /// and the inherited pixel `clip`.
    @inline(never)
    mutating func emit(
        _ layer: SceneLayer, from lookup: LayerLookup, under superlayer: Superlayer, above: Transform3D,
        alpha: Double, clip: PixelRect?, shadows: Bool
    ) {
        guard depth < Self.maximumDepth, visitsLeft > 0 else {
            warnOnce(
                "layer tree cut off at \(layer.id): deeper than \(Self.maximumDepth) or over \(Self.maximumVisits) visits"
            )
            return
        }
        visitsLeft -= 1
        depth += 1
        defer { depth -= 1 }

        if lookup.runsTransitions, let transition = layer.transition, let from = layer.transitionFrom,
            let old = from.layers[from.root]
        {
            emitTransition(
                transition, old: old, snapshot: from, new: layer, from: lookup, under: superlayer, above: above,
                alpha: alpha, clip: clip, shadows: shadows)
            return
        }
        let state = layer.state
        let opacity = state.opacity.isNaN ? 0 : min(1, state.opacity)
        guard !state.hidden, opacity > 0, alpha > 0 else { return }
        let local = superlayer.local(of: state)
        if state.layerClass == .transformLayer {
            emitTransformLayer(
                layer, from: lookup, local: local, above: above, alpha: alpha * opacity, clip: clip, shadows: shadows)
            return
        }
        let world = local.concatenating(above)
        guard world.allFinite else { return }
        let bounds = state.bounds.standardized
        if !state.doubleSided && world.isBackFacing(atX: bounds.midX, y: bounds.midY) { return }
        if state.shouldRasterize, !rasterizing.contains(layer.id),
            emitRasterized(layer, from: lookup, world: world, alpha: alpha * opacity, clip: clip)
        {
            return
        }

        if let filtering = LayerFiltering(state, world: world) {
            emitFiltered(
                layer, filtering, from: lookup, world: world, alpha: alpha * opacity, clip: clip, shadows: shadows)
            return
        }
        let grouped = state.allowsGroupOpacity && opacity < 1
        let itemAlpha = grouped ? 1 : alpha * opacity
        let start = items.count
        if shadows { emitShadow(layer, from: lookup, world: world, alpha: itemAlpha, clip: clip) }
        emitBody(layer, from: lookup, world: world, alpha: itemAlpha, clip: clip, shadows: shadows)
        if grouped { wrapTail(from: start, opacity: alpha * opacity, clip: clip) }
    }

    /// Everything of the layer but its shadow: background, contents and sublayers (clipped by
    /// masksToBounds), border, all masked by the mask layer.
    @inline(never)
    mutating func emitBody(
        _ layer: SceneLayer, from lookup: LayerLookup, world: Transform3D, alpha: Double, clip: PixelRect?,
        shadows: Bool
    ) {
        let state = layer.state
        var mask: [DrawItem]?
        if let maskID = state.mask {
            // A mask that shows nothing hides the whole layer; an unknown mask id is no mask.
            guard let items = maskItems(maskID, from: lookup, world: world) else { return }
            mask = items.isEmpty ? nil : items
        }
        let start = items.count
        let bounds = state.bounds.standardized
        let radii = Self.cornerRadii(of: state, in: bounds)
        let curve = Self.cornerCurve(of: state)
        if let color = state.backgroundColor {
            appendRect(
                world: world, rect: bounds, radii: radii, curve: curve, color: color, borderWidth: nil, alpha: alpha,
                clip: clip)
        }
        emitClippedContent(
            layer, from: lookup, world: world, bounds: bounds, radii: radii, alpha: alpha, clip: clip,
            shadows: shadows)
        if state.borderWidth > 0, let color = state.borderColor {
            appendRect(
                world: world, rect: bounds, radii: radii, curve: curve, color: color, borderWidth: state.borderWidth,
                alpha: alpha, clip: clip)
        }
        if state.layerClass == .emitter {
            emitParticles(of: layer, world: world, bounds: bounds, radii: radii, alpha: alpha, clip: clip)
        }
        if let mask { wrapTail(from: start, mask: mask, clip: clip) }
    }

    /// The mask layer's items in the masked layer's space: nil when it draws nothing, empty when there is
    /// no such layer.
    @inline(never)
    private mutating func maskItems(_ id: LayerID, from lookup: LayerLookup, world: Transform3D) -> [DrawItem]? {
        guard let maskLayer = lookup.layer(id) else { return [] }
        let start = items.count
        emit(
            maskLayer, from: lookup, under: .layer(nil), above: world.flatteningDepth, alpha: 1, clip: nil,
            shadows: true)
        let maskItems = cutTail(from: start)
        return maskItems.isEmpty ? nil : maskItems
    }

    /// Contents and sublayers, which `masksToBounds` clips: by pixels when the bounds land on whole output
    /// pixels without rounded corners, otherwise in a group masked by the rounded bounds.
    @inline(never)
    private mutating func emitClippedContent(
        _ layer: SceneLayer, from lookup: LayerLookup, world: Transform3D, bounds: Rect, radii: CornerRadii,
        alpha: Double, clip: PixelRect?, shadows: Bool
    ) {
        guard layer.state.masksToBounds else {
            emitContents(of: layer.state, world: world, alpha: alpha, clip: clip)
            emitTiles(of: layer, world: world, alpha: alpha, clip: clip)
            emitSublayers(of: layer, from: lookup, world: world, alpha: alpha, clip: clip, shadows: shadows)
            return
        }
        if radii.isZero, let pixels = world.pixelAlignedImage(of: bounds) {
            guard let inner = pixels.clipped(to: clip) else { return }
            emitContents(of: layer.state, world: world, alpha: alpha, clip: inner)
            emitTiles(of: layer, world: world, alpha: alpha, clip: inner)
            emitSublayers(of: layer, from: lookup, world: world, alpha: alpha, clip: inner, shadows: shadows)
            return
        }
        let start = items.count
        emitContents(of: layer.state, world: world, alpha: alpha, clip: clip)
        emitTiles(of: layer, world: world, alpha: alpha, clip: clip)
        emitSublayers(of: layer, from: lookup, world: world, alpha: alpha, clip: clip, shadows: shadows)
        wrapTail(
            from: start, maskedBy: world, bounds: bounds, radii: radii, curve: Self.cornerCurve(of: layer.state),
            clip: clip)
    }

    /// The sublayers, sorted by zPosition (stable: equal values keep their order), each drawn into this
    /// layer's plane.
    @inline(never)
    private mutating func emitSublayers(
        of layer: SceneLayer, from lookup: LayerLookup, world: Transform3D, alpha: Double, clip: PixelRect?,
        shadows: Bool
    ) {
        let ids = layer.sublayers
        guard !ids.isEmpty else { return }
        if layer.state.layerClass == .replicator {
            emitReplicatorInstances(of: layer, from: lookup, world: world, alpha: alpha, clip: clip, shadows: shadows)
            return
        }
        let above = world.flatteningDepth
        let superlayer = Superlayer.layer(layer.state)
        let (children, order) = Self.sortedSublayers(ids, from: lookup)
        for k in children.indices {
            emit(
                children[order?[k] ?? k], from: lookup, under: superlayer, above: above, alpha: alpha, clip: clip,
                shadows: shadows)
        }
    }

    /// The sublayers (one lookup each) and, unless they are already in order (the usual case), the order
    /// of a stable sort by zPosition.
    @inline(never)
    static func sortedSublayers(_ ids: [LayerID], from lookup: LayerLookup) -> ([SceneLayer], [Int]?) {
        var children: [SceneLayer] = []
        children.reserveCapacity(ids.count)
        var zs: [Double] = []
        zs.reserveCapacity(ids.count)
        var sorted = true
        for id in ids {
            guard let child = lookup.layer(id) else { continue }
            let z = child.state.zPosition.isNaN ? 0 : child.state.zPosition
            if let last = zs.last, z < last { sorted = false }
            zs.append(z)
            children.append(child)
        }
        guard !sorted else { return (children, nil) }
        let order = children.indices.sorted { (zs[$0], $0) < (zs[$1], $1) }
        return (children, order)
    }

    // MARK: Items
    //
    // Kept out of line: the layer walk recurses through `emit`, and items inlined there would grow every
    // level's stack frame by their size.

    /// Appends a leaf unless it draws nothing: no alpha, behind the eye, or outside the output or its clip.
    @inline(never)
    mutating func appendLeaf(_ item: DrawItem) {
        guard let box = item.coverage, box.intersection(cull) != nil else { return }
        items.append(item)
    }

    /// A background (no `borderWidth`) or border with `alpha` applied to its colour.
    @inline(never)
    mutating func appendRect(
        world: Transform3D, rect: Rect, radii: CornerRadii, curve: CornerCurve = .circular, color: Color,
        borderWidth: Double?, alpha: Double, clip: PixelRect?
    ) {
        var color = color
        color.alpha *= alpha
        guard color.alpha > 0, color.isFinite else { return }
        appendLeaf(
            .rect(
                RectDraw(
                    transform: world, rect: rect, radii: radii, cornerCurve: curve, color: color,
                    borderWidth: borderWidth, clip: clip)
            ))
    }

    /// Removes and returns the items appended since `start`.
    @inline(never)
    mutating func cutTail(from start: Int) -> [DrawItem] {
        guard items.count > start else { return [] }
        let tail = Array(items[start...])
        items.removeSubrange(start...)
        return tail
    }

    /// Applies a group opacity to the items appended since `start`: one item takes it in its own alpha (the
    /// same pixels), more go into a group.
    @inline(never)
    mutating func wrapTail(from start: Int, opacity: Double, clip: PixelRect?) {
        switch items.count - start {
        case ...0: return
        case 1: items[start] = items[start].multiplyingAlpha(opacity)
        default:
            let inner = cutTail(from: start)
            guard let bounds = inner.coverage?.intersection(cull)?.clipped(to: clip) else { return }
            items.append(.group(GroupDraw(bounds: bounds, items: inner, opacity: opacity, clip: clip)))
        }
    }

    /// Masks the items appended since `start` by `mask`'s alpha (a mask layer's items).
    @inline(never)
    mutating func wrapTail(from start: Int, mask: [DrawItem], clip: PixelRect?) {
        let body = cutTail(from: start)
        guard let box = body.coverage, let maskBox = mask.coverage,
            let bounds = box.intersection(maskBox)?.intersection(cull)?.clipped(to: clip)
        else { return }
        items.append(.group(GroupDraw(bounds: bounds, items: body, mask: mask, clip: clip)))
    }

    /// Masks the items appended since `start` by the rounded rectangle `bounds` under `world` (masksToBounds).
    @inline(never)
    mutating func wrapTail(
        from start: Int, maskedBy world: Transform3D, bounds: Rect, radii: CornerRadii,
        curve: CornerCurve = .circular, clip: PixelRect?
    ) {
        let inner = cutTail(from: start)
        let shape = DrawItem.rect(
            RectDraw(transform: world, rect: bounds, radii: radii, cornerCurve: curve, color: .white))
        guard let box = inner.coverage, let shapeBox = shape.coverage,
            let groupBounds = box.intersection(shapeBox)?.intersection(cull)?.clipped(to: clip)
        else { return }
        items.append(.group(GroupDraw(bounds: groupBounds, items: inner, mask: [shape], clip: clip)))
    }

    mutating func warnOnce(_ message: String) {
        guard !warned else { return }
        warned = true
        Self.logger.warning("\(message)")
    }

    /// `cornerCurve` as the renderers draw it: `continuous` or, for anything else, circular.
    static func cornerCurve(of state: LayerState) -> CornerCurve {
        state.cornerCurve == CornerCurve.continuous.rawValue ? .continuous : .circular
    }

    /// `cornerRadius` on the corners `maskedCorners` names, clamped to half the shorter side.
    static func cornerRadii(of state: LayerState, in bounds: Rect) -> CornerRadii {
        let limit = min(bounds.width, bounds.height) / 2
        let radius = state.cornerRadius.isFinite ? min(max(0, state.cornerRadius), limit) : 0
        guard radius > 0 else { return .zero }
        let bits = state.maskedCorners
        let corners = bits.isFinite ? CornerMask(rawValue: UInt(max(0, min(bits, 15)))) : .all
        return CornerRadii(radius: radius, corners: corners)
    }
}
