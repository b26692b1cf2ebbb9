import AnimCore
import AnimProtocol
import Logging

/// What a commit is checked against besides the tree itself.
struct CommitEnvironment {
    /// The server time the commit applies at: beginTime 0 animations begin then.
    var now: Double
    var maxLayers: UInt32
    var maxAnimations: UInt32
    /// Whether the client has an image with this id.
    var hasImage: (ImageID) -> Bool
    var logger: Logger
}

extension ClientContext {
    /// Applies `commit`'s operations in order to this context (the caller's copy). The first refused
    /// operation throws, naming `operations[i]…` and the value; the caller then drops the copy, so nothing
    /// of the commit stays. On success, returns the events the commit caused (stops of replaced or removed
    /// animations, then completed transactions), in order.
    mutating func apply(
        _ commit: Commit, before original: ClientContext, in env: CommitEnvironment
    ) throws(ProtocolError) -> [Message] {
        var out: [Message] = []
        var animationCount = self.animationCount
        for (index, operation) in commit.operations.enumerated() {
            let field = "operations[\(index)]"
            switch operation {
            case .createLayer(let op):
                try createLayer(op, field: "\(field).createLayer", env)
            case .destroyLayer(let raw):
                let id = try requireLayer(raw, field: "\(field).destroyLayer")
                animationCount -= tree.node(id)?.animations.count ?? 0
                try destroyLayer(id, at: env.now, into: &out, field: "\(field).destroyLayer")
            case .setProperty(let op):
                try setProperty(op, field: "\(field).setProperty", env)
            case .insertSublayer(let op):
                try insertSublayer(op, field: "\(field).insertSublayer")
            case .removeFromSuperlayer(let raw):
                let id = try requireLayer(raw, field: "\(field).removeFromSuperlayer")
                try structural("\(field).removeFromSuperlayer") { (tree) throws(AnimCoreError) in
                    try tree.removeFromSuperlayer(id)
                }
            case .addAnimation(let op):
                try addAnimation(
                    op, field: "\(field).addAnimation", before: original, count: &animationCount, env, into: &out)
            case .removeAnimation(let op):
                let id = try requireLayer(op.layer, field: "\(field).removeAnimation.layer")
                let local = try localTime(of: id, at: env.now, field: "\(field).removeAnimation.layer")
                let events = try updateAnimations(of: id) { $0.remove(key: op.key, at: local) }
                animationCount -= events.count
                for e in events { report(e, on: id, at: env.now, into: &out) }
            case .removeAllAnimations(let raw):
                let id = try requireLayer(raw, field: "\(field).removeAllAnimations")
                let local = try localTime(of: id, at: env.now, field: "\(field).removeAllAnimations")
                let events = try updateAnimations(of: id) { $0.removeAll(at: local) }
                animationCount -= events.count
                for e in events { report(e, on: id, at: env.now, into: &out) }
            case .setEmitterCells(let op):
                try setEmitterCells(op, field: "\(field).setEmitterCells", env)
            }
        }
        for completion in commit.completions where completion != 0 {
            if let done = completions.committed(TransactionStack.CompletionID(completion)) {
                out.append(.transactionCompleted(TransactionCompleted(completion: done.rawValue, time: env.now)))
            }
        }
        return out
    }

    // MARK: Operations

    private mutating func createLayer(
        _ op: WireCreateLayer, field: String, _ env: CommitEnvironment
    )
        throws(ProtocolError)
    {
        let id = LayerID(op.layer)
        guard !tree.hasLayer(id) else {
            throw refusal(.duplicateLayer, "\(field).layer", "\(op.layer)", "\(id) already exists in this client")
        }
        guard tree.count < Int(env.maxLayers) else {
            throw refusal(
                .quotaExceeded, "\(field).layer", "\(op.layer)",
                "maxLayers quota: this commit would give the client \(tree.count + 1) layers; the limit is \(env.maxLayers)"
            )
        }
        let layerClass = LayerClass(wire: op.layerClass)
        try structural(field) { (tree) throws(AnimCoreError) in
            try tree.insert(id, state: LayerState(layerClass: layerClass))
        }
    }

    /// Destroys `id` as a released CALayer goes: its sublayers and its mask are detached (they become
    /// roots; the client releases them on its own if they die too), its animations stop unfinished.
    private mutating func destroyLayer(
        _ id: LayerID, at now: Double, into out: inout [Message], field: String
    )
        throws(ProtocolError)
    {
        guard let node = tree.node(id) else { return }
        stopAll(on: id, at: now, into: &out)
        try structural(field) { (tree) throws(AnimCoreError) in
            for child in node.sublayers { try tree.removeFromSuperlayer(child) }
            if node.state.mask != nil { try tree.setMask(nil, of: id) }
            try tree.remove(id)
        }
    }

    private mutating func setProperty(
        _ op: WireSetProperty, field: String, _ env: CommitEnvironment
    )
        throws(ProtocolError)
    {
        let id = try requireLayer(op.layer, field: "\(field).layer")
        guard let node = tree.node(id) else { return }
        let keyPath: AnimKeyPath
        do {
            keyPath = try AnimKeyPath(op.keyPath, on: node.state.layerClass)
        } catch {
            throw refusal(
                .unknownKeyPath, "\(field).keyPath", op.keyPath,
                "\(id) is a \(node.state.layerClass), which has no key path '\(op.keyPath)'")
        }
        let value: PropertyValue
        do {
            value = try PropertyValue(wire: op.value)
        } catch {
            throw error.at("\(field).value").withOpcode(Commit.opcode)
        }
        guard value.kind == keyPath.valueKind else {
            throw refusal(
                .typeMismatch, "\(field).value", value.kind.rawValue,
                "\(keyPath) of \(id) holds \(keyPath.valueKind.rawValue), not \(value.kind.rawValue)")
        }
        try checkReferences(value, field: "\(field).value", env)
        var state = node.state
        do {
            try keyPath.set(value, in: &state)
        } catch {
            var refused = ProtocolError(error, opcode: Commit.opcode)
            refused.field = "\(field).value"
            refused.detail = "\(keyPath) of \(id): \(error)"
            throw refused
        }
        try structural("\(field).value") { (tree) throws(AnimCoreError) in
            try tree.updateState(of: id) { $0 = state }
        }
    }

    /// A layer or image a value names must belong to this client.
    private func checkReferences(
        _ value: PropertyValue, field: String, _ env: CommitEnvironment
    )
        throws(ProtocolError)
    {
        switch value {
        case .layer(let target?):
            guard tree.hasLayer(target) else {
                throw refusal(.unknownLayer, field, "\(target.rawValue)", "\(target) does not exist in this client")
            }
        case .image(let image?):
            guard env.hasImage(image) else {
                throw refusal(.unknownImage, field, "\(image.rawValue)", "\(image) was never uploaded or was released")
            }
        default:
            break
        }
    }

    private mutating func insertSublayer(_ op: WireInsertSublayer, field: String) throws(ProtocolError) {
        let parent = try requireLayer(op.parent, field: "\(field).parent")
        let child = try requireLayer(op.layer, field: "\(field).layer")
        guard op.index >= -1 else {
            throw refusal(.invalidTree, "\(field).index", "\(op.index)", "a sublayer index is -1 (append) or 0…count")
        }
        do {
            if op.index == -1 {
                try tree.addSublayer(child, to: parent)
            } else {
                try tree.insertSublayer(child, into: parent, at: Int(op.index))
            }
        } catch {
            if case .outOfRange = error {
                throw refusal(.invalidTree, "\(field).index", "\(op.index)", error.description)
            }
            throw refusal(.invalidTree, "\(field).layer", "\(op.layer)", error.description)
        }
    }

    private mutating func addAnimation(
        _ op: WireAddAnimation, field: String, before original: ClientContext, count: inout Int,
        _ env: CommitEnvironment, into out: inout [Message]
    ) throws(ProtocolError) {
        let id = try requireLayer(op.layer, field: "\(field).layer")
        guard let node = tree.node(id) else { return }
        guard runningIDs[op.animationID] == nil else {
            throw refusal(
                .invalidAnimation, "\(field).animationID", "\(op.animationID)",
                "animation id \(op.animationID) is still running; ids must be unique per connection")
        }
        guard op.transactionDuration.isFinite else {
            throw refusal(
                .invalidValue, "\(field).transactionDuration", numberText(op.transactionDuration),
                "the transaction duration must be finite")
        }
        let layerClass = node.state.layerClass
        let animation: Animation
        do {
            animation = try Animation(wire: op.animation, on: layerClass)
        } catch {
            throw error.at("\(field).animation").withOpcode(Commit.opcode)
        }
        let local = try localTime(of: id, at: env.now, field: "\(field).layer")
        let previous = try? original.presentation(of: id, at: env.now)
        let attached: AttachedAnimation
        do {
            attached = try AttachedAnimation(
                key: op.key, animation: animation, layerClass: layerClass,
                context: AttachedAnimation.Context(
                    attachTime: local, transactionDuration: op.transactionDuration,
                    previousPresentation: previous))
        } catch {
            throw ProtocolError(error, opcode: Commit.opcode, field: "\(field).animation", animation: true)
        }
        for warning in attached.warnings {
            env.logger.debug("commit warning", metadata: ["field": "\(field)", "warning": "\(warning)"])
        }
        let replaced = op.key.map { node.animations.animation(forKey: $0) != nil } ?? false
        let total = count + 1 - (replaced ? 1 : 0)
        guard total <= Int(env.maxAnimations) else {
            throw refusal(
                .quotaExceeded, "\(field).animationID", "\(op.animationID)",
                "maxAnimations quota: this commit would give the client \(total) animations; the limit is \(env.maxAnimations)"
            )
        }
        let (entry, events) = try updateAnimations(of: id) { $0.add(attached, at: local) }
        count = total
        for e in events { report(e, on: id, at: env.now, into: &out) }
        register(op.animationID, entry: entry, on: id, completion: op.completion)
    }

    private mutating func setEmitterCells(
        _ op: WireSetEmitterCells, field: String, _ env: CommitEnvironment
    )
        throws(ProtocolError)
    {
        let id = try requireLayer(op.layer, field: "\(field).layer")
        guard let node = tree.node(id) else { return }
        guard node.state.layerClass == .emitter else {
            throw refusal(
                .unknownKeyPath, "\(field).layer", "emitterCells",
                "\(id) is a \(node.state.layerClass); only a CAEmitterLayer has emitterCells")
        }
        var cells: [EmitterCell] = []
        for (index, wire) in op.cells.enumerated() {
            let cellField = "\(field).cells[\(index)]"
            let cell: EmitterCell
            do {
                cell = try EmitterCell(wire: wire)
            } catch {
                throw error.at(cellField).withOpcode(Commit.opcode)
            }
            try EmitterCellCheck.check(cell, field: cellField, hasImage: env.hasImage)
            cells.append(cell)
        }
        var state = node.state
        state.special.modifyEmitter { $0.emitterCells = cells }
        try structural(field) { (tree) throws(AnimCoreError) in
            try tree.updateState(of: id) { $0 = state }
        }
    }

    // MARK: Helpers

    private func requireLayer(_ raw: UInt32, field: String) throws(ProtocolError) -> LayerID {
        let id = LayerID(raw)
        guard tree.hasLayer(id) else {
            throw refusal(.unknownLayer, field, "\(raw)", "\(id) does not exist in this client")
        }
        return id
    }

    private func localTime(of id: LayerID, at now: Double, field: String) throws(ProtocolError) -> Double {
        do {
            return try tree.localTime(of: id, fromAbsolute: now)
        } catch {
            throw refusal(.unknownLayer, field, "\(id.rawValue)", error.description)
        }
    }

    private mutating func updateAnimations<R>(
        of id: LayerID, _ body: (inout LayerAnimations) -> R
    ) throws(ProtocolError) -> R {
        do {
            return try tree.updateAnimations(of: id) { (animations) throws(AnimCoreError) in body(&animations) }
        } catch {
            throw refusal(.unknownLayer, "layer", "\(id.rawValue)", error.description)
        }
    }

    /// Runs a change of the tree's structure; a refusal is `invalidTree` (cycle, mask rules).
    private mutating func structural(
        _ field: String, _ change: (inout LayerTree) throws(AnimCoreError) -> Void
    )
        throws(ProtocolError)
    {
        do {
            try change(&tree)
        } catch {
            throw refusal(.invalidTree, field, "", error.description)
        }
    }
}

/// A refused commit operation.
func refusal(_ code: WireErrorCode, _ field: String, _ value: String, _ detail: String) -> ProtocolError {
    ProtocolError(code, opcode: Commit.opcode, field: field, value: value, detail: detail)
}

extension ProtocolError {
    func withOpcode(_ opcode: UInt16) -> ProtocolError {
        var copy = self
        copy.opcode = opcode
        return copy
    }
}

/// A number as a client would write it: `1`, `0.5`, `nan`, `inf`.
func numberText(_ value: Double) -> String {
    var text = value.description
    if text.hasSuffix(".0") { text.removeLast(2) }
    return text
}
