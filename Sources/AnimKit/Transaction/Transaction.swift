import AnimCore
import Dispatch
import Foundation

/// CATransaction: batches layer changes into one atomic commit. Transactions are per thread and nest;
/// only the outermost commit sends, one Commit message per connection touched.
///
/// A change made with no transaction open begins an implicit one. On the main thread it is committed at
/// the end of the current turn of the main queue. On any other thread there is no run loop to do that:
/// it is committed by `Transaction.flush()`, or it joins the thread's next explicit transaction and goes
/// out with its outermost commit.
///
/// Settings (`animationDuration`, `animationTimingFunction`, `disableActions`, the completion block) belong
/// to the innermost open transaction; reading one searches outward, and each change captures the values
/// in effect when it is made.
public enum Transaction {
    public static func begin() {
        let t = ThreadTransaction.current
        if !Thread.isMainThread, t.stack.depth == 1, case .outermost(let completion)? = t.stack.flushImplicit() {
            // Off the main thread the implicit transaction's changes join this explicit one.
            if let completion { t.closedCompletions.append(completion.rawValue) }
        }
        t.stack.begin()
    }

    /// Closes the innermost transaction; the outermost sends. A commit with none open is logged and ignored.
    public static func commit() {
        let t = ThreadTransaction.current
        do {
            switch try t.stack.commit() {
            case .nested(let completion):
                if let completion { t.closedCompletions.append(completion.rawValue) }
            case .outermost(let completion):
                if let completion { t.closedCompletions.append(completion.rawValue) }
                send(t)
            }
        } catch {
            log.warning("Transaction.commit() with no transaction open: \(error)")
        }
    }

    /// Commits the implicit transaction, if one is open and no explicit one is nested in it (that one's
    /// outermost commit will carry the changes instead).
    public static func flush() {
        let t = ThreadTransaction.current
        guard case .outermost(let completion)? = t.stack.flushImplicit() else { return }
        if let completion { t.closedCompletions.append(completion.rawValue) }
        send(t)
    }

    /// The duration of animations added now whose own duration is 0 (implicit ones included); 0.25 s by
    /// default. A negative or non-finite value is logged and ignored.
    public static var animationDuration: Double {
        get { ThreadTransaction.current.stack.animationDuration }
        set {
            let t = ThreadTransaction.current
            t.openForChange()
            do { try t.stack.setAnimationDuration(newValue) } catch { log.error("Transaction: \(error)") }
        }
    }

    /// Set as the timing function of animations added now that have none; implicit animations use
    /// `.default` when this is nil.
    public static var animationTimingFunction: TimingFunction? {
        get { ThreadTransaction.current.stack.animationTimingFunction }
        set {
            let t = ThreadTransaction.current
            t.openForChange()
            do { try t.stack.setAnimationTimingFunction(newValue) } catch { log.error("Transaction: \(error)") }
        }
    }

    /// When true, property changes look up no action, so they do not animate.
    public static var disableActions: Bool {
        get { ThreadTransaction.current.stack.disableActions }
        set {
            let t = ThreadTransaction.current
            t.openForChange()
            do { try t.stack.setDisableActions(newValue) } catch { log.error("Transaction: \(error)") }
        }
    }

    /// Runs `block` once every animation added from now on in this transaction (nested ones included) has
    /// stopped, after the outermost commit. It runs on the connection's `delegateQueue`; one with no
    /// animation runs as soon as the server has applied the commit, one whose transaction touched no
    /// connection runs on the main queue at the commit. A block replaced before the commit runs at once,
    /// on the main queue.
    public static func setCompletionBlock(_ block: (@Sendable () -> Void)?) {
        let t = ThreadTransaction.current
        t.openForChange()
        let id = block.map { CompletionRegistry.shared.register($0) }
        do {
            if let replaced = try t.stack.setCompletion(id.map(TransactionStack.CompletionID.init)),
                let old = CompletionRegistry.shared.take(replaced.rawValue)
            {
                DispatchQueue.main.async(execute: old)
            }
        } catch {
            log.error("Transaction: \(error)")
        }
    }

    /// Sends what the outermost transaction gathered: one Commit per connection, listing the completions
    /// it closes.
    private static func send(_ t: ThreadTransaction) {
        let (batches, completions) = t.takeBatch()
        for id in completions {
            if let block = CompletionRegistry.shared.committed(id, connections: batches.count) {
                DispatchQueue.main.async(execute: block)
            }
        }
        for batch in batches {
            batch.connection.sendCommit(batch, completions: completions)
        }
    }
}
