import Dispatch
import Synchronization

/// The completion blocks of committed transactions, by completion id, until every connection the
/// transaction touched has reported TransactionCompleted for it.
final class CompletionRegistry: Sendable {
    static let shared = CompletionRegistry()

    private struct Entry {
        var block: @Sendable () -> Void
        /// Connections still to report; nil until the outermost commit says how many.
        var remaining: Int?
    }

    private let state = Mutex<(next: UInt64, entries: [UInt64: Entry])>((1, [:]))

    /// Stores `block` and returns the id animations added under it carry (never 0, which means none).
    func register(_ block: @escaping @Sendable () -> Void) -> UInt64 {
        state.withLock { s in
            let id = s.next
            s.next += 1
            s.entries[id] = Entry(block: block, remaining: nil)
            return id
        }
    }

    /// The block of `id`, removed: for a block replaced before its transaction committed, which runs at once.
    func take(_ id: UInt64) -> (@Sendable () -> Void)? {
        state.withLock { $0.entries.removeValue(forKey: id)?.block }
    }

    /// The outermost commit listed `id` to `connections` connections; with none, the block is returned to
    /// run now.
    func committed(_ id: UInt64, connections: Int) -> (@Sendable () -> Void)? {
        state.withLock { s in
            guard connections > 0 else { return s.entries.removeValue(forKey: id)?.block }
            s.entries[id]?.remaining = connections
            return nil
        }
    }

    /// One connection reported `id` complete (or closed before it could); returns the block once all have.
    func reported(_ id: UInt64) -> (@Sendable () -> Void)? {
        state.withLock { s in
            guard var entry = s.entries[id], let remaining = entry.remaining else { return nil }
            if remaining <= 1 { return s.entries.removeValue(forKey: id)?.block }
            entry.remaining = remaining - 1
            s.entries[id] = entry
            return nil
        }
    }
}
