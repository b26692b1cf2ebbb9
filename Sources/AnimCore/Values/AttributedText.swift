/// The attributed string a CATextLayer's `string` takes (the part of NSAttributedString it draws): the text and runs
/// of attributes over it (docs/core-animation-rules.md#text). Ranges count UTF-16 code units, as NSRange does, so a
/// client's NSRange-style offsets travel unchanged; text outside every run takes the layer's `font`, `fontSize` and
/// `foregroundColor`.
public struct AttributedText: Hashable, Sendable {
    public var string: String
    /// In order of their ranges, which do not overlap.
    public var runs: [Run]

    public init(_ string: String, runs: [Run] = []) {
        self.string = string
        self.runs = runs
    }

    /// How a run's text is underlined (NSUnderlineStyle's patterns the server draws).
    public enum Underline: String, Hashable, Sendable, CaseIterable {
        case none, single, double
    }

    /// Attributes over `length` UTF-16 code units from `location`; nil attributes keep the layer's.
    public struct Run: Hashable, Sendable {
        public var location: Int
        public var length: Int
        /// A font name as the layer's `font` takes it.
        public var font: String?
        public var fontSize: Double?
        public var foregroundColor: Color?
        public var underline: Underline
        /// Extra space after each character, in layer units (NSAttributedString's kern; negative tightens).
        public var kern: Double

        public init(
            location: Int, length: Int, font: String? = nil, fontSize: Double? = nil, foregroundColor: Color? = nil,
            underline: Underline = .none, kern: Double = 0
        ) {
            self.location = location
            self.length = length
            self.font = font
            self.fontSize = fontSize
            self.foregroundColor = foregroundColor
            self.underline = underline
            self.kern = kern
        }

        public var isFinite: Bool {
            (fontSize?.isFinite ?? true) && (foregroundColor?.isFinite ?? true) && kern.isFinite
        }
    }

    /// Why runs cannot apply to the string: the field that is wrong, e.g. "runs[1].location".
    public struct Problem: Error, Hashable, Sendable, CustomStringConvertible {
        /// The index of the run at fault.
        public var run: Int
        public var field: String
        public var reason: String
        public var description: String { "\(field): \(reason)" }
    }

    /// The string's length in UTF-16 code units, the unit of the runs' ranges.
    public var utf16Count: Int { string.utf16.count }

    /// The first problem with the runs: a range outside the string, a range overlapping or before the previous run,
    /// a negative or non-finite size, a non-finite colour or kern, an underline the server does not know.
    public func problem() -> Problem? {
        let count = utf16Count
        var end = 0
        for (index, run) in runs.enumerated() {
            let field = "runs[\(index)]"
            guard run.location >= 0, run.length >= 0, run.location <= count, run.length <= count - run.location else {
                return Problem(
                    run: index, field: "\(field).length",
                    reason: "range \(run.location)..<\(run.location + run.length) is outside the string's \(count) "
                        + "UTF-16 code units")
            }
            guard run.location >= end else {
                return Problem(
                    run: index, field: "\(field).location",
                    reason: "range starts at \(run.location), inside or before the previous run (which ends at \(end)):"
                        + " runs must be in order and must not overlap")
            }
            end = run.location + run.length
            if let size = run.fontSize, !(size.isFinite && size >= 0) {
                return Problem(run: index, field: "\(field).fontSize", reason: "\(size) is not a finite size >= 0")
            }
            if let color = run.foregroundColor, !color.isFinite {
                return Problem(run: index, field: "\(field).foregroundColor", reason: "not finite")
            }
            if !run.kern.isFinite {
                return Problem(run: index, field: "\(field).kern", reason: "\(run.kern) is not finite")
            }
        }
        return nil
    }
}

extension AttributedText: ExpressibleByStringLiteral {
    /// A string literal is the plain string, with no runs.
    public init(stringLiteral value: String) { self.init(value) }
}
