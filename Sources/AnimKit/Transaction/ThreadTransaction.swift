import AnimCore
import AnimProtocol
import Foundation

/// One thread's transactions (Core Animation's transactions are per thread): the scope stack with its
/// settings, and the operations each connection gets at the outermost commit, in the order they happened.
final class ThreadTransaction {
    var stack = TransactionStack()
    /// Connections touched since the outermost transaction began, in first-touch order, with their operations.
    private(set) var batches: [(connection: Connection, operations: [WireOperation])] = []
    /// Completion ids of the scopes closed so far in this outermost transaction.
    var closedCompletions: [UInt64] = []

    private static let key = "AnimKit.ThreadTransaction"

    /// The calling thread's transactions, created on first use; they live as long as the thread.
    static var current: ThreadTransaction {
        let dictionary = Thread.current.threadDictionary
        if let existing = dictionary[key] as? ThreadTransaction { return existing }
        let created = ThreadTransaction()
        dictionary[key] = created
        return created
    }

    /// Makes sure a transaction is open for a change: the implicit one when none is. On the main thread
    /// the implicit transaction is committed at the end of the current turn of the main queue; on any
    /// other thread by `Transaction.flush()` or that thread's next outermost commit.
    func openForChange() {
        guard !stack.isOpen else { return }
        stack.beginImplicitIfNeeded()
        if Thread.isMainThread {
            DispatchQueue.main.async { Transaction.flush() }
        }
    }

    func append(_ operation: WireOperation, for connection: Connection) {
        openForChange()
        if let i = batches.firstIndex(where: { $0.connection === connection }) {
            batches[i].operations.append(operation)
        } else {
            batches.append((connection, [operation]))
        }
    }

    /// Hands over everything the outermost transaction gathered and starts afresh.
    func takeBatch() -> (batches: [(connection: Connection, operations: [WireOperation])], completions: [UInt64]) {
        defer {
            batches = []
            closedCompletions = []
        }
        return (batches, closedCompletions)
    }
}
