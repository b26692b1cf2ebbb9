/// CATransaction's nesting rules as a value (docs/core-animation-rules.md#transactions): scopes nest; a read of a
/// setting searches outward for the innermost scope that set it; a write sets the innermost scope; only the outermost
/// commit delivers the batch. The SDK keeps one per thread and turns the delivered batch into one message.
public struct TransactionStack: Sendable {
    /// The settings a scope may set; nil means "not set here, ask the enclosing scope".
    public struct Scope: Sendable {
        public var animationDuration: Double?
        public var animationTimingFunction: TimingFunction??
        public var disableActions: Bool?
        public var completion: CompletionID?
        public let isImplicit: Bool
    }

    /// Identifies a completion block the SDK holds; AnimCore only tracks when it may run.
    public struct CompletionID: Hashable, Sendable {
        public var rawValue: UInt64
        public init(_ rawValue: UInt64) { self.rawValue = rawValue }
    }

    public private(set) var scopes: [Scope] = []

    public init() {}

    public var isOpen: Bool { !scopes.isEmpty }
    public var depth: Int { scopes.count }

    /// Opens an explicit scope (`CATransaction.begin()`).
    public mutating func begin() {
        scopes.append(Scope(isImplicit: false))
    }

    /// Opens the implicit transaction a change made outside any scope joins (committed at the end of the
    /// run-loop turn, docs/core-animation-rules.md#transactions). Does nothing when a scope is open.
    public mutating func beginImplicitIfNeeded() {
        if scopes.isEmpty { scopes.append(Scope(isImplicit: true)) }
    }

    /// What closing a scope means for the caller.
    public enum CommitOutcome: Equatable, Sendable {
        /// An inner scope closed: nothing reaches the server yet.
        case nested(completion: CompletionID?)
        /// The outermost scope closed: send the batch now.
        case outermost(completion: CompletionID?)
    }

    /// Closes the innermost scope (`CATransaction.commit()`). Committing with nothing open is an error.
    public mutating func commit() throws(AnimCoreError) -> CommitOutcome {
        guard let scope = scopes.popLast() else {
            throw .invalid(field: "Transaction.commit", reason: "no transaction is open")
        }
        return scopes.isEmpty ? .outermost(completion: scope.completion) : .nested(completion: scope.completion)
    }

    /// `flush()`: closes an implicit outermost transaction; explicit ones are left to their commits
    /// ("will delay the actual commit until any nested explicit transactions have completed").
    public mutating func flushImplicit() -> CommitOutcome? {
        guard scopes.count == 1, scopes[0].isImplicit else { return nil }
        let scope = scopes.removeLast()
        return .outermost(completion: scope.completion)
    }

    // MARK: Settings, innermost scope first

    /// The duration for animations added now: the innermost scope that set one, else 0.25 s.
    public var animationDuration: Double {
        for scope in scopes.reversed() {
            if let d = scope.animationDuration { return d }
        }
        return MediaTiming.defaultDuration
    }

    /// The timing function for animations added now; nil when no scope set one.
    public var animationTimingFunction: TimingFunction? {
        for scope in scopes.reversed() {
            if let f = scope.animationTimingFunction { return f }
        }
        return nil
    }

    public var disableActions: Bool {
        for scope in scopes.reversed() {
            if let d = scope.disableActions { return d }
        }
        return false
    }

    /// The completion of the innermost scope that has one: animations added now count towards it.
    public var currentCompletion: CompletionID? {
        for scope in scopes.reversed() {
            if let c = scope.completion { return c }
        }
        return nil
    }

    public mutating func setAnimationDuration(_ d: Double) throws(AnimCoreError) {
        try AnimCoreError.requireFinite(d, "animationDuration")
        guard d >= 0 else { throw .outOfRange(field: "animationDuration", value: d, allowed: "≥ 0") }
        try modifyInnermost { $0.animationDuration = d }
    }

    public mutating func setAnimationTimingFunction(_ f: TimingFunction?) throws(AnimCoreError) {
        if let f { try f.validate(field: "animationTimingFunction") }
        try modifyInnermost { $0.animationTimingFunction = .some(f) }
    }

    public mutating func setDisableActions(_ disable: Bool) throws(AnimCoreError) {
        try modifyInnermost { $0.disableActions = disable }
    }

    /// Sets the innermost scope's completion; a replaced one may run at once
    /// (docs/core-animation-rules.md#transactions), so it is returned.
    public mutating func setCompletion(_ id: CompletionID?) throws(AnimCoreError) -> CompletionID? {
        var replaced: CompletionID?
        try modifyInnermost {
            replaced = $0.completion
            $0.completion = id
        }
        return replaced
    }

    private mutating func modifyInnermost(_ change: (inout Scope) -> Void) throws(AnimCoreError) {
        guard !scopes.isEmpty else {
            throw .invalid(field: "Transaction", reason: "no transaction is open to set a value on")
        }
        change(&scopes[scopes.count - 1])
    }

    /// The context an animation added now is attached in (its duration and curve fallbacks).
    public func attachContext(attachTime: Double, previousPresentation: LayerState?) -> AttachedAnimation.Context {
        AttachedAnimation.Context(
            attachTime: attachTime, transactionDuration: animationDuration,
            transactionTimingFunction: animationTimingFunction, previousPresentation: previousPresentation)
    }
}
