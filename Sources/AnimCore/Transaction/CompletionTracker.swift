/// Decides when a transaction's completion block may run (docs/core-animation-rules.md#transactions): once every
/// animation added while it was the current completion has finished or been removed, and its transaction has committed.
/// One committed with no animation runs at once.
public struct CompletionTracker: Sendable {
    private var pending: [TransactionStack.CompletionID: Set<UInt64>] = [:]
    private var committed: Set<TransactionStack.CompletionID> = []
    private var owner: [UInt64: TransactionStack.CompletionID] = [:]

    public init() {}

    /// Counts the animation `animationID` towards `completion`.
    public mutating func animationAdded(_ animationID: UInt64, to completion: TransactionStack.CompletionID) {
        pending[completion, default: []].insert(animationID)
        owner[animationID] = completion
    }

    /// The completion's transaction committed; returns it when it may run now.
    public mutating func committed(_ completion: TransactionStack.CompletionID) -> TransactionStack.CompletionID? {
        if pending[completion, default: []].isEmpty {
            pending[completion] = nil
            return completion
        }
        committed.insert(completion)
        return nil
    }

    /// An animation stopped (finished or removed); returns the completions that may run now.
    public mutating func animationStopped(_ animationID: UInt64) -> [TransactionStack.CompletionID] {
        guard let completion = owner.removeValue(forKey: animationID) else { return [] }
        pending[completion]?.remove(animationID)
        guard pending[completion]?.isEmpty == true, committed.contains(completion) else { return [] }
        pending[completion] = nil
        committed.remove(completion)
        return [completion]
    }

    /// Completions waiting for animations.
    public var waitingCount: Int { pending.count }
}
