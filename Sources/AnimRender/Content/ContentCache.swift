/// A least-recently-used cache whose entries have a byte cost: inserting evicts the least recently used entries
/// until the total fits the budget. An entry costing more than the whole budget is not kept. Not thread-safe: the
/// `ContentRasterizer` holds it under its lock.
struct ContentCache<Key: Hashable, Value> {
    private final class Node {
        let key: Key
        var value: Value
        var cost: Int
        // The dictionary owns every node; the list's links are weak so that freeing a long list never recurses.
        /// Toward the least recently used end.
        weak var older: Node?
        /// Toward the most recently used end.
        weak var newer: Node?

        init(key: Key, value: Value, cost: Int) {
            self.key = key
            self.value = value
            self.cost = cost
        }
    }

    let budget: Int
    private(set) var bytes = 0
    private var nodes: [Key: Node] = [:]
    private var newest: Node?
    private var oldest: Node?

    init(budget: Int) {
        self.budget = max(0, budget)
    }

    var count: Int { nodes.count }

    /// The value for `key`, which becomes the most recently used.
    mutating func value(for key: Key) -> Value? {
        guard let node = nodes[key] else { return nil }
        unlink(node)
        pushNewest(node)
        return node.value
    }

    /// Stores `value` as the most recently used entry, replacing any entry for `key`, then evicts.
    mutating func insert(_ value: Value, for key: Key, cost: Int) {
        if let old = nodes.removeValue(forKey: key) {
            unlink(old)
            bytes -= old.cost
        }
        let cost = max(0, cost)
        guard cost <= budget else { return }
        let node = Node(key: key, value: value, cost: cost)
        nodes[key] = node
        pushNewest(node)
        bytes += cost
        while bytes > budget, let victim = oldest {
            unlink(victim)
            nodes[victim.key] = nil
            bytes -= victim.cost
        }
    }

    private mutating func pushNewest(_ node: Node) {
        node.older = newest
        node.newer = nil
        newest?.newer = node
        newest = node
        if oldest == nil { oldest = node }
    }

    private mutating func unlink(_ node: Node) {
        if let newer = node.newer { newer.older = node.older } else { newest = node.older }
        if let older = node.older { older.newer = node.newer } else { oldest = node.newer }
        node.older = nil
        node.newer = nil
    }
}
