import AnimCore
import Foundation

extension DrawListBuilder {
    /// An emitter layer's particles at its local time (`EmitterSimulation` over its history), above its background, contents,
    /// sublayers and border, clipped by `masksToBounds` (docs/core-animation-rules.md#caemitterlayer): one
    /// `ParticleDraw` per cell with an image, cells in depth-first order (a cell before its sub-cells), each cell's
    /// particles in the order `renderMode` asks for.
    @inline(never)  // out of the recursive layer walk's frames
    mutating func emitParticles(
        of layer: SceneLayer, world: Transform3D, bounds: Rect, radii: CornerRadii, alpha: Double, clip: PixelRect?
    ) {
        guard let emitter = layer.state.special.emitter, !emitter.emitterCells.isEmpty, alpha > 0,
            let time = scene.localTime(of: layer.id)
        else { return }
        var clip = clip
        var maskedByShape = false
        if layer.state.masksToBounds {
            if radii.isZero, let pixels = world.pixelAlignedImage(of: bounds) {
                guard let inner = pixels.clipped(to: clip) else { return }
                clip = inner
            } else {
                maskedByShape = true
            }
        }
        // The history's values for the particles born under them, the frame's (animated) values for the newest.
        let simulation =
            scene.emitterHistory(of: layer.id).map { EmitterSimulation(history: $0, presentation: emitter) }
            ?? EmitterSimulation(layer: emitter)
        let particles = simulation.particles(at: time)
        guard !particles.isEmpty else { return }
        let start = items.count
        let blend: ParticleBlend = emitter.renderMode == "additive" ? .additive : .sourceOver
        var first = 0
        while first < particles.count {
            let cellIndex = particles[first].cell
            var end = first
            while end < particles.count && particles[end].cell == cellIndex { end += 1 }
            defer { first = end }
            let cell = simulation.flattenedCells[cellIndex].cell
            guard let id = cell.contents, let image = scene.image(id) else { continue }
            let r = cell.contentsRect
            let w = Double(image.width)
            let h = Double(image.height)
            let source = Rect(x: r.origin.x * w, y: r.origin.y * h, width: r.size.width * w, height: r.size.height * h)
            let scale = cell.contentsScale > 0 && cell.contentsScale.isFinite ? cell.contentsScale : 1
            let size = (abs(source.width) / scale, abs(source.height) / scale)
            guard size.0 > 0, size.1 > 0 else { continue }
            let run = Self.ordered(particles[first..<end], renderMode: emitter.renderMode)
            var instances: [ParticleInstance] = []
            instances.reserveCapacity(run.count)
            for p in run where p.scale > 0 && p.color.alpha > 0 {
                let pw = size.0 * p.scale
                let ph = size.1 * p.scale
                let c = cos(p.angle)
                let s = sin(p.angle)
                instances.append(
                    ParticleInstance(
                        placement: AffineTransform(a: c, b: s, c: -s, d: c, tx: p.x, ty: p.y),
                        rect: Rect(x: -pw / 2, y: -ph / 2, width: pw, height: ph), color: p.color))
            }
            guard !instances.isEmpty else { continue }
            appendLeaf(
                .particles(
                    ParticleDraw(
                        transform: world, image: image, source: source,
                        minificationFilter: ImageFilter(rawValue: cell.minificationFilter) ?? .linear,
                        magnificationFilter: ImageFilter(rawValue: cell.magnificationFilter) ?? .linear, blend: blend,
                        particles: instances, alpha: alpha, clip: clip)))
        }
        if maskedByShape, items.count > start {
            wrapTail(from: start, maskedBy: world, bounds: bounds, radii: radii, clip: clip)
        }
    }

    /// One cell's particles in drawing order, back to front: `oldestFirst` draws the oldest first (the newest on
    /// top), `oldestLast` the reverse, `backToFront` by increasing z (stable); `unordered` and `additive` in birth
    /// order (as `oldestFirst` for a top-level cell).
    static func ordered(_ run: ArraySlice<Particle>, renderMode: String) -> [Particle] {
        switch renderMode {
        case "oldestFirst":
            return run.enumerated().sorted { ($1.element.age, $0.offset) < ($0.element.age, $1.offset) }.map(\.element)
        case "oldestLast":
            return run.enumerated().sorted { ($0.element.age, $0.offset) < ($1.element.age, $1.offset) }.map(\.element)
        case "backToFront":
            return run.enumerated().sorted { ($0.element.z, $0.offset) < ($1.element.z, $1.offset) }.map(\.element)
        default:
            return Array(run)
        }
    }
}
