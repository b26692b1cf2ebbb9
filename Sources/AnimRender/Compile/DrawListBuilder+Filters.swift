import AnimCore

extension DrawListBuilder {
    /// What a layer's `filters`, `backgroundFilters` and `compositingFilter` ask of its group
    /// (docs/core-animation-rules.md#filters); nil when they ask nothing (no filter, or only ones that change
    /// nothing, such as a blur of radius 0).
    struct LayerFiltering {
        var filters: [GroupFilter]
        var backdrop: [GroupFilter]
        var blend: GroupBlend

        init?(_ state: LayerState, world: Transform3D) {
            let own = state.filters ?? []
            let behind = state.backgroundFilters ?? []
            let mode = state.compositingFilter.flatMap(BlendMode.init(filterName:))
            guard !own.isEmpty || !behind.isEmpty || mode != nil else { return nil }
            // A blur's radius is in layer units: scaled as a shadow's is, by the world transform's area scale at
            // the anchor point.
            let anchor = state.anchorPointInLayer
            let areaScale = world.jacobian(atX: anchor.x, y: anchor.y).map { $0.a * $0.d - $0.b * $0.c } ?? 0
            filters = Self.groupFilters(own, areaScale: areaScale)
            backdrop = Self.groupFilters(behind, areaScale: areaScale)
            blend = mode.map(GroupBlend.blend) ?? .sourceOver
            guard !filters.isEmpty || !backdrop.isEmpty || mode != nil else { return nil }
        }

        static func groupFilters(_ list: [LayerFilter], areaScale: Double) -> [GroupFilter] {
            list.compactMap { filter in
                switch filter.effect {
                case .gaussianBlur(let radius):
                    let sigma = GaussianKernel.shadowSigma(shadowRadius: radius, areaScale: areaScale)
                    return GaussianKernel.reach(sigma: sigma) > 0 ? .blur(sigma: sigma) : nil
                case .colorMatrix(let m):
                    guard m.count == FilterParameter.matrixCount, m.allSatisfy(\.isFinite),
                        m != FilterParameter.identityMatrix
                    else { return nil }
                    return .colorMatrix(m.map { Float($0) })
                }
            }
        }
    }

    /// A layer with filters: its shadow as usual, then everything else it draws in one group that carries the
    /// filters, the backdrop (the layer's rounded bounds) and the blend mode, with the layer's opacity times
    /// `alpha`. The items are culled wider by the blur's reach (content just outside the output blurs into it)
    /// and clipped only as a group, after the blur.
    mutating func emitFiltered(
        _ layer: SceneLayer, _ filtering: LayerFiltering, from lookup: LayerLookup, world: Transform3D,
        alpha: Double, clip: PixelRect?, shadows: Bool
    ) {
        let state = layer.state
        if shadows { emitShadow(layer, from: lookup, world: world, alpha: alpha, clip: clip) }
        let reach = GroupFilter.reach(filtering.filters)
        let output = cull
        cull = output.outset(by: reach)
        let start = items.count
        emitBody(layer, from: lookup, world: world, alpha: 1, clip: nil, shadows: shadows)
        cull = output
        let inner = cutTail(from: start)
        var box = inner.coverage?.outset(by: reach).intersection(output.outset(by: reach))
        var backdrop: BackdropDraw?
        if !filtering.backdrop.isEmpty {
            let bounds = state.bounds.standardized
            let radii = Self.cornerRadii(of: state, in: bounds)
            let shape = DrawItem.rect(RectDraw(transform: world, rect: bounds, radii: radii, color: .white))
            if let shapeBox = shape.coverage?.intersection(output) {
                backdrop = BackdropDraw(
                    transform: world, rect: bounds, radii: radii, filters: filtering.backdrop, bounds: shapeBox)
                box = box.map { $0.union(shapeBox) } ?? shapeBox
            }
        }
        guard let box, box.intersection(output)?.clipped(to: clip) != nil else { return }
        items.append(
            .group(
                GroupDraw(
                    bounds: box, items: inner, opacity: alpha, blend: filtering.blend, clip: clip,
                    filters: filtering.filters, backdrop: backdrop)))
    }
}
