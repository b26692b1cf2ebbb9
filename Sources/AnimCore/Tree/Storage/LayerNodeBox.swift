// Node storage, fenced in Sources/AnimCore/Tree/Storage (package access at most, not public API).
// Reference path it must equal: a plain array of `LayerNode` values.
// Checked by: LayerTreeSharingTests.

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
/// `address(forChanging:)` or, many at a time, `changing(_:)`. Only `LayerNodeStore` changes one.
///
/// @unchecked Sendable (ManagedBuffer is not Sendable): a box is written only through
/// `address(forChanging:)` or `changing(_:)`, which copy it first unless this list holds the only reference,
/// so a box that two values (on two threads) share is never written: the list has value semantics like an
/// array of nodes.
///
/// Asking the runtime whether a box is shared reaches every changed layer's box header: a third of a bulk
/// commit's store when asked on every change. `changing(_:)` asks about a box once per copy of the list
/// instead. `sharing` is a token every copy of the list holds: while this list holds it alone, no copy exists
/// that could share a box, so a box the list found or made unique since it last found the token shared
/// (`owned[slot] == epoch`) is still unique. A box handed out (`share(at:)`) or put in from outside loses its
/// mark.
struct LayerNodeList: RandomAccessCollection, @unchecked Sendable {
    private var boxes: [LayerNodeBox] = []
    /// Per slot, the epoch in which `changing(_:)` last found or made its box unique; 0: never.
    private var owned: [UInt32] = []
    /// Starts again at 1 (every mark cleared) before it would wrap.
    private var epoch: UInt32 = 1
    private var sharing = SharingToken()

    var startIndex: Int { 0 }
    var endIndex: Int { boxes.count }

    subscript(slot: Int) -> LayerNode {
        _read { yield boxes[slot].address.pointee }
    }

    /// Which box holds the node at `slot` (tests check when boxes are shared or copied).
    func boxIdentity(at slot: Int) -> ObjectIdentifier { ObjectIdentifier(boxes[slot]) }

    /// The box at `slot`, for a holder outside the list (a journal): from now on it may be shared.
    mutating func share(at slot: Int) -> LayerNodeBox {
        owned[slot] = 0
        return boxes[slot]
    }

    mutating func append(_ box: LayerNodeBox) {
        boxes.append(box)
        owned.append(0)
    }

    mutating func replace(_ slot: Int, with box: LayerNodeBox) {
        boxes[slot] = box
        owned[slot] = 0
    }

    mutating func swapAt(_ a: Int, _ b: Int) {
        boxes.swapAt(a, b)
        owned.swapAt(a, b)
    }

    mutating func removeLast() -> LayerNodeBox {
        owned.removeLast()
        return boxes.removeLast()
    }

    /// The node at `slot`, ready to change: its box is copied first when another list shares it.
    mutating func address(forChanging slot: Int) -> UnsafeMutablePointer<LayerNode> {
        if !isKnownUniquelyReferenced(&boxes[slot]) {
            boxes[slot] = LayerNodeBox.make(boxes[slot].address.pointee)
            owned[slot] = 0
        }
        return boxes[slot].address
    }

    /// Runs `body` with the nodes ready to change many at a time: the list's own sharing is checked once here,
    /// and a box only the first time `body` reaches it since the list was last copied.
    @inline(__always)
    mutating func changing<R>(_ body: (ChangeableNodes) -> R) -> R {
        if !isKnownUniquelyReferenced(&sharing) {
            sharing = SharingToken()
            if epoch == .max {
                owned.withUnsafeMutableBufferPointer { $0.update(repeating: 0) }
                epoch = 0
            }
            epoch += 1
        }
        let epoch = self.epoch
        return boxes.withUnsafeMutableBufferPointer { boxes in
            owned.withUnsafeMutableBufferPointer { owned in
                body(ChangeableNodes(boxes: boxes, owned: owned, epoch: epoch))
            }
        }
    }
}

/// `LayerNodeList.changing(_:)`'s view of the nodes; valid only inside the call.
struct ChangeableNodes {
    let boxes: UnsafeMutableBufferPointer<LayerNodeBox>
    let owned: UnsafeMutableBufferPointer<UInt32>
    let epoch: UInt32

    /// The node at `slot`, ready to change: its box is copied first when another list shares it.
    @inline(__always)
    func address(forChanging slot: Int) -> UnsafeMutablePointer<LayerNode> {
        if owned[slot] != epoch {
            if !isKnownUniquelyReferenced(&boxes[slot]) {
                boxes[slot] = LayerNodeBox.make(boxes[slot].address.pointee)
            }
            owned[slot] = epoch
        }
        return boxes[slot].address
    }
}

/// Held by every copy of a `LayerNodeList`: shared exactly when the list has been copied.
private final class SharingToken {}
