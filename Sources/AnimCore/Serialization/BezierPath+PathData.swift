extension BezierPath {
    /// Reads SVG-like path data: `M x y` (move), `L x y` (line), `Q cx cy x y` (quadratic curve),
    /// `C c1x c1y c2x c2y x y` (cubic curve) and `Z` (close), with lower-case letters for coordinates relative to
    /// the current point. Numbers are separated by spaces or commas; a command's arguments may repeat
    /// (`L 1 2 3 4` is two lines, and pairs after `M` are lines, as in SVG). The data must start with a move,
    /// and the empty string is the empty path.
    ///
    /// Errors are `.invalid(field: "path data", …)` naming the character position (counted from 1) and what
    /// was expected there.
    public init(pathData: String) throws(AnimCoreError) {
        var parser = PathDataParser(Array(pathData.unicodeScalars))
        self.init(elements: try parser.parse())
    }

    /// The path as absolute SVG-like path data (`M 0 0 L 10 0 Q 20 0 20 10 Z`), with the shortest numbers that
    /// read back exactly: `BezierPath(pathData: p.pathData) == p`.
    public var pathData: String {
        var words: [String] = []
        for element in elements {
            switch element {
            case .move: words.append("M")
            case .line: words.append("L")
            case .quad: words.append("Q")
            case .cubic: words.append("C")
            case .close: words.append("Z")
            }
            for point in element.points {
                words.append(NumberText.shortest(point.x))
                words.append(NumberText.shortest(point.y))
            }
        }
        return words.joined(separator: " ")
    }
}

/// A hand-written scanner for the path data grammar of `BezierPath(pathData:)`.
private struct PathDataParser {
    let text: [Unicode.Scalar]
    var position = 0
    var elements: [PathElement] = []
    var current = Point.zero
    var subpathStart = Point.zero

    init(_ text: [Unicode.Scalar]) { self.text = text }

    mutating func parse() throws(AnimCoreError) -> [PathElement] {
        skipSeparators()
        var command: Unicode.Scalar?
        while position < text.count {
            let character = text[position]
            if character.properties.isAlphabetic && character != "e" && character != "E" {
                guard "MmLlQqCcZz".unicodeScalars.contains(character) else {
                    throw error(
                        "unsupported command '\(character)' (supported: M, L, Q, C, Z and lower-case m, l, q, c, z)")
                }
                position += 1
                command = character
                if elements.isEmpty && character != "M" && character != "m" {
                    throw error("path data must start with a move (M x y)", at: position - 1)
                }
                if character == "Z" || character == "z" {
                    elements.append(.close)
                    current = subpathStart
                    command = nil
                }
            } else {
                guard let active = command else {
                    throw error(
                        elements.isEmpty
                            ? "path data must start with a move (M x y)"
                            : "expected a command letter, found '\(character)'")
                }
                try readArguments(of: active)
                // Coordinate pairs after a move are lines (SVG).
                if active == "M" { command = "L" } else if active == "m" { command = "l" }
            }
            skipSeparators()
        }
        return elements
    }

    private mutating func readArguments(of command: Unicode.Scalar) throws(AnimCoreError) {
        let relative = command.properties.isLowercase
        let origin = relative ? current : .zero
        switch command {
        case "M", "m":
            let p = try readPoint(command, relativeTo: origin)
            elements.append(.move(p))
            subpathStart = p
            current = p
        case "L", "l":
            let p = try readPoint(command, relativeTo: origin)
            elements.append(.line(p))
            current = p
        case "Q", "q":
            let c = try readPoint(command, relativeTo: origin)
            let p = try readPoint(command, relativeTo: origin)
            elements.append(.quad(control: c, to: p))
            current = p
        default:
            let c1 = try readPoint(command, relativeTo: origin)
            let c2 = try readPoint(command, relativeTo: origin)
            let p = try readPoint(command, relativeTo: origin)
            elements.append(.cubic(control1: c1, control2: c2, to: p))
            current = p
        }
    }

    private mutating func readPoint(_ command: Unicode.Scalar, relativeTo origin: Point) throws(AnimCoreError) -> Point
    {
        let x = try readNumber(command)
        let y = try readNumber(command)
        return Point(x: origin.x + x, y: origin.y + y)
    }

    private mutating func readNumber(_ command: Unicode.Scalar) throws(AnimCoreError) -> Double {
        skipSeparators()
        let start = position
        if position < text.count, text[position] == "+" || text[position] == "-" { position += 1 }
        while position < text.count {
            let c = text[position]
            if ("0"..."9").contains(c) || c == "." {
                position += 1
            } else if (c == "e" || c == "E") && position > start {
                position += 1
                if position < text.count, text[position] == "+" || text[position] == "-" { position += 1 }
            } else {
                break
            }
        }
        let word = String(String.UnicodeScalarView(text[start..<position]))
        guard !word.isEmpty else {
            let found = start < text.count ? "'\(text[start])'" : "the end"
            throw error("expected a number for '\(command)', found \(found)", at: start)
        }
        guard let value = Double(word), value.isFinite else {
            throw error("'\(word)' is not a finite number", at: start)
        }
        return value
    }

    private mutating func skipSeparators() {
        while position < text.count, text[position] == "," || text[position].properties.isWhitespace {
            position += 1
        }
    }

    private func error(_ reason: String, at index: Int? = nil) -> AnimCoreError {
        .invalid(field: "path data", reason: "character \((index ?? position) + 1): \(reason)")
    }
}
