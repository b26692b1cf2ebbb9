import AnimCore

extension DrawListBuilder {
    /// One sublayer of one instance of a replicator that preserves depth, placed in the 3D space they share.
    private struct Instanced {
        var depth: Double
        var order: Int
        var layer: SceneLayer
        var superlayer: Superlayer
        var lookup: LayerLookup
        var tint: Color
    }

    /// A CAReplicatorLayer's sublayers, drawn `instanceCount` times (its own background, contents, border and
    /// shadow are drawn once, by `emit`), as docs/core-animation-rules.md#careplicatorlayer states: instance i
    /// places the sublayers through `instanceTransform` compounded i times about the centre of the replicator's
    /// bounds, evaluates their animations i · instanceDelay earlier, and multiplies their colours by
    /// instanceColor plus i times the colour offsets (each component clamped to 0…1). Without preservesDepth the
    /// instances are flattened into the replicator's plane in instance order (each instance's sublayers sorted
    /// by zPosition); with it, every instance's sublayers share the replicator's 3D space and are painted
    /// farthest first as a CATransformLayer's are.
    @inline(never)  // out of the recursive layer walk's frames
    mutating func emitReplicatorInstances(
        of layer: SceneLayer, from lookup: LayerLookup, world: Transform3D, alpha: Double, clip: PixelRect?,
        shadows: Bool
    ) {
        let state = layer.state
        guard let replicator = state.special.replicator, !layer.sublayers.isEmpty else { return }
        let count = Self.instanceCount(replicator.instanceCount)
        let step = replicator.instanceTransform.allFinite ? replicator.instanceTransform : .identity
        let delay = replicator.instanceDelay.isFinite ? replicator.instanceDelay : 0
        let centre = state.bounds.center
        let intoCentre = Transform3D.translation(-centre.x, -centre.y, 0)
        let outOfCentre = Transform3D.translation(centre.x, centre.y, 0).concatenating(state.sublayerSpaceTransform)
        let preservesDepth = replicator.replicatorPreservesDepth
        var compounded = Transform3D.identity
        var collected: [Instanced] = []
        for i in 0..<count {
            guard visitsLeft > 0 else { break }
            defer { compounded = compounded.concatenating(step) }
            let tint = Self.instanceTint(replicator, index: i)
            guard tint.alpha > 0 else { continue }
            let superlayer = Superlayer(
                kind: .layer(sublayerSpace: intoCentre.concatenating(compounded).concatenating(outOfCentre)))
            let instanceLookup = lookup.delayed(by: Double(i) * delay)
            let (children, order) = Self.sortedSublayers(layer.sublayers, from: instanceLookup)
            if preservesDepth {
                for child in children {
                    let bounds = child.state.bounds.standardized
                    collected.append(
                        Instanced(
                            depth: superlayer.local(of: child.state).depth(atX: bounds.midX, y: bounds.midY),
                            order: collected.count, layer: child, superlayer: superlayer, lookup: instanceLookup,
                            tint: tint))
                }
                continue
            }
            let start = items.count
            for k in children.indices {
                emit(
                    children[order?[k] ?? k], from: instanceLookup, under: superlayer, above: world.flatteningDepth,
                    alpha: alpha, clip: clip, shadows: shadows)
            }
            tintTail(from: start, by: tint)
        }
        guard preservesDepth else { return }
        collected.sort { ($0.depth, $0.order) < ($1.depth, $1.order) }
        for entry in collected {
            let start = items.count
            emit(
                entry.layer, from: entry.lookup, under: entry.superlayer, above: world, alpha: alpha, clip: clip,
                shadows: shadows)
            tintTail(from: start, by: entry.tint)
        }
    }

    /// Instances a replicator draws at most: a client's instanceCount of a billion must not cost a frame a
    /// million layer visits (nested replicators multiply, and the walk's visit limit still bounds their product).
    static let maximumInstances = 10_000

    /// instanceCount as a number of instances: rounded down, none when below 1 or NaN, at most
    /// `maximumInstances`.
    static func instanceCount(_ value: Double) -> Int {
        guard value >= 1 else { return 0 }
        return Int(min(value, Double(maximumInstances)).rounded(.down))
    }

    /// Instance `index`'s colour: instanceColor (white when nil) plus `index` times the offsets, each component
    /// clamped to 0…1.
    static func instanceTint(_ replicator: ReplicatorLayerProperties, index: Int) -> Color {
        let base = replicator.instanceColor ?? .white
        let k = Double(index)
        func component(_ value: Double, _ offset: Double) -> Double {
            let v = value + k * offset
            return v.isFinite ? min(1, max(0, v)) : (v == .infinity ? 1 : 0)
        }
        return Color(
            red: component(base.red, replicator.instanceRedOffset),
            green: component(base.green, replicator.instanceGreenOffset),
            blue: component(base.blue, replicator.instanceBlueOffset),
            alpha: component(base.alpha, replicator.instanceAlphaOffset))
    }

    /// Multiplies the colours of the items appended since `start` by `tint` (nothing to do for white).
    private mutating func tintTail(from start: Int, by tint: Color) {
        guard tint != .white, items.count > start else { return }
        for i in start..<items.count { items[i] = items[i].tinted(by: tint) }
    }
}

extension Color {
    /// Each component multiplied by `other`'s: a straight-alpha colour seen through a replicator instance's tint.
    func multiplied(by other: Color) -> Color {
        Color(red: red * other.red, green: green * other.green, blue: blue * other.blue, alpha: alpha * other.alpha)
    }
}

extension DrawItem {
    /// The item with every colour it draws multiplied by `tint` (a replicator instance's colour): rectangles',
    /// paths', shadows' and particles' colours, images' tints, a group's items. A group's mask is left alone: only its
    /// alpha counts, and the items it masks already carry the tint's alpha.
    func tinted(by tint: Color) -> DrawItem {
        switch self {
        case .rect(var r):
            r.color = r.color.multiplied(by: tint)
            return .rect(r)
        case .image(var i):
            i.tint = i.tint.multiplied(by: tint)
            return .image(i)
        case .path(var p):
            p.color = p.color.multiplied(by: tint)
            return .path(p)
        case .group(var g):
            g.items = g.items.map { $0.tinted(by: tint) }
            return .group(g)
        case .shadow(var s):
            s.color = s.color.multiplied(by: tint)
            return .shadow(s)
        case .particles(var p):
            p.particles = p.particles.map {
                var particle = $0
                particle.color = particle.color.multiplied(by: tint)
                return particle
            }
            return .particles(p)
        }
    }
}
