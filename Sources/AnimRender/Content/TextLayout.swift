/// CATextLayer's line breaking: hard line breaks, word wrap at the bounds' width, and truncation with "…".
///
/// Widths come from `measure` (an advance width in local units) and are treated as additive, as they are for
/// cairo's toy text API, which does not kern: a line's width is the sum of its words' and spaces' widths.
struct TextLayout {
    enum Truncation: String {
        case none, start, middle, end
    }

    struct Line: Equatable {
        var text: String
        /// Spaces may be widened to fill the bounds' width (justified text, except a paragraph's last line).
        var stretches: Bool
    }

    static let ellipsis = "…"

    let width: Double
    let wrapped: Bool
    let truncation: Truncation
    /// The most lines that can show (the rest lies below the bounds).
    let maxLines: Int
    let measure: (String) -> Double
    private let characterWidths = CharacterWidths()

    init(width: Double, wrapped: Bool, truncation: Truncation, maxLines: Int, measure: @escaping (String) -> Double) {
        self.width = width
        self.wrapped = wrapped
        self.truncation = truncation
        self.maxLines = maxLines
        self.measure = measure
    }

    /// Single characters' widths, each measured once: long words and long truncated lines are cut by summing them
    /// instead of measuring ever longer strings.
    private final class CharacterWidths {
        private var known: [Character: Double] = [:]

        func width(of character: Character, _ measure: (String) -> Double) -> Double {
            if let width = known[character] { return width }
            let width = measure(String(character))
            known[character] = width
            return width
        }
    }

    /// The lines of `string`, at most `maxLines` (with truncation, the last one shown ends in "…" when text was
    /// left out).
    func lines(_ string: String) -> [Line] {
        var lines: [Line] = []
        var cutShort = false
        for paragraph in Self.paragraphs(string) {
            if lines.count >= maxLines {
                cutShort = true
                break
            }
            if wrapped {
                let wrappedLines = wrap(paragraph)
                for (index, text) in wrappedLines.enumerated() {
                    if lines.count >= maxLines {
                        cutShort = true
                        break
                    }
                    lines.append(Line(text: text, stretches: index < wrappedLines.count - 1))
                }
            } else {
                lines.append(Line(text: truncated(paragraph), stretches: false))
            }
        }
        if cutShort, truncation != .none, let last = lines.last {
            lines[lines.count - 1] = Line(text: withEllipsis(last.text), stretches: false)
        }
        return lines
    }

    /// The string split at line breaks, with control characters removed and tabs as spaces.
    static func paragraphs(_ string: String) -> [String] {
        string.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).map { line in
            var out = ""
            for scalar in line.unicodeScalars {
                if scalar == "\t" {
                    out.unicodeScalars.append(" ")
                } else if scalar.value >= 0x20 && scalar.value != 0x7F {
                    out.unicodeScalars.append(scalar)
                }
            }
            return out
        }
    }

    /// Greedy word wrap: as many words per line as fit; a word wider than the line is broken between characters.
    /// Stops after `maxLines + 1` lines (enough to tell that text was left out).
    func wrap(_ paragraph: String) -> [String] {
        let words = paragraph.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        guard !words.isEmpty else { return [""] }
        let space = measure(" ")
        var lines: [String] = []
        var current = ""
        var currentWidth = 0.0
        for word in words {
            let wordWidth = measure(word)
            if !current.isEmpty && currentWidth + space + wordWidth <= width {
                current += " " + word
                currentWidth += space + wordWidth
                continue
            }
            if !current.isEmpty {
                lines.append(current)
                if lines.count > maxLines { return lines }
            }
            current = word
            currentWidth = wordWidth
            guard currentWidth > width else { continue }
            // Too wide for a line of its own: as many characters per line as fit, at least one.
            let characters = Array(word)
            var start = 0
            while characters.count - start > 1 {
                let fit = max(1, fitting(characters[start...], limit: width))
                if fit >= characters.count - start { break }
                lines.append(String(characters[start..<start + fit]))
                if lines.count > maxLines { return lines }
                start += fit
            }
            current = String(characters[start...])
            currentWidth = measure(current)
        }
        lines.append(current)
        return lines
    }

    /// `line` shortened with "…" as `truncation` says when it is wider than the bounds.
    func truncated(_ line: String) -> String {
        guard truncation != .none, measure(line) > width else { return line }
        let characters = Array(line)
        func candidate(_ kept: Int) -> String {
            switch truncation {
            case .start:
                return Self.ellipsis + String(characters[(characters.count - kept)...])
            case .middle:
                let head = (kept + 1) / 2
                return String(characters[0..<head]) + Self.ellipsis
                    + String(characters[(characters.count - (kept - head))...])
            case .end, .none:
                return trimmedEnd(characters[0..<kept]) + Self.ellipsis
            }
        }
        // No candidate keeps more characters than fit by their own widths (a bound that keeps the search short).
        let bound: Int =
            switch truncation {
            case .start: fitting(characters.reversed()[...], limit: width)
            case .middle: fitting(characters[...], limit: width) + fitting(characters.reversed()[...], limit: width)
            case .end, .none: fitting(characters[...], limit: width)
            }
        return candidate(longestFit(min(characters.count - 1, bound + 1), candidate))
    }

    /// `line` ending in "…", shortened until it fits (the last line shown when wrapped text continues below).
    func withEllipsis(_ line: String) -> String {
        let characters = Array(line)
        let bound = min(characters.count, fitting(characters[...], limit: width) + 1)
        return trimmedEnd(characters[0..<longestFit(bound) { trimmedEnd(characters[0..<$0]) + Self.ellipsis }])
            + Self.ellipsis
    }

    /// How many of `characters`, from the first, fit in `limit` by the sum of their single widths.
    private func fitting(_ characters: ArraySlice<Character>, limit: Double) -> Int {
        var total = 0.0
        var count = 0
        for character in characters {
            total += characterWidths.width(of: character, measure)
            if total > limit { break }
            count += 1
        }
        return count
    }

    /// The largest n in 0…`limit` whose `candidate(n)` fits the width (0 when none does); widths grow with n.
    private func longestFit(_ limit: Int, _ candidate: (Int) -> String) -> Int {
        var lo = 0, hi = max(0, limit)
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if measure(candidate(mid)) <= width { lo = mid } else { hi = mid - 1 }
        }
        return lo
    }

    private func trimmedEnd(_ characters: ArraySlice<Character>) -> String {
        var end = characters.endIndex
        while end > characters.startIndex && characters[end - 1] == " " { end -= 1 }
        return String(characters[characters.startIndex..<end])
    }
}
