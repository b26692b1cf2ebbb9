import AnimCore
import AnimProtocol
import Dispatch

/// What one connection's lock guards: the model tree, the layer objects, the animations added, the
/// requests waiting for their replies.
struct ConnectionState {
    /// The model tree as the app set it; reads never touch the socket.
    var tree = LayerTree()
    /// Each layer id's object. A layer in a tree (a sublayer or a mask) is held strongly, as its
    /// superlayer holds it in Core Animation; a root only weakly: the app owns it.
    var objects: [LayerID: LayerReference] = [:]
    var nextLayer: UInt32 = 1
    /// Layers whose createLayer has not gone out yet.
    var uncommitted: Set<LayerID> = []
    var nextAnimation: UInt64 = 1
    var nextImage: UInt32 = 1
    var nextRequest: UInt32 = 1
    /// Per layer, the animations in `animationKeys` order (nil keys included, as the server applies them).
    var keyed: [LayerID: [KeyedAnimation]] = [:]
    /// Every animation added and not yet reported stopped, by id: whom to tell.
    var running: [UInt64: RunningAnimation] = [:]
    var waiters: [UInt32: Waiter] = [:]
    /// The unattached layers' stand-in only: each animation added as it would have been sent, by id, sent when its
    /// layer is attached (Connection+Attach.swift).
    var unsentAdds: [UInt64: WireAddAnimation] = [:]
    /// Completion ids of commits sent and not yet reported by TransactionCompleted: closing reports them, so
    /// their blocks run.
    var pendingCompletions: Set<UInt64> = []
    /// destroyLayer operations of layers released outside any transaction; the next commit carries them.
    var released: [WireOperation] = []
    /// Why the connection closed; every later request fails with it.
    var closeReason: AnimKitError?
    var delegateQueue = DispatchQueue.main
    var errorHandler: (@Sendable (AnimKitError) -> Void)?
    var statusHandler: (@Sendable (Connection.Status) -> Void)?
    /// Told, on `delegateQueue`, each input message the server routes to this client (Connection+Input.swift).
    var inputHandler: (@Sendable (Message) -> Void)?

    func object(_ id: LayerID) -> Layer? { objects[id]?.object }

    /// The unattached layers' stand-in only: forgets animations that were never sent (replaced, removed, or of a
    /// layer released), which no server will report stopped.
    mutating func forgetUnsent(_ animations: [KeyedAnimation]) {
        for animation in animations {
            unsentAdds[animation.id] = nil
            running[animation.id] = nil
        }
    }

    /// Holds `id`'s object strongly when it has a superlayer or masks a layer, weakly when it is a root.
    /// A reference given up is returned, so the caller lets it go after unlocking (its deinit locks).
    mutating func updateOwnership(of id: LayerID) -> Layer? {
        guard var reference = objects[id], let node = tree.node(id) else { return nil }
        let released = reference.setOwned(!node.isRoot)
        objects[id] = reference
        return released
    }
}

struct LayerReference {
    private weak var weakObject: Layer?
    private var strongObject: Layer?

    init(_ layer: Layer) { weakObject = layer }

    var object: Layer? { strongObject ?? weakObject }

    /// Returns the strong reference it gave up, if any.
    mutating func setOwned(_ owned: Bool) -> Layer? {
        if owned {
            strongObject = strongObject ?? weakObject
            return nil
        }
        defer { strongObject = nil }
        return strongObject
    }
}

/// An animation in a layer's list: the copy `animation(forKey:)` returns.
struct KeyedAnimation {
    var key: String?
    var id: UInt64
    var object: Animation
}

/// Whom to tell when an animation starts and stops.
struct RunningAnimation {
    var layer: LayerID
    var object: Animation
    var delegate: (any AnimationDelegate)?
    var removedOnCompletion: Bool
}

/// A request waiting for its reply: the reader thread fills `result` under the connection's lock and signals.
final class Waiter: @unchecked Sendable {
    let semaphore = DispatchSemaphore(value: 0)
    var result: Result<Message, AnimKitError>?
}
