import AnimKit

/// Seed 004's fragment mask: a layer with a clear background holding a grid of opaque pieces, set as a banner's
/// `mask`. The masked layer shows only where a piece is opaque (docs/core-animation-rules.md, "mask"), so fading
/// the pieces out one after another hides the banner piece by piece, and fading them back reveals it.
///
/// Pieces are numbered as the article tags its views, column by column: piece `column * rows + row`. Hiding
/// starts piece k at `start + k * stagger`; revealing goes the other way, piece k at
/// `start + (count - 1 - k) * stagger`, as the article's reverse does. Every piece fades linearly over
/// `fadeDuration`, so the whole runs `(count - 1) * stagger + fadeDuration` seconds.
///
/// Use it on the connection's delegate queue (one thread at a time).
final class FragmentMask {
    let layer: Layer
    let pieces: [Layer]
    let rows: Int
    let columns: Int
    let stagger: Double
    let fadeDuration: Double

    init(connection: Connection, size: Size, rows: Int, columns: Int, stagger: Double, fadeDuration: Double) throws {
        self.rows = rows
        self.columns = columns
        self.stagger = stagger
        self.fadeDuration = fadeDuration
        layer = Layer(connection: connection)
        layer.name = "fragment-mask"
        layer.anchorPoint = Point(x: 0, y: 0)
        layer.frame = Rect(x: 0, y: 0, width: size.width, height: size.height)
        let width = size.width / Double(columns)
        let height = size.height / Double(rows)
        var pieces: [Layer] = []
        for column in 0..<columns {
            for row in 0..<rows {
                let piece = Layer(connection: connection)
                piece.name = "piece-\(column * rows + row)"
                piece.frame = Rect(x: Double(column) * width, y: Double(row) * height, width: width, height: height)
                piece.backgroundColor = Color(red: 1, green: 1, blue: 1, alpha: 1)
                try layer.addSublayer(piece)
                pieces.append(piece)
            }
        }
        self.pieces = pieces
    }

    var count: Int { pieces.count }

    /// From the first piece's start to the last one's end.
    var duration: Double { Double(count - 1) * stagger + fadeDuration }

    /// Fades every piece out, piece k from `start + k * stagger`; `completion` runs on the delegate queue once the
    /// last piece's animation has stopped (the transaction's completion block waits for all of them).
    func hide(from start: Double, completion: @escaping @Sendable () -> Void) throws {
        try fade(to: 0, from: start, completion: completion) { Double($0) }
    }

    /// Fades every piece back in, the last piece first, as the article's reverse does.
    func reveal(from start: Double, completion: @escaping @Sendable () -> Void) throws {
        let last = count - 1
        try fade(to: 1, from: start, completion: completion) { Double(last - $0) }
    }

    /// Every piece opaque at once, no animation: the article's `reverseWithoutAnimate`.
    func reset() {
        Transaction.begin()
        Transaction.disableActions = true
        for piece in pieces {
            piece.removeAnimation(forKey: Self.animationKey)
            piece.opacity = 1
        }
        Transaction.commit()
    }

    /// The model opacity is the end value at once; each piece's animation runs from the other end after its delay,
    /// filled backwards so that a piece waiting for its turn keeps showing the start value (what UIKit's
    /// `animateWithDuration:delay:` does with the same layer animation).
    private func fade(
        to target: Double, from start: Double, completion: @escaping @Sendable () -> Void, order: (Int) -> Double
    ) throws {
        Transaction.begin()
        defer { Transaction.commit() }
        Transaction.disableActions = true
        Transaction.setCompletionBlock(completion)
        for (index, piece) in pieces.enumerated() {
            let animation = BasicAnimation(keyPath: "opacity", from: .number(1 - target), to: .number(target))
            animation.beginTime = start + order(index) * stagger
            animation.duration = fadeDuration
            animation.timingFunction = .linear
            animation.fillMode = .backwards
            piece.opacity = target
            try piece.add(animation, forKey: Self.animationKey)
        }
    }

    static let animationKey = "fragment"
}
