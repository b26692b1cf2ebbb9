/// One layer node on the heap. A `LayerNodeStore` holds these rather than the nodes themselves, so copying
/// the store (a render snapshot shares the server's tree) copies one pointer per layer, and a change to a
/// shared store copies only the nodes it changes, not every layer's ~900-byte state.
///
/// The node lives in the buffer's header and is reached through its address: a stored class property would
/// pay for a dynamic exclusivity check on every access, and the per-frame loops read every node.
final class LayerNodeBox: ManagedBuffer<LayerNode, Void> {
    static func make(_ node: LayerNode) -> LayerNodeBox {
        unsafeDowncast(create(minimumCapacity: 0) { _ in node }, to: LayerNodeBox.self)
    }

    /// The node's address; valid only while something else keeps the box alive (a list or a journal holds
    /// it). A box held by nothing else is read with `node`.
    var address: UnsafeMutablePointer<LayerNode> { withUnsafeMutablePointerToHeader { $0 } }

    /// A copy of the node, read while the box is alive.
    var node: LayerNode { withUnsafeMutablePointerToHeader { $0.pointee } }
}

/// The nodes of a store, in slot order: reads go through the boxes in place; changes go through
/// `address(forChanging:)`. Only `LayerNodeStore` changes one (its `all` is read-only to the rest).
///
/// @unchecked Sendable (ManagedBuffer is not Sendable): a box is written only through
/// `address(forChanging:)`, which copies it first unless this list holds the only reference, so a box that
/// two values (on two threads) share is never written: the list has value semantics like an array of nodes.
struct LayerNodeList: RandomAccessCollection, @unchecked Sendable {
    private(set) var boxes: [LayerNodeBox] = []

    var startIndex: Int { 0 }
    var endIndex: Int { boxes.count }

    subscript(slot: Int) -> LayerNode {
        _read { yield boxes[slot].address.pointee }
    }

    mutating func append(_ box: LayerNodeBox) { boxes.append(box) }
    mutating func replace(_ slot: Int, with box: LayerNodeBox) { boxes[slot] = box }
    mutating func swapAt(_ a: Int, _ b: Int) { boxes.swapAt(a, b) }
    mutating func removeLast() -> LayerNodeBox { boxes.removeLast() }

    /// The node at `slot`, ready to change: its box is copied first when another list shares it.
    mutating func address(forChanging slot: Int) -> UnsafeMutablePointer<LayerNode> {
        if !isKnownUniquelyReferenced(&boxes[slot]) {
            boxes[slot] = LayerNodeBox.make(boxes[slot].address.pointee)
        }
        return boxes[slot].address
    }
}
