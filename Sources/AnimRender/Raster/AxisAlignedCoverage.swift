import AnimCore

/// Output pixels that all have the same coverage byte. The rectangle is kept in 32-bit numbers (20 bytes a box,
/// not 40): the software renderer keeps a plan of boxes per drawn rectangle, and a box lies inside a buffer of
/// at most 2¹⁵ pixels a side.
struct CoverageBox: Equatable {
    private var x: Int32
    private var y: Int32
    private var width: Int32
    private var height: Int32
    var value: UInt8

    init(rect: PixelRect, value: UInt8) {
        x = Int32(clamping: rect.x)
        y = Int32(clamping: rect.y)
        width = Int32(clamping: rect.width)
        height = Int32(clamping: rect.height)
        self.value = value
    }

    var rect: PixelRect {
        get { PixelRect(x: Int(x), y: Int(y), width: Int(width), height: Int(height)) }
        set { self = CoverageBox(rect: newValue, value: value) }
    }
}

/// `RectCoverage`'s bytes for a rectangle whose axes stay on the output's (scale, mirror, translation: no rotation,
/// skew or perspective) and that has no border, as boxes of one byte each plus a few blocks (the corners) whose
/// bytes vary pixel by pixel. Drawing the boxes as solid fills and only the blocks through masks gives exactly the
/// bytes of `RectCoverage.rasterize`, at the cost of the rectangle's perimeter instead of its area.
///
/// Why the bytes are the same: when K's off-axis terms (k1, k2, k3, k5) are zero, the rule's local point for pixel
/// (i, j) is q = (qx(i), qy(j)) — qx from the column alone, qy from the row alone, computed here with the same
/// floating-point operations as `RectCoverage.evaluate` — with w = k8 and J = diag(k0, k4) / k8 at every pixel. So the
/// coverage is G(qx(i), qy(j)), G being `RoundedRect.coverage`. Within a quadrant (one corner radius r), with
/// px = |qx − cx| − bx + r and py likewise, G takes its x branch (a function of px alone) when not both are positive
/// and px ≥ py, its y branch when not both are positive and px < py. A column is *inside* when px ≤ −hx, hx being
/// more than half a pixel in local units (0 without antialiasing): there the x branch is exactly 1 and px < 0. Rows
/// likewise. Then, per quadrant:
/// - inside columns × inside rows: 1 whichever branch G takes;
/// - outer columns × the inside rows whose py ≤ the smallest px of the outer columns: the x branch, one byte per
///   column;
/// - the inside columns whose px < the smallest py of the outer rows × outer rows: the y branch, one byte per row;
/// - what is left (the corner): per pixel.
/// Narrowing a quadrant's inside ranges keeps all four statements true, so the four quadrants share one inside
/// rectangle. Each strip's byte is G at one pixel of it, never a re-derived formula.
struct AxisAlignedCoverage {
    /// The constant boxes of the last `split` (zero bytes left out), inside its area.
    private(set) var boxes: [CoverageBox] = []
    /// The rectangles of the last `split` whose bytes `writeBlock` computes pixel by pixel, inside its area.
    private(set) var blocks: [PixelRect] = []
    private var rule = AxisRule.none
    private var scale = 0.0
    private var columnQ: [Double] = []
    private var blockTerms: [Double] = []
    private var cornerCache = CornerCache()
    private var stripTop: [UInt8] = []
    private var stripBottom: [UInt8] = []

    /// Splits `coverage`'s pixels in `area` (bytes round(255 × coverage × `alpha`), as `rasterize` writes) into
    /// `boxes` and `blocks`, which together cover `area ∩ outputBounds` once. false, with nothing split, when the
    /// coverage is a border or its transform is not axis-aligned (use `rasterize`).
    mutating func split(_ coverage: RectCoverage, area: PixelRect, alpha: Double) -> Bool {
        boxes.removeAll(keepingCapacity: true)
        blocks.removeAll(keepingCapacity: true)
        guard !coverage.isBorder, let rule = AxisRule(coverage) else { return false }
        scale = 255 * min(1, max(0, alpha.isFinite ? alpha : 0))
        guard let area = coverage.outputBounds?.intersection(area), (scale).rounded() > 0 else { return true }
        guard rule.isFinite(over: area) else { return false }
        self.rule = rule
        splitQuadrants(area)
        return true
    }

    /// Writes the bytes of `rect` (one of `blocks`) into `base`, rows `stride` bytes apart; true when any is not 0.
    mutating func writeBlock(_ rect: PixelRect, into base: UnsafeMutablePointer<UInt8>, stride: Int) -> Bool {
        let r = blockKey(rect)
        return blockBytes(rect, radius: r, into: base, stride: stride)
    }

    /// Calls `body` with the bytes of `rect` (one of `blocks`), rows `rect.width` bytes apart, unless all are 0.
    /// Blocks of at most `CornerCache.maxPixels` come from a cache keyed by every input of their bytes (each
    /// column's px, each row's py, the radius, the jacobian, antialiasing and alpha), so rectangles that share a
    /// radius and sub-pixel phase compute their corners once.
    mutating func withBlock(_ rect: PixelRect, _ body: (UnsafePointer<UInt8>) -> Void) {
        if rect.pixelCount <= CornerCache.minPixels {
            // A square corner: G itself, cheaper than terms and a look-up.
            var bytes: (UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 0)
            var any: UInt8 = 0
            let r = rule.shape.radius(right: rule.x.isPositive(rect.x), bottom: rule.y.isPositive(rect.y))
            let arc = rule.arcShortcut(radius: r)
            withUnsafeMutableBytes(of: &bytes) { raw in
                for j in 0..<rect.height {
                    let py = rule.y.p(rect.y + j, radius: r)
                    for i in 0..<rect.width {
                        let px = rule.x.p(rect.x + i, radius: r)
                        // Outside the arc by more than half a pixel (as `blockBytes`): 0 without the rule.
                        if px > 0, py > 0, px * px + py * py >= arc.zeroAbove { continue }
                        let v = byte(rule.coverage(qx: rule.qx(rect.x + i), qy: rule.qy(rect.y + j)))
                        raw[j * rect.width + i] = v
                        any |= v
                    }
                }
            }
            guard any != 0 else { return }
            withUnsafeBytes(of: &bytes) { raw in
                if let base = raw.baseAddress?.assumingMemoryBound(to: UInt8.self) { body(base) }
            }
            return
        }
        let r = blockKey(rect)
        if rect.pixelCount <= CornerCache.maxPixels, let hit = cornerCache.bytes(for: blockTerms) {
            if hit.any { hit.bytes.withUnsafeBufferPointer { if let base = $0.baseAddress { body(base) } } }
            return
        }
        var bytes = [UInt8](repeating: 0, count: rect.pixelCount)
        let any = bytes.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress.map { blockBytes(rect, radius: r, into: $0, stride: rect.width) } ?? false
        }
        if rect.pixelCount <= CornerCache.maxPixels { cornerCache.store(bytes, any: any, for: blockTerms) }
        if any { bytes.withUnsafeBufferPointer { if let base = $0.baseAddress { body(base) } } }
    }

    /// Fills `blockTerms` with every input of `rect`'s bytes: the radius, the jacobian, alpha, antialiasing, the
    /// size, then px per column and py per row as G computes them; returns the radius. A block lies in one
    /// quadrant, so one radius serves every pixel.
    private mutating func blockKey(_ rect: PixelRect) -> Double {
        let r = rule.shape.radius(right: rule.x.isPositive(rect.x), bottom: rule.y.isPositive(rect.y))
        blockTerms.removeAll(keepingCapacity: true)
        blockTerms.reserveCapacity(Self.termsHeader + rect.width + rect.height)
        blockTerms.append(r)
        blockTerms.append(rule.j11)
        blockTerms.append(rule.j22)
        blockTerms.append(scale)
        blockTerms.append(rule.antialiased ? 1 : 0)
        blockTerms.append(Double(rect.width))
        blockTerms.append(Double(rect.height))
        for x in rect.x..<rect.maxX { blockTerms.append(rule.x.p(x, radius: r)) }
        for y in rect.y..<rect.maxY { blockTerms.append(rule.y.p(y, radius: r)) }
        return r
    }

    /// The values `blockKey` puts before the px terms.
    private static let termsHeader = 7

    /// The bytes of `rect` from the terms `blockKey` left; true when any is not 0.
    private mutating func blockBytes(
        _ rect: PixelRect, radius r: Double, into base: UnsafeMutablePointer<UInt8>, stride: Int
    ) -> Bool {
        let rule = self.rule
        let full = byte(1)
        let arc = rule.arcShortcut(radius: r)
        columnQ.removeAll(keepingCapacity: true)
        for x in rect.x..<rect.maxX { columnQ.append(rule.qx(x)) }
        let px0 = Self.termsHeader
        let py0 = px0 + rect.width
        var any: UInt8 = 0
        for j in 0..<rect.height {
            let qy = rule.qy(rect.y + j)
            let py = blockTerms[py0 + j]
            let row = base + j * stride
            for i in 0..<rect.width {
                let px = blockTerms[px0 + i]
                let v: UInt8
                if px > 0, py > 0, case let d2 = px * px + py * py, d2 <= arc.fullBelow || d2 >= arc.zeroAbove {
                    v = d2 <= arc.fullBelow ? full : 0
                } else {
                    v = byte(rule.coverage(qx: columnQ[i], qy: qy))
                }
                row[i] = v
                any |= v
            }
        }
        return any != 0
    }

    /// `UInt8(x.rounded())` for x in [0, 255] (half away from zero) without a libm call: the fraction x − ⌊x⌋ is
    /// exact in binary floating point.
    @inline(__always)
    private static func round(_ x: Double) -> UInt8 {
        let whole = UInt8(x)
        return x - Double(whole) >= 0.5 ? whole + 1 : whole
    }

    @inline(__always)
    private func byte(_ c: Double) -> UInt8 { Self.round(c * scale) }

    private mutating func splitQuadrants(_ area: PixelRect) {
        let columns = rule.x
        let rows = rule.y
        // The first column (row) on the other local side than the area's first; the area's end when none.
        let sx = columns.split(area.x..<area.maxX)
        let sy = rows.split(area.y..<area.maxY)
        // How many outer columns (rows) each end of the area needs: the most any quadrant there needs.
        var outer = (left: 0, right: 0, top: 0, bottom: 0)
        // A scan depends on its side and radius only: with equal radii, quadrants share them.
        typealias Scan = (radius: Double, outer: Int, edge: Double)
        var rowScans: (Scan?, Scan?) = (nil, nil)
        for side in 0..<2 {
            let columnSide = side == 0 ? area.x..<sx : sx..<area.maxX
            guard !columnSide.isEmpty else { continue }
            let right = columns.isPositive(columnSide.lowerBound)
            // The outer end of a side is where |s| grows: the high end when q grows to the right on the positive side.
            let columnsFromLow = right != (columns.k > 0)
            var columnScan: Scan?
            for rowHalf in 0..<2 {
                let rowSide = rowHalf == 0 ? area.y..<sy : sy..<area.maxY
                guard !rowSide.isEmpty else { continue }
                let bottom = rows.isPositive(rowSide.lowerBound)
                let rowsFromLow = bottom != (rows.k > 0)
                let r = rule.shape.radius(right: right, bottom: bottom)
                let c: Scan
                if let last = columnScan, last.radius == r {
                    c = last
                } else {
                    let scan = columns.scan(columnSide, fromLow: columnsFromLow, radius: r)
                    c = (r, scan.outer, scan.edge)
                    columnScan = c
                }
                let w: Scan
                if let last = rowHalf == 0 ? rowScans.0 : rowScans.1, last.radius == r {
                    w = last
                } else {
                    let scan = rows.scan(rowSide, fromLow: rowsFromLow, radius: r)
                    w = (r, scan.outer, scan.edge)
                    if rowHalf == 0 { rowScans.0 = w } else { rowScans.1 = w }
                }
                // Columns whose px < the smallest py of the outer rows; rows whose py ≤ the smallest px of the outer
                // columns.
                let cPrime = columns.extend(columnSide, fromLow: columnsFromLow, radius: r, from: c.outer) {
                    $0 < w.edge
                }
                let wPrime = rows.extend(rowSide, fromLow: rowsFromLow, radius: r, from: w.outer) { $0 <= c.edge }
                if columnsFromLow {
                    outer.left = max(outer.left, cPrime)
                } else {
                    outer.right = max(outer.right, cPrime)
                }
                if rowsFromLow { outer.top = max(outer.top, wPrime) } else { outer.bottom = max(outer.bottom, wPrime) }
            }
        }
        let l = area.x + outer.left
        let r = area.maxX - outer.right
        let t = area.y + outer.top
        let b = area.maxY - outer.bottom
        if l < r, t < b {
            boxes.append(CoverageBox(rect: PixelRect(x: l, y: t, width: r - l, height: b - t), value: byte(1)))
        }
        if t < b {
            verticalStrip(area.x..<l, rows: t..<b, split: sy)
            verticalStrip(r..<area.maxX, rows: t..<b, split: sy)
        }
        if l < r {
            horizontalStrip(area.y..<t, columns: l..<r, split: sx)
            horizontalStrip(b..<area.maxY, columns: l..<r, split: sx)
        }
        mergeBoxes()
        appendBlock(area.x..<l, area.y..<t)
        appendBlock(r..<area.maxX, area.y..<t)
        appendBlock(area.x..<l, b..<area.maxY)
        appendBlock(r..<area.maxX, b..<area.maxY)
    }

    /// Joins boxes of one byte that share a whole side (a rounded rectangle's full columns with its interior), so
    /// fewer fills are drawn.
    private mutating func mergeBoxes() {
        var merged = true
        while merged {
            merged = false
            var i = 0
            while i < boxes.count {
                var j = i + 1
                while j < boxes.count {
                    let a = boxes[i].rect
                    let b = boxes[j].rect
                    let sideBySide = a.y == b.y && a.height == b.height && (a.maxX == b.x || b.maxX == a.x)
                    let stacked = a.x == b.x && a.width == b.width && (a.maxY == b.y || b.maxY == a.y)
                    if boxes[i].value == boxes[j].value, sideBySide || stacked {
                        boxes[i].rect = a.union(b)
                        boxes.remove(at: j)
                        merged = true
                    } else {
                        j += 1
                    }
                }
                i += 1
            }
        }
    }

    private mutating func appendBlock(_ xs: Range<Int>, _ ys: Range<Int>) {
        guard !xs.isEmpty, !ys.isEmpty else { return }
        blocks.append(PixelRect(x: xs.lowerBound, y: ys.lowerBound, width: xs.count, height: ys.count))
    }

    /// Columns `xs` over `rows`, whose rows before `split` are on one local side and the rest on the other: each
    /// side's byte is G at its first (last) row; runs of equal bytes become boxes.
    private mutating func verticalStrip(_ xs: Range<Int>, rows: Range<Int>, split: Int) {
        guard !xs.isEmpty else { return }
        let top = rows.lowerBound..<max(rows.lowerBound, min(split, rows.upperBound))
        let bottom = top.upperBound..<rows.upperBound
        stripTop.removeAll(keepingCapacity: true)
        stripBottom.removeAll(keepingCapacity: true)
        let qTop = top.isEmpty ? 0 : rule.qy(top.lowerBound)
        let qBottom = bottom.isEmpty ? 0 : rule.qy(bottom.upperBound - 1)
        let right = rule.x.isPositive(xs.lowerBound)
        let rTop = rule.shape.radius(right: right, bottom: rule.y.isPositive(top.lowerBound))
        let rBottom = rule.shape.radius(right: right, bottom: rule.y.isPositive(rows.upperBound - 1))
        let full = byte(1)
        for x in xs {
            let qx = rule.qx(x)
            // A strip column's byte is G's x branch (or 1): certainly 1 when d = px − r is inside.
            stripTop.append(
                top.isEmpty ? 0 : rule.x.isInside(x, radius: rTop) ? full : byte(rule.coverage(qx: qx, qy: qTop)))
            // With one radius both halves take G's x branch with the same px: the same byte.
            stripBottom.append(
                bottom.isEmpty
                    ? 0
                    : !top.isEmpty && rTop == rBottom
                        ? stripTop[stripTop.count - 1]
                        : rule.x.isInside(x, radius: rBottom) ? full : byte(rule.coverage(qx: qx, qy: qBottom)))
        }
        appendRuns(xs, top: top, bottom: bottom) { run, part in
            PixelRect(x: run.lowerBound, y: part.lowerBound, width: run.count, height: part.count)
        }
    }

    /// Rows `ys` over `columns`, split in two local sides at `split` as `verticalStrip` does columns.
    private mutating func horizontalStrip(_ ys: Range<Int>, columns: Range<Int>, split: Int) {
        guard !ys.isEmpty else { return }
        let left = columns.lowerBound..<max(columns.lowerBound, min(split, columns.upperBound))
        let right = left.upperBound..<columns.upperBound
        stripTop.removeAll(keepingCapacity: true)
        stripBottom.removeAll(keepingCapacity: true)
        let qLeft = left.isEmpty ? 0 : rule.qx(left.lowerBound)
        let qRight = right.isEmpty ? 0 : rule.qx(right.upperBound - 1)
        let bottom = rule.y.isPositive(ys.lowerBound)
        let rLeft = rule.shape.radius(right: rule.x.isPositive(left.lowerBound), bottom: bottom)
        let rRight = rule.shape.radius(right: rule.x.isPositive(columns.upperBound - 1), bottom: bottom)
        let full = byte(1)
        for y in ys {
            let qy = rule.qy(y)
            stripTop.append(
                left.isEmpty ? 0 : rule.y.isInside(y, radius: rLeft) ? full : byte(rule.coverage(qx: qLeft, qy: qy)))
            stripBottom.append(
                right.isEmpty
                    ? 0
                    : !left.isEmpty && rLeft == rRight
                        ? stripTop[stripTop.count - 1]
                        : rule.y.isInside(y, radius: rRight) ? full : byte(rule.coverage(qx: qRight, qy: qy)))
        }
        appendRuns(ys, top: left, bottom: right) { run, part in
            PixelRect(x: part.lowerBound, y: run.lowerBound, width: part.count, height: run.count)
        }
    }

    /// Boxes for runs of `along` with equal (stripTop, stripBottom) bytes: one box over both parts when the two
    /// bytes are equal, else one per part; zero bytes make no box.
    private mutating func appendRuns(
        _ along: Range<Int>, top: Range<Int>, bottom: Range<Int>, box: (Range<Int>, Range<Int>) -> PixelRect
    ) {
        var start = 0
        let count = along.count
        while start < count {
            var end = start + 1
            while end < count, stripTop[end] == stripTop[start], stripBottom[end] == stripBottom[start] { end += 1 }
            let run = (along.lowerBound + start)..<(along.lowerBound + end)
            let a = stripTop[start]
            let b = stripBottom[start]
            if a == b || top.isEmpty || bottom.isEmpty {
                let value = top.isEmpty ? b : a
                if value != 0 {
                    boxes.append(CoverageBox(rect: box(run, top.lowerBound..<bottom.upperBound), value: value))
                }
            } else {
                if a != 0 { boxes.append(CoverageBox(rect: box(run, top), value: a)) }
                if b != 0 { boxes.append(CoverageBox(rect: box(run, bottom), value: b)) }
            }
            start = end
        }
    }
}

/// The rule's terms for an axis-aligned K: local coordinates per column and per row, and the constant jacobian.
private struct AxisRule {
    let x: AxisTerms
    let y: AxisTerms
    let j11: Double
    let j22: Double
    let shape: RoundedRect
    let antialiased: Bool

    static let none = AxisRule(
        x: AxisTerms(k: 1, offset: 0, w: 1, centre: 0, half: 0, inside: 0),
        y: AxisTerms(k: 1, offset: 0, w: 1, centre: 0, half: 0, inside: 0), j11: 1, j22: 1,
        shape: RoundedRect(rect: Rect(x: 0, y: 0, width: 0, height: 0), radii: .zero), antialiased: false)

    private init(x: AxisTerms, y: AxisTerms, j11: Double, j22: Double, shape: RoundedRect, antialiased: Bool) {
        self.x = x
        self.y = y
        self.j11 = j11
        self.j22 = j22
        self.shape = shape
        self.antialiased = antialiased
    }

    /// nil unless K's off-axis terms are zero and w = k8 is positive.
    init?(_ c: RectCoverage) {
        let k = c.k
        guard k.1 == 0, k.2 == 0, k.3 == 0, k.5 == 0, k.8 > 0 else { return nil }
        let w = k.8
        // As `evaluate`: j11 = (k0 − qx·k2) / w with k2 = 0, j22 = (k4 − qy·k5) / w with k5 = 0.
        j11 = k.0 / w
        j22 = k.4 / w
        shape = c.outer
        antialiased = c.antialiased
        // A column is inside when px ≤ −(half a pixel in local units, with a margin): then 0.5 − d / g ≥ 1 for
        // d = px − r ≤ px and g = |j11|.
        func inside(_ j: Double) -> Double { c.antialiased ? 0.5 * abs(j) * (1 + 1e-6) : 0 }
        x = AxisTerms(k: k.0, offset: k.6, w: w, centre: shape.cx, half: shape.bx, inside: inside(j11))
        y = AxisTerms(k: k.4, offset: k.7, w: w, centre: shape.cy, half: shape.by, inside: inside(j22))
    }

    @inline(__always) func qx(_ i: Int) -> Double { x.q(i) }
    @inline(__always) func qy(_ j: Int) -> Double { y.q(j) }

    /// G, as `evaluate` calls it for an axis-aligned K (j12 = j21 = 0).
    @inline(__always)
    func coverage(qx: Double, qy: Double) -> Double {
        shape.coverage(qx: qx, qy: qy, j11: j11, j12: 0, j21: 0, j22: j22, antialiased: antialiased)
    }

    /// Every term finite over `area`, px² + py² included (|p| is largest at the area's ends, so checking them covers
    /// the rest).
    func isFinite(over area: PixelRect) -> Bool {
        guard j11.isFinite, j22.isFinite, x.inside.isFinite, y.inside.isFinite else { return false }
        let r = shape.maxRadius
        let px = max(abs(x.p(area.x, radius: r)), abs(x.p(area.maxX - 1, radius: r)))
        let py = max(abs(y.p(area.y, radius: r)), abs(y.p(area.maxY - 1, radius: r)))
        return (px * px + py * py).isFinite
    }

    /// Where G's corner branch is certainly 1 or 0, in terms of px² + py² (G's own sum): its d = √(px² + py²) − r
    /// is at most −(half a pixel) or at least +(half a pixel) for any edge direction, g ≤ max(|j11|, |j22|), with
    /// margins far above rounding. Between the two, G itself.
    func arcShortcut(radius r: Double) -> (fullBelow: Double, zeroAbove: Double) {
        let h = antialiased ? 0.5 * max(abs(j11), abs(j22)) * (1 + 1e-6) : 0
        let a = r - h
        let b = r + h
        return (a > 0 ? a * a * (1 - 1e-9) : -1, b * b * (1 + 1e-9))
    }
}

/// One axis: pixel i's local coordinate q(i) = ((i + 0.5)·k + offset) / w (`evaluate`'s u / w with the other
/// axis's term zero), monotonic in i.
private struct AxisTerms {
    let k: Double
    let offset: Double
    let w: Double
    let centre: Double
    let half: Double
    /// A pixel is inside on this axis when p ≤ −inside.
    let inside: Double

    /// w is 1 for every transform without a scale in m44: x / 1 is x, so the division can be skipped exactly.
    @inline(__always) func q(_ i: Int) -> Double {
        let u = (Double(i) + 0.5) * k + offset
        return w == 1 ? u : u / w
    }

    /// G's side test: s = q − c ≥ 0.
    @inline(__always) func isPositive(_ i: Int) -> Bool { q(i) - centre >= 0 }

    /// G's straight branch on this axis is exactly 1 at pixel i: d = p − r ≤ −inside (see `AxisRule.init`).
    @inline(__always) func isInside(_ i: Int, radius r: Double) -> Bool { p(i, radius: r) - r <= -inside }

    /// G's p = |s| − b + r.
    @inline(__always) func p(_ i: Int, radius r: Double) -> Double { abs(q(i) - centre) - half + r }

    /// The first index in `range` on the other side than its first; `range`'s end when none (the side test is
    /// monotonic in i).
    func split(_ range: Range<Int>) -> Int {
        guard let first = range.first else { return range.upperBound }
        let side = isPositive(first)
        var lo = first + 1
        var hi = range.upperBound
        // Where q crosses the centre, then checked: usually two tests instead of a search.
        let estimate = ((centre * w - offset) / k - 0.5).rounded(.up)
        if estimate.isFinite, estimate > Double(lo), estimate < Double(hi) {
            let guess = Int(estimate)
            if isPositive(guess - 1) == side { lo = guess } else { hi = guess - 1 }
            if lo < hi, isPositive(lo) != side { return lo }
        }
        while lo < hi {
            let mid = lo + (hi - lo) / 2
            if isPositive(mid) == side { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }

    /// From the outer end of `range` (its lower end when `fromLow`) inward: how many indices are not inside
    /// (p > −inside; inside ones follow, p decreasing inward), and the smallest p among them (+∞ when none).
    func scan(_ range: Range<Int>, fromLow: Bool, radius: Double) -> (outer: Int, edge: Double) {
        var outer = 0
        var edge = Double.infinity
        while outer < range.count {
            let p = p(fromLow ? range.lowerBound + outer : range.upperBound - 1 - outer, radius: radius)
            if p <= -inside { break }
            edge = min(edge, p)
            outer += 1
        }
        return (outer, edge)
    }

    /// From `from` outer indices inward: how many until one whose p satisfies `keep` (all further ones do).
    func extend(_ range: Range<Int>, fromLow: Bool, radius: Double, from: Int, keep: (Double) -> Bool) -> Int {
        var outer = from
        while outer < range.count {
            if keep(p(fromLow ? range.lowerBound + outer : range.upperBound - 1 - outer, radius: radius)) { break }
            outer += 1
        }
        return outer
    }
}

extension RoundedRect {
    /// The radius G uses in a quadrant (y down: right and bottom is bottomRight).
    @inline(__always)
    func radius(right: Bool, bottom: Bool) -> Double {
        right ? (bottom ? bottomRight : topRight) : (bottom ? bottomLeft : topLeft)
    }
}

/// Corner blocks' bytes by their inputs, direct-mapped by a hash of the key and checked against the whole key.
private struct CornerCache {
    /// Larger blocks (a big radius) are rare enough to compute each time.
    static let maxPixels = 256
    /// Smaller blocks (square corners) are cheaper to compute than to look up.
    static let minPixels = 4
    private static let slotCount = 512
    private var slots: [(key: [Double], bytes: [UInt8], any: Bool)?] = Array(repeating: nil, count: slotCount)

    private static func slot(_ key: [Double]) -> Int {
        // Small doubles differ in their high bits: fold them down at every step, then mix (splitmix64's finaliser).
        var h: UInt64 = 0xCBF2_9CE4_8422_2325
        for v in key {
            h = (h ^ v.bitPattern) &* 0x0000_0100_0000_01B3
            h ^= h >> 32
        }
        h ^= h >> 30
        h &*= 0xBF58_476D_1CE4_E5B9
        h ^= h >> 27
        h &*= 0x94D0_49BB_1331_11EB
        h ^= h >> 31
        return Int(truncatingIfNeeded: h & UInt64(slotCount - 1))
    }

    func bytes(for key: [Double]) -> (bytes: [UInt8], any: Bool)? {
        guard let entry = slots[Self.slot(key)], entry.key == key else { return nil }
        return (entry.bytes, entry.any)
    }

    mutating func store(_ bytes: [UInt8], any: Bool, for key: [Double]) {
        slots[Self.slot(key)] = (key, bytes, any)
    }
}
