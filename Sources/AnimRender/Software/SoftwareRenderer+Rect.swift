import AnimCore
import CPixman

extension SoftwareRenderer {
    /// A `RectDraw`: a pixman fill when the rule covers whole pixels exactly (axis-aligned, no radii, no border,
    /// whole-pixel edges or no antialiasing); an axis-aligned rectangle without a border as solid fills of its
    /// constant-coverage boxes plus masks for its corners (`AxisAlignedCoverage`); else the colour through a
    /// `RectCoverage` mask. All three give the same bytes.
    func drawRect(_ r: RectDraw, into target: DrawTarget) throws(RenderError) {
        if let outline = r.continuousOutline { return try drawPath(outline, into: target) }
        guard let clip = target.clip(r.clip) else { return }
        let color = Pixman.premultiplied8(r.color)
        guard color.a > 0 else { return }
        if r.radii.isZero, r.borderWidth == nil,
            let pixels = Self.wholePixels(r.transform, rect: r.rect, antialiased: r.antialiased)
        {
            guard let box = pixels.intersection(clip) else { return }
            Pixman.fill(target.image, rect: target.local(box), color: color, op: PIXMAN_OP_OVER)
            stats.itemsDrawn += 1
            return
        }
        let splits = useAxisAlignedSplit && r.borderWidth == nil
        let key =
            splits
            ? RectPlanKey(transform: r.transform, rect: r.rect, radii: r.radii, antialiased: r.antialiased)
            : nil
        if let key, let plan = planCache.plan(for: key, clip: clip) {
            try draw(plan, color: color, clip: clip, into: target)
            return
        }
        let coverage = RectCoverage(
            transform: r.transform, rect: r.rect, radii: r.radii, borderWidth: r.borderWidth,
            antialiased: r.antialiased)
        guard let coverage, let box = coverage.outputBounds?.intersection(clip) else {
            if let key, planCache.admits(key) {
                // Holds only the bounds: a hit for every clip it does not meet.
                planCache.store(
                    RectPlan(
                        key: key, bounds: coverage?.outputBounds, area: nil, boxes: [], blocks: [], bytes: []))
            }
            return
        }
        // A plan for the whole image, not just this clip: later draws under other clips (damage rectangles) reuse it.
        if splits, let area = coverage.outputBounds?.intersection(target.extent),
            axisCoverage.split(coverage, area: area, alpha: 1)
        {
            guard let key, planCache.admits(key) else {
                // Drawn from the split itself, through buffers reused from draw to draw.
                collectBlocks(into: &splitBlocks, bytes: &splitBytes)
                try draw(
                    boxes: axisCoverage.boxes, blocks: splitBlocks, bytes: splitBytes, area: area, color: color,
                    clip: clip, into: target)
                return
            }
            let plan = makePlan(key: key, bounds: coverage.outputBounds, area: area)
            planCache.store(plan)
            try draw(plan, color: color, clip: clip, into: target)
            return
        }
        let mask = try pool.take(box, format: PIXMAN_a8)
        defer { pool.recycle(mask) }
        coverage.rasterize(into: mask.base, stride: mask.stride, area: box, alpha: 1)
        try composite(color: color, mask: mask, into: target)
        stats.itemsDrawn += 1
    }

    /// `axisCoverage`'s last split as a plan: its boxes, and its blocks' bytes.
    private func makePlan(key: RectPlanKey, bounds: PixelRect?, area: PixelRect) -> RectPlan {
        var blocks: [(rect: PixelRect, offset: Int)] = []
        var bytes: [UInt8] = []
        if !axisCoverage.blocks.isEmpty {
            blocks.reserveCapacity(axisCoverage.blocks.count)
            bytes.reserveCapacity(axisCoverage.blocks.reduce(0) { $0 + $1.pixelCount })
        }
        collectBlocks(into: &blocks, bytes: &bytes)
        // A copy of exactly the boxes: sharing `axisCoverage.boxes` would keep that buffer, with the spare room of
        // the largest split so far, alive in every plan, and make the next split copy it.
        var boxes: [CoverageBox] = []
        boxes.reserveCapacity(axisCoverage.boxes.count)
        boxes.append(contentsOf: axisCoverage.boxes)
        return RectPlan(key: key, bounds: bounds, area: area, boxes: boxes, blocks: blocks, bytes: bytes)
    }

    /// The blocks of `axisCoverage`'s last split and their bytes, appended after what `blocks` and `bytes` hold
    /// (emptied first, their room kept).
    private func collectBlocks(into blocks: inout [(rect: PixelRect, offset: Int)], bytes: inout [UInt8]) {
        blocks.removeAll(keepingCapacity: true)
        bytes.removeAll(keepingCapacity: true)
        for block in axisCoverage.blocks {
            axisCoverage.withBlock(block) { source in
                blocks.append((block, bytes.count))
                bytes.append(contentsOf: UnsafeBufferPointer(start: source, count: block.pixelCount))
            }
        }
    }

    /// Draws a kept plan (see `draw(boxes:blocks:bytes:area:color:clip:into:)`).
    private func draw(
        _ plan: RectPlan, color: (r: UInt8, g: UInt8, b: UInt8, a: UInt8), clip: PixelRect,
        into target: DrawTarget
    ) throws(RenderError) {
        guard let area = plan.area else { return }
        try draw(
            boxes: plan.boxes, blocks: plan.blocks, bytes: plan.bytes, area: area, color: color, clip: clip,
            into: target)
    }

    /// Draws a split rectangle (its constant-coverage boxes, and its blocks with their bytes, inside `area`) in
    /// `color`, cut to `clip`. Small boxes and blocks (edge strips, corners) are blended here (`SolidOver`,
    /// pixman's arithmetic); larger ones go to pixman: each coverage byte's boxes in one fill of the colour scaled
    /// by that byte (pixman's in(), so the bytes match the masked composite), blocks through `blockMask`.
    private func draw(
        boxes planBoxes: [CoverageBox], blocks planBlocks: [(rect: PixelRect, offset: Int)], bytes planBytes: [UInt8],
        area: PixelRect, color: (r: UInt8, g: UInt8, b: UInt8, a: UInt8), clip: PixelRect, into target: DrawTarget
    ) throws(RenderError) {
        guard !planBoxes.isEmpty || !planBlocks.isEmpty else { return }
        guard area.intersection(clip) != nil else { return }
        stats.itemsDrawn += 1
        let pixel = UInt32(color.a) << 24 | UInt32(color.r) << 16 | UInt32(color.g) << 8 | UInt32(color.b)
        let boxes: [CoverageBox]
        if clip.contains(area) {
            boxes = planBoxes
        } else {
            clippedBoxes.removeAll(keepingCapacity: true)
            for box in planBoxes {
                if let rect = box.rect.intersection(clip) {
                    clippedBoxes.append(CoverageBox(rect: rect, value: box.value))
                }
            }
            boxes = clippedBoxes
        }
        let pixels = target.pixels
        func inSwift(_ rect: PixelRect) -> Bool { pixels != nil && Self.blendsInSwift(rect) }
        for box in boxes {
            guard let pixels, inSwift(box.rect) else { continue }
            let at = target.local(box.rect)
            SolidOver.fill(
                box.value == 255 ? pixel : SolidOver.scale(pixel, by: UInt32(box.value)),
                base: pixels.base + at.y * pixels.rowPixels + at.x, rowPixels: pixels.rowPixels, width: at.width,
                height: at.height)
        }
        // The rest in one pixman fill per byte, at the first box with that byte.
        for (i, first) in boxes.enumerated() where !inSwift(first.rect) {
            guard !boxes[..<i].contains(where: { $0.value == first.value && !inSwift($0.rect) }) else { continue }
            fillBoxes.removeAll(keepingCapacity: true)
            for box in boxes[i...] where box.value == first.value && !inSwift(box.rect) {
                let at = target.local(box.rect)
                fillBoxes.append(
                    pixman_box32_t(x1: Int32(at.x), y1: Int32(at.y), x2: Int32(at.maxX), y2: Int32(at.maxY)))
            }
            let scaled = Pixman.scaled(color, by: first.value)
            if scaled.a < 255, let solidImage {
                // What pixman_image_fill_boxes does for a translucent colour, without its solid image per call.
                solidPixel.pointee =
                    UInt32(scaled.a) << 24 | UInt32(scaled.r) << 16 | UInt32(scaled.g) << 8 | UInt32(scaled.b)
                for box in fillBoxes {
                    pixman_image_composite32(
                        PIXMAN_OP_OVER, solidImage, nil, target.image, 0, 0, 0, 0, box.x1, box.y1, box.x2 - box.x1,
                        box.y2 - box.y1)
                }
                continue
            }
            var c = Pixman.color16(scaled)
            guard pixman_image_fill_boxes(PIXMAN_OP_OVER, target.image, &c, Int32(fillBoxes.count), fillBoxes) != 0
            else { throw .outOfMemory(size: PixelSize(width: 1, height: 1)) }
        }
        var solid: OpaquePointer?
        defer { if let solid { pixman_image_unref(solid) } }
        for block in planBlocks {
            guard let cut = block.rect.intersection(clip) else { continue }
            let at = target.local(cut)
            // The cut's first byte in the block's bytes.
            let first = block.offset + (cut.y - block.rect.y) * block.rect.width + cut.x - block.rect.x
            if let pixels, inSwift(cut) {
                planBytes.withUnsafeBufferPointer { bytes in
                    guard let mask = bytes.baseAddress else { return }
                    SolidOver.masked(
                        pixel, mask: mask + first, maskStride: block.rect.width,
                        base: pixels.base + at.y * pixels.rowPixels + at.x, rowPixels: pixels.rowPixels,
                        width: at.width, height: at.height)
                }
                continue
            }
            let mask = try blockMask(fitting: cut)
            for row in 0..<cut.height {
                for x in 0..<cut.width {
                    mask.base[row * mask.stride + x] = planBytes[first + row * block.rect.width + x]
                }
            }
            if solid == nil { solid = Pixman.solid(color) }
            guard let solid else { throw .outOfMemory(size: PixelSize(width: 1, height: 1)) }
            pixman_image_composite32(
                PIXMAN_OP_OVER, solid, mask.image, target.image, 0, 0, 0, 0, Int32(at.x), Int32(at.y),
                Int32(at.width), Int32(at.height))
        }
    }

    /// Boxes blended in Swift rather than by a pixman call: thin columns (pixman walks them a row at a time) and
    /// boxes small enough that a call's fixed cost exceeds the blending.
    @inline(__always)
    static func blendsInSwift(_ box: PixelRect) -> Bool {
        box.width <= 4 || box.pixelCount <= 256
    }

    /// `blockMask`, replaced by a larger one when `block` does not fit.
    private func blockMask(fitting block: PixelRect) throws(RenderError) -> Offscreen {
        if let mask = blockMask, mask.rect.width >= block.width, mask.rect.height >= block.height { return mask }
        let old = blockMask?.rect ?? PixelRect(x: 0, y: 0, width: 64, height: 64)
        if let mask = blockMask { pool.recycle(mask) }
        blockMask = nil
        let mask = try pool.take(
            PixelRect(x: 0, y: 0, width: max(old.width, block.width), height: max(old.height, block.height)),
            format: PIXMAN_a8)
        blockMask = mask
        return mask
    }

    /// The output pixels `rect` covers fully, when the coverage rule gives exactly those pixels 1 and every other
    /// pixel 0: an axis-aligned scale and translation (m12 = m21 = m14 = m24 = 0, m44 > 0) whose mapped edges
    /// lie on whole pixels (within 1e-9), or any such mapping without antialiasing (pixel centres inside or on
    /// the edges). nil when the rule needs a mask. An empty result is a rectangle that covers nothing.
    static func wholePixels(_ t: Transform3D, rect: Rect, antialiased: Bool) -> PixelRect? {
        guard t.isFinite, rect.isFinite, t.m12 == 0, t.m21 == 0, t.m14 == 0, t.m24 == 0, t.m44 > 0, t.m11 != 0,
            t.m22 != 0
        else { return nil }
        let ax = (rect.minX * t.m11 + t.m41) / t.m44
        let bx = (rect.maxX * t.m11 + t.m41) / t.m44
        let ay = (rect.minY * t.m22 + t.m42) / t.m44
        let by = (rect.maxY * t.m22 + t.m42) / t.m44
        let limit = Double(1 << 28)
        func clamped(_ v: Double) -> Double { min(limit, max(-limit, v)) }
        let edges = (clamped(min(ax, bx)), clamped(max(ax, bx)), clamped(min(ay, by)), clamped(max(ay, by)))
        let x0: Int
        let x1: Int
        let y0: Int
        let y1: Int
        if antialiased {
            func whole(_ v: Double) -> Int? { abs(v - v.rounded()) <= 1e-9 ? Int(v.rounded()) : nil }
            guard let a = whole(edges.0), let b = whole(edges.1), let c = whole(edges.2), let d = whole(edges.3)
            else { return nil }
            (x0, x1, y0, y1) = (a, b, c, d)
        } else {
            // Pixel i is covered when x0 ≤ i + 0.5 ≤ x1.
            func first(_ v: Double) -> Int { Int((v - 0.5).rounded(.up)) }
            func last(_ v: Double) -> Int { Int((v - 0.5).rounded(.down)) + 1 }
            (x0, x1, y0, y1) = (first(edges.0), last(edges.1), first(edges.2), last(edges.3))
        }
        return PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}
