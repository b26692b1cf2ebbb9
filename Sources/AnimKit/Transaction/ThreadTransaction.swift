import AnimCore
import AnimProtocol
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// One thread's transactions (Core Animation's transactions are per thread): the scope stack with its
/// settings, and the operations each connection gets at the outermost commit, in the order they happened.
///
/// Only its own thread touches it, so its fields skip the runtime's exclusivity bookkeeping, which every
/// property change would otherwise pay several times.
final class ThreadTransaction {
    @exclusivity(unchecked) var stack = TransactionStack()
    /// Connections touched since the outermost transaction began, in first-touch order, with their operations.
    @exclusivity(unchecked) private(set) var batches: [CommitBatch] = []
    /// Completion ids of the scopes closed so far in this outermost transaction.
    @exclusivity(unchecked) var closedCompletions: [UInt64] = []

    /// The thread-specific slot holding each thread's transactions (retained; released when the thread
    /// exits). A pthread key rather than `Thread.current.threadDictionary`: that one bridges its String key
    /// to NSString and casts the value on every property change.
    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        let status = pthread_key_create(&key) { object in
            guard let object else { return }
            Unmanaged<ThreadTransaction>.fromOpaque(object).release()
        }
        precondition(status == 0, "pthread_key_create failed (\(status)): no thread-specific slot is left")
        return key
    }()

    /// The calling thread's transactions, created on first use; they live as long as the thread.
    static var current: ThreadTransaction {
        if let existing = pthread_getspecific(key) {
            return Unmanaged<ThreadTransaction>.fromOpaque(existing).takeUnretainedValue()
        }
        let created = ThreadTransaction()
        pthread_setspecific(key, Unmanaged.passRetained(created).toOpaque())
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
        // The unattached layers' stand-in sends nothing: attaching them sends their whole state.
        if connection.holdsUnattachedLayers { return }
        openForChange()
        batches[batchIndex(for: connection)].append(operation)
    }

    /// `append(.setProperty(change), for: connection)`, without building the large `WireOperation`.
    func append(setProperty change: WireSetProperty, for connection: Connection) {
        if connection.holdsUnattachedLayers { return }
        openForChange()
        batches[batchIndex(for: connection)].append(setProperty: change)
    }

    /// `append(setProperty:for:)` of a whole property set to a number, point, size or rect given as lanes.
    func append(
        setProperty layer: LayerID, _ property: LayerProperty, lanes: SIMD4<Double>, kind: ValueKind,
        for connection: Connection
    ) {
        if connection.holdsUnattachedLayers { return }
        openForChange()
        batches[batchIndex(for: connection)].append(setProperty: layer, property, lanes: lanes, kind: kind)
    }

    /// The index of `connection`'s batch, added at the end on its first change.
    private func batchIndex(for connection: Connection) -> Int {
        // Most transactions touch one connection: the last batch is the one, nearly always.
        if let last = batches.indices.last, batches[last].connection === connection { return last }
        if let i = batches.firstIndex(where: { $0.connection === connection }) { return i }
        batches.append(CommitBatch(connection: connection))
        return batches.count - 1
    }

    /// Hands over everything the outermost transaction gathered and starts afresh.
    func takeBatch() -> (batches: [CommitBatch], completions: [UInt64]) {
        defer {
            batches = []
            closedCompletions = []
        }
        return (batches, closedCompletions)
    }
}
