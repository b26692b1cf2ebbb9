import AnimKit
import Foundation

/// Seed 004's banner carousel on the fragment mask. The current banner is masked by a `FragmentMask`; the next one
/// waits below it. A change fades the mask's pieces out one after another, uncovering the next banner piece by
/// piece; once the last piece's animation has stopped (the transaction's completion block, not a timer) the next
/// banner becomes the current one and the mask is made whole again at once, as the article's completion does.
///
/// It first plays the fragment animation on its own, as the article's first half does: the first banner hidden
/// piece by piece over the background, held hidden for `hold` seconds, then revealed in reverse order. Then it
/// advances every `interval` seconds, a bar under the page dots filling meanwhile: the bar's animation is the
/// clock, its `animationDidStop(finished: true)` the tick, so the carousel keeps the server's time (a manual clock
/// included). A swipe left shows the next banner, a swipe right the previous one. While the fragment runs, a swipe
/// is ignored, as the article's `isFading` guard ignores a second tap: the index never skips.
///
/// Every method runs on the connection's delegate queue, one at a time.
final class BannerCarousel: @unchecked Sendable {
    enum Phase: Equatable {
        case intro
        case idle
        case changing(to: Int)
    }

    let connection: Connection
    let root: Layer
    let banner: Layer
    let below: Layer
    let mask: FragmentMask
    let dots: [Layer]
    let bar: Layer
    let images: [ImageID]
    let interval: Double
    let hold: Double
    private(set) var current = 0
    private(set) var phase = Phase.intro
    /// Bumped whenever a hold starts or is abandoned, so a stale tick is recognised.
    private var holdGeneration = 0

    init(
        connection: Connection, layout: CarouselLayout, images: [ImageID], grid: FragmentGrid, interval: Double,
        hold: Double
    )
        throws
    {
        self.connection = connection
        self.images = images
        self.interval = interval
        self.hold = hold
        Transaction.begin()
        defer { Transaction.commit() }
        Transaction.disableActions = true
        root = Layer(connection: connection)
        root.name = "carousel"
        root.anchorPoint = Point(x: 0, y: 0)
        root.frame = Rect(x: 0, y: 0, width: layout.size.width, height: layout.size.height)
        root.backgroundColor = CarouselLayout.background

        below = Layer(connection: connection)
        below.name = "next-banner"
        below.frame = layout.banner
        try root.addSublayer(below)

        banner = Layer(connection: connection)
        banner.name = "banner"
        banner.frame = layout.banner
        banner.contents = images[0]
        mask = try FragmentMask(
            connection: connection, size: layout.banner.size, rows: grid.rows, columns: grid.columns,
            stagger: grid.stagger, fadeDuration: grid.fadeDuration)
        banner.mask = mask.layer
        try root.addSublayer(banner)

        // The page dots and the bar sit outside the masked banner, as the article moves its page control out of it
        // so that it does not vanish with the pieces.
        var dots: [Layer] = []
        for (index, frame) in layout.dots(count: images.count).enumerated() {
            let dot = Layer(connection: connection)
            dot.name = "dot-\(index)"
            dot.frame = frame
            dot.cornerRadius = frame.width / 2
            dot.backgroundColor = index == 0 ? CarouselLayout.currentDot : CarouselLayout.otherDot
            try root.addSublayer(dot)
            dots.append(dot)
        }
        self.dots = dots
        bar = Layer(connection: connection)
        bar.name = "hold-bar"
        bar.anchorPoint = Point(x: 0, y: 0)
        bar.frame = Rect(origin: layout.bar.origin, size: Size(width: 0, height: layout.bar.height))
        bar.backgroundColor = CarouselLayout.currentDot
        try root.addSublayer(bar)
        barWidth = layout.bar.width
    }

    private let barWidth: Double

    // MARK: The fragment animation on its own

    /// Hides the first banner piece by piece from `start`, holds it hidden, reveals it, then starts the carousel.
    func start(at start: Double) throws {
        let hidden = start + mask.duration
        try mask.hide(from: start) { [self] in
            let revealing = hidden + hold
            do {
                try mask.reveal(from: revealing) { [self] in
                    let shown = revealing + mask.duration
                    phase = .idle
                    startHold(at: shown)
                    announce("revealed at t=\(shown): banner 0 current")
                }
            } catch {
                Output.line("error: \(error)")
            }
            announce("hidden at t=\(hidden), revealing from t=\(revealing)")
        }
        announce("hiding from t=\(start)")
    }

    // MARK: The carousel

    /// The bar fills from `start` for `interval` seconds; when its animation has run to the end, the next banner.
    private func startHold(at start: Double) {
        holdGeneration += 1
        let generation = holdGeneration
        let fill = BasicAnimation(keyPath: "bounds.size.width", from: .number(0), to: .number(barWidth))
        fill.beginTime = start
        fill.duration = interval
        fill.timingFunction = .linear
        fill.delegate = HoldTick { [self] finished in
            guard finished, generation == holdGeneration, phase == .idle else { return }
            change(to: current + 1, at: start + interval, reason: "auto")
        }
        Transaction.begin()
        defer { Transaction.commit() }
        do {
            try bar.add(fill, forKey: "hold")
        } catch {
            Output.line("error: \(error)")
        }
    }

    /// A swipe at media time `time`: left shows the next banner, right the previous; ignored while the fragment runs.
    func swiped(left: Bool, at time: Double) {
        let name = left ? "swipe left" : "swipe right"
        guard phase == .idle else {
            Output.line("\(name) at t=\(time) ignored: the fragment is animating")
            return
        }
        holdGeneration += 1
        Transaction.begin()
        bar.removeAnimation(forKey: "hold")
        Transaction.commit()
        change(to: current + (left ? 1 : -1), at: time, reason: name)
    }

    private func change(to wanted: Int, at start: Double, reason: String) {
        let next = (wanted % images.count + images.count) % images.count
        phase = .changing(to: next)
        let end = start + mask.duration
        Transaction.begin()
        Transaction.disableActions = true
        below.contents = images[next]
        do {
            try mask.hide(from: start) { [self] in finish(next, at: end) }
        } catch {
            Output.line("error: \(error)")
        }
        Transaction.commit()
        announce("banner \(current) → \(next) (\(reason)) from t=\(start)")
    }

    /// The last piece has stopped: the next banner is the current one, the mask whole again, in one commit.
    private func finish(_ next: Int, at end: Double) {
        Transaction.begin()
        Transaction.disableActions = true
        banner.contents = images[next]
        mask.reset()
        dots[current].backgroundColor = CarouselLayout.otherDot
        dots[next].backgroundColor = CarouselLayout.currentDot
        Transaction.commit()
        current = next
        phase = .idle
        startHold(at: end)
        announce("banner \(next) current at t=\(end)")
    }

    /// Prints `text` once the server has applied what was committed before: a reader that then takes a screenshot
    /// sees it.
    private func announce(_ text: String) {
        do {
            try connection.sync()
        } catch {
            Output.line("error: \(error)")
        }
        Output.line(text)
    }
}

/// The hold bar's delegate: reports whether its animation ran to the end.
final class HoldTick: AnimationDelegate, @unchecked Sendable {
    let stopped: (Bool) -> Void
    init(_ stopped: @escaping (Bool) -> Void) { self.stopped = stopped }
    func animationDidStop(_ animation: AnimKit.Animation, finished: Bool) { stopped(finished) }
}

/// The fragment's grid and timing.
struct FragmentGrid {
    var rows: Int
    var columns: Int
    /// Seconds between one piece's start and the next one's.
    var stagger: Double
    /// Seconds each piece takes to fade.
    var fadeDuration: Double
}

/// Where things go in a `size` output: the banner at the top with a margin, its width and height whole multiples of
/// the grid (so every piece covers whole pixels), the page dots and the hold bar under it.
struct CarouselLayout {
    let size: Size
    let banner: Rect
    let bar: Rect

    static let background = Color(red: 0.08, green: 0.09, blue: 0.12, alpha: 1)
    static let currentDot = Color(red: 1, green: 1, blue: 1, alpha: 1)
    static let otherDot = Color(red: 0.4, green: 0.42, blue: 0.48, alpha: 1)

    init(size: Size, grid: FragmentGrid) {
        self.size = size
        let margin = 8.0
        let columns = Double(grid.columns)
        let rows = Double(grid.rows)
        let width = max(columns, ((size.width - 2 * margin) / columns).rounded(.down) * columns)
        let height = max(rows, ((size.height - 5 * margin) / rows).rounded(.down) * rows)
        banner = Rect(x: ((size.width - width) / 2).rounded(.down), y: margin, width: width, height: height)
        bar = Rect(x: banner.origin.x, y: banner.maxY + 3 * margin, width: width, height: 2)
    }

    /// `count` 6-point dots, 12 points apart, centred under the banner.
    func dots(count: Int) -> [Rect] {
        let side = 6.0
        let step = 12.0
        let left = (banner.midX - (Double(count - 1) * step + side) / 2).rounded(.down)
        return (0..<count).map { Rect(x: left + Double($0) * step, y: banner.maxY + margin, width: side, height: side) }
    }

    private var margin: Double { banner.origin.y }
}

/// Lines on standard output, written at once: a test reading the pipe sees each as it happens.
enum Output {
    static func line(_ text: String) {
        FileHandle.standardOutput.write(Data((text + "\n").utf8))
    }
}
