import AnimKit
import TransitionExampleSupport

/// What each scene of the app draws, built into the scene's root layer (sized to the scene) in the caller's
/// open transaction. The buttons call back into the app; the content holds them so their recognizers live.

/// The first scene: a bar and one button per demo.
struct HomeContent {
    let buttons: [Button]

    init(
        in root: Layer, _ m: Metrics, present: @escaping () -> Void, push: @escaping () -> Void,
        sheet: @escaping () -> Void
    ) throws {
        let c = root.connection
        root.backgroundColor = Palette.background
        try root.addSublayer(try Widgets.bar(c, m, title: "Transitions").0)
        let width = (m.width * 0.6).rounded()
        let height = (44 * m.unit).rounded()
        let gap = ((m.height - m.barHeight - 3 * height) / 4).rounded(.down)
        var made: [Button] = []
        for (i, (title, color, action)) in [
            ("Present card", Palette.blue, present), ("Push detail", Palette.green, push),
            ("Show sheet", Palette.orange, sheet),
        ].enumerated() {
            let frame = Rect(
                x: ((m.width - width) / 2).rounded(), y: m.barHeight + gap + Double(i) * (height + gap), width: width,
                height: height)
            let button = try Button(c, title, frame: frame, color: color, fontSize: m.fontSize, action: action)
            try root.addSublayer(button.layer)
            made.append(button)
        }
        buttons = made
    }

    /// Where each button's centre is in the scene: what a test or a script taps.
    static func buttonCentre(_ index: Int, _ m: Metrics) -> Point {
        let width = (m.width * 0.6).rounded()
        let height = (44 * m.unit).rounded()
        let gap = ((m.height - m.barHeight - 3 * height) / 4).rounded(.down)
        return Point(
            x: ((m.width - width) / 2).rounded() + width / 2,
            y: m.barHeight + gap + Double(index) * (height + gap) + height / 2)
    }
}

/// The presented card: a purple card inset from the scene's edges with a Close button.
struct CardContent {
    let close: Button

    /// The card's frame in the container: what the presenting animator animates to.
    static func frame(_ m: Metrics) -> Rect {
        m.bounds.insetBy(dx: (m.width * 0.15).rounded(), dy: (m.height * 0.1).rounded())
    }

    init(in root: Layer, _ m: Metrics, close action: @escaping () -> Void) throws {
        let c = root.connection
        let size = Self.frame(m).size
        root.backgroundColor = Palette.purple
        root.cornerRadius = (16 * m.unit).rounded()
        try root.addSublayer(
            Widgets.label(
                c, "A custom animator", frame: Rect(x: 0, y: 0, width: size.width, height: size.height * 0.5),
                fontSize: m.fontSize, color: .white))
        let width = (size.width * 0.5).rounded()
        let height = (40 * m.unit).rounded()
        close = try Button(
            c, "Close",
            frame: Rect(
                x: ((size.width - width) / 2).rounded(), y: (size.height * 0.6).rounded(), width: width,
                height: height),
            color: Palette.ink, fontSize: m.fontSize, action: action)
        try root.addSublayer(close.layer)
    }
}

/// The pushed scene: its own bar with a Back button and a title, and three rows.
struct DetailContent {
    let back: Button
    /// Faded in alongside the push by the transition coordinator.
    let title: TextLayer

    init(in root: Layer, _ m: Metrics, back action: @escaping () -> Void) throws {
        let c = root.connection
        root.backgroundColor = Palette.detail
        for i in 0..<3 {
            let inset = (16 * m.unit).rounded()
            let height = (44 * m.unit).rounded()
            let row = Widgets.box(
                c,
                frame: Rect(
                    x: inset, y: m.barHeight + inset + Double(i) * (height + inset / 2), width: m.width - 2 * inset,
                    height: height),
                color: Palette.row, cornerRadius: (8 * m.unit).rounded())
            try row.addSublayer(
                Widgets.label(
                    c, "Row \(i + 1)", frame: Rect(x: inset, y: 0, width: row.bounds.width - inset, height: height),
                    fontSize: m.fontSize, color: Palette.ink, alignment: .left))
            try root.addSublayer(row)
        }
        let (bar, title) = try Widgets.bar(c, m, title: "Detail")
        try root.addSublayer(bar)
        self.title = title
        let height = (32 * m.unit).rounded()
        back = try Button(
            c, "Back", frame: Self.backFrame(m, height: height), color: Palette.green, fontSize: m.fontSize,
            action: action)
        try bar.addSublayer(back.layer)
    }

    static func backFrame(_ m: Metrics, height: Double? = nil) -> Rect {
        let height = height ?? (32 * m.unit).rounded()
        return Rect(
            x: (8 * m.unit).rounded(), y: ((m.barHeight - height) / 2).rounded(), width: (80 * m.unit).rounded(),
            height: height)
    }
}

/// The half-height sheet: cream, rounded at the top, with a Done button.
struct SheetContent {
    let done: Button

    init(in root: Layer, _ m: Metrics, done action: @escaping () -> Void) throws {
        let c = root.connection
        let size = SheetContent.frame(m).size
        root.backgroundColor = Palette.sheet
        // Rounded at the top; its frame reaches past the scene's bottom edge, so the lower corners are off screen.
        root.cornerRadius = (16 * m.unit).rounded()
        try root.addSublayer(
            Widgets.label(
                c, "A presentation controller", frame: Rect(x: 0, y: 0, width: size.width, height: m.height * 0.22),
                fontSize: m.fontSize, color: Palette.ink))
        let width = (size.width * 0.4).rounded()
        let height = (36 * m.unit).rounded()
        done = try Button(
            c, "Done",
            frame: Rect(
                x: ((size.width - width) / 2).rounded(), y: (m.height * 0.24).rounded(), width: width, height: height),
            color: Palette.orange, fontSize: m.fontSize, action: action)
        try root.addSublayer(done.layer)
    }

    /// The sheet's frame: the scene's lower half, reaching a corner radius past its bottom edge.
    static func frame(_ m: Metrics) -> Rect {
        Rect(
            x: 0, y: (m.height / 2).rounded(), width: m.width, height: m.height - (m.height / 2).rounded() + 16 * m.unit
        )
    }
}
