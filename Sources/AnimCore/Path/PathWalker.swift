/// Walks a path's elements as Core Graphics draws them, turning each into a step with its start point.
///
/// The rules every path algorithm here shares:
/// - a segment after `close` starts a new subpath at the closed subpath's start (an implicit move-to);
/// - a segment with no current point (a path that does not begin with move-to) only moves to its end point;
/// - `close` with no open subpath draws nothing.
struct PathWalker: IteratorProtocol {
    enum Step {
        /// A subpath starts at the point. `element` is nil for the implicit move-to after a `close`.
        case moveTo(Point, element: Int?)
        /// A drawn segment; `isClose` marks the line that a `close` element draws.
        case segment(BezierSegment, element: Int, isClose: Bool)
        /// An element that draws nothing (a `close` with no open subpath).
        case nothing(element: Int)
    }

    private let elements: [PathElement]
    private var index = 0
    private var current: Point?
    private var subpathStart: Point?
    private var isSubpathOpen = false
    private var pendingSegment: Step?

    init(_ path: BezierPath) {
        elements = path.elements
    }

    mutating func next() -> Step? {
        if let pending = pendingSegment {
            pendingSegment = nil
            return pending
        }
        guard index < elements.count else { return nil }
        let i = index
        index += 1
        switch elements[i] {
        case .move(let p):
            return move(to: p, element: i)
        case .line(let p):
            return draw(i, p) { .line($0, p) }
        case .quad(let c, let p):
            return draw(i, p) { .quad($0, c, p) }
        case .cubic(let c1, let c2, let p):
            return draw(i, p) { .cubic($0, c1, c2, p) }
        case .close:
            guard isSubpathOpen, let from = current, let start = subpathStart else { return .nothing(element: i) }
            isSubpathOpen = false
            current = start
            return .segment(.line(from, start), element: i, isClose: true)
        }
    }

    private mutating func move(to p: Point, element: Int?) -> Step {
        current = p
        subpathStart = p
        isSubpathOpen = true
        return .moveTo(p, element: element)
    }

    private mutating func draw(_ i: Int, _ end: Point, _ make: (Point) -> BezierSegment) -> Step {
        guard let from = current else { return move(to: end, element: i) }
        let segment = Step.segment(make(from), element: i, isClose: false)
        current = end
        if isSubpathOpen { return segment }
        // After a close: the new subpath starts where the closed one did.
        isSubpathOpen = true
        pendingSegment = segment
        return .moveTo(from, element: nil)
    }
}
