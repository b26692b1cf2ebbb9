import AnimCore

extension AttributedText {
    /// The attributed string as sent; runs outside the string or out of order are `.invalidValue` at the run's field
    /// (`runs[1].location`), as `AttributedText.problem()` finds them.
    public init(wire: WireAttributedString) throws(ProtocolError) {
        self.init(
            wire.string,
            runs: wire.runs.map { run in
                Run(
                    location: Int(run.location), length: Int(run.length), font: run.font, fontSize: run.fontSize,
                    foregroundColor: run.foregroundColor.map(Color.init(wire:)),
                    underline: Underline(wire: run.underline),
                    kern: run.kern)
            })
        if let problem = problem() {
            let run = runs[problem.run]
            let value = "\(run.location)..<\(run.location + run.length)"
            throw ProtocolError(.invalidValue, field: problem.field, value: value, detail: problem.reason)
        }
    }

    public var wire: WireAttributedString {
        WireAttributedString(
            string: string,
            runs: runs.map { run in
                WireTextRun(
                    location: UInt32(clamping: run.location), length: UInt32(clamping: run.length), font: run.font,
                    fontSize: run.fontSize, foregroundColor: run.foregroundColor?.wire, underline: run.underline.wire,
                    kern: run.kern)
            })
    }
}

extension AttributedText.Underline {
    init(wire: WireUnderline) {
        switch wire {
        case .none: self = .none
        case .single: self = .single
        case .double: self = .double
        }
    }

    var wire: WireUnderline {
        switch self {
        case .none: .none
        case .single: .single
        case .double: .double
        }
    }
}
