import AnimCore
import AnimProtocol
import AnimRender
import Logging

/// What a commit is checked against besides the tree itself.
struct CommitEnvironment {
    /// The server time the commit applies at: beginTime 0 animations begin then.
    var now: Double
    var maxLayers: UInt32
    var maxAnimations: UInt32
    /// Live particles the client's emitters may keep, as `ParticleBudget` estimates them.
    var maxParticles: UInt32 = 10000
    /// Whether the client has an image with this id.
    var hasImage: (ImageID) -> Bool
    var logger: Logger
    /// Parsed key paths, shared by every commit of the server.
    var keyPaths: KeyPathCache
    /// The protocol version the connection speaks: values added after it are refused.
    var version: UInt16 = ProtocolVersion.current
}

/// Where a refused operation is: `operations[index].name`, turned into text only when one is refused.
struct OperationField: CustomStringConvertible {
    let index: Int
    let name: StaticString

    init(_ index: Int, _ name: StaticString) {
        self.index = index
        self.name = name
    }

    var description: String { "operations[\(index)].\(name)" }
}

/// How far `ClientContext.applyOperations` has applied a commit: the next operation, the events so far and the
/// animations the client would have.
struct CommitProgress {
    var next = 0
    var out: [Message] = []
    var animationCount: Int

    init(_ context: ClientContext) {
        animationCount = context.animationCount
    }
}

extension ClientContext {
    /// Applies `commit`'s operations in order to this context, in place. The first refused operation
    /// throws, naming `operations[i]…` and the value, and the context is left exactly as it was before the
    /// commit (the tree's journal is rolled back, the other fields restored). On success, returns the events
    /// the commit caused (stops of replaced or removed animations, then completed transactions), in order.
    ///
    /// The caller takes the context out of its session while it applies, so it is uniquely referenced and
    /// changes in place. (A render snapshot may still share the tree's nodes: the first change after a frame
    /// then copies the list of node pointers, and each changed node once.)
    mutating func apply(_ commit: Commit, in env: CommitEnvironment) throws(ProtocolError) -> [Message] {
        let saved = SavedFields(self)
        tree.beginJournal()
        var progress = CommitProgress(self)
        do {
            try applyOperations(commit, env, &progress, upTo: .max)
            tree.commitJournal()
            recordEmitterValues(at: env.now)
            return progress.out + closeCompletions(commit.completions, at: env.now)
        } catch {
            tree.rollback()
            saved.restore(into: &self)
            throw error
        }
    }

    /// Applies up to `limit` more of `commit`'s operations, from `progress.next` on, under the journal the caller
    /// opened (`tree.beginJournal()`): a large commit is applied in slices on a copy of the context
    /// (`SlicedCommit`), which is dropped when an operation is refused, so the scene never holds half of it.
    mutating func applyOperations(
        _ commit: Commit, _ env: CommitEnvironment, _ progress: inout CommitProgress, upTo limit: Int
    ) throws(ProtocolError) {
        let operations = commit.operations
        let end = limit >= operations.count - progress.next ? operations.count : progress.next + limit
        defer { progress.next = end }
        for index in progress.next..<end {
            // Field paths are built only when an operation is refused (the string work is measurable in
            // bulk commits). The operation is switched on in place: copying each one out costs more than
            // applying a setProperty.
            switch operations[index] {
            case .createLayer(let op):
                try createLayer(op, field: OperationField(index, "createLayer"), env)
            case .destroyLayer(let raw):
                let field = OperationField(index, "destroyLayer")
                let id = try requireLayer(raw, field: "\(field)")
                progress.animationCount -= tree.withNode(id) { $0.animations.count } ?? 0
                try destroyLayer(id, at: env.now, into: &progress.out, field: field)
            case .setProperty(let op):
                try setProperty(op, field: OperationField(index, "setProperty"), env)
            case .insertSublayer(let op):
                try insertSublayer(op, field: OperationField(index, "insertSublayer"))
            case .removeFromSuperlayer(let raw):
                let field = OperationField(index, "removeFromSuperlayer")
                let id = try requireLayer(raw, field: "\(field)")
                try structural("\(field)") { (tree) throws(AnimCoreError) in
                    try tree.removeFromSuperlayer(id)
                }
            case .addAnimation(let op):
                try addAnimation(
                    op, field: OperationField(index, "addAnimation"), count: &progress.animationCount, env,
                    into: &progress.out)
            case .removeAnimation(let op):
                let field = OperationField(index, "removeAnimation")
                let id = try requireLayer(op.layer, field: "\(field).layer")
                let local = try localTime(of: id, at: env.now, field: "\(field).layer")
                let events = try updateAnimations(of: id) { $0.remove(key: op.key, at: local) }
                progress.animationCount -= events.count
                for e in events { report(e, on: id, at: env.now, into: &progress.out) }
            case .removeAllAnimations(let raw):
                let field = OperationField(index, "removeAllAnimations")
                let id = try requireLayer(raw, field: "\(field)")
                let local = try localTime(of: id, at: env.now, field: "\(field)")
                let events = try updateAnimations(of: id) { $0.removeAll(at: local) }
                progress.animationCount -= events.count
                for e in events { report(e, on: id, at: env.now, into: &progress.out) }
            case .setEmitterCells(let op):
                try setEmitterCells(op, field: OperationField(index, "setEmitterCells"), env)
            }
        }
    }

    /// Closes the completions a commit names: those with no animation left report `TransactionCompleted`.
    mutating func closeCompletions(_ ids: [UInt64], at now: Double) -> [Message] {
        var out: [Message] = []
        for completion in ids where completion != 0 {
            if let done = completions.committed(TransactionStack.CompletionID(completion)) {
                out.append(.transactionCompleted(TransactionCompleted(completion: done.rawValue, time: now)))
            }
        }
        return out
    }

    // MARK: Operations

    private mutating func createLayer(
        _ op: WireCreateLayer, field: OperationField, _ env: CommitEnvironment
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
        try structural("\(field)") { (tree) throws(AnimCoreError) in
            try tree.insert(id, state: LayerState(layerClass: layerClass))
        }
    }

    /// Destroys `id` as a released CALayer goes: its sublayers and its mask are detached (they become
    /// roots; the client releases them on its own if they die too), its animations stop unfinished.
    private mutating func destroyLayer(
        _ id: LayerID, at now: Double, into out: inout [Message], field: OperationField
    )
        throws(ProtocolError)
    {
        guard let node = tree.node(id) else { return }
        stopAll(on: id, at: now, into: &out)
        try structural("\(field)") { (tree) throws(AnimCoreError) in
            for child in node.sublayers { try tree.removeFromSuperlayer(child) }
            if node.state.mask != nil { try tree.setMask(nil, of: id) }
            try tree.remove(id)
        }
    }

    private mutating func setProperty(
        _ op: WireSetProperty, field: OperationField, _ env: CommitEnvironment
    )
        throws(ProtocolError)
    {
        let id = LayerID(op.layer)
        guard let layerClass = tree.layerClass(of: id) else {
            throw refusal(.unknownLayer, "\(field).layer", "\(op.layer)", "\(id) does not exist in this client")
        }
        let keyPath: AnimKeyPath
        do {
            keyPath = try env.keyPaths.keyPath(op.keyPath, on: layerClass)
        } catch {
            throw refusal(
                .unknownKeyPath, "\(field).keyPath", op.keyPath,
                "\(id) is a \(layerClass), which has no key path '\(op.keyPath)'")
        }
        guard op.value.sinceVersion <= env.version else {
            throw refusal(
                .invalidValue, "\(field).value", op.value.caseName,
                "\(op.value.caseName) values are in protocol version \(op.value.sinceVersion), not in version "
                    + "\(env.version), which this connection speaks")
        }
        let value: PropertyValue
        do {
            value = try PropertyValue(wire: op.value).coerced(to: keyPath.valueKind)
        } catch {
            throw error.at("\(field).value").withOpcode(Commit.opcode)
        }
        guard value.kind == keyPath.valueKind else {
            throw refusal(
                .typeMismatch, "\(field).value", value.kind.rawValue,
                "\(keyPath) of \(id) holds \(keyPath.valueKind.rawValue), not \(value.kind.rawValue)")
        }
        try checkReferences(value, field: "\(field).value", env)
        // The value is set on the tree's own working copy of the state: a refused value leaves it as it was,
        // and a refused mask change (the tree's structure rules) is told apart from a refused value.
        var refusedValue: AnimCoreError?
        do throws(AnimCoreError) {
            try tree.updateState(of: id) { (state) throws(AnimCoreError) in
                do throws(AnimCoreError) {
                    try keyPath.set(value, in: &state)
                } catch {
                    refusedValue = error
                    throw error
                }
            }
        } catch {
            if let refusedValue {
                var refused = ProtocolError(refusedValue, opcode: Commit.opcode)
                refused.field = "\(field).value"
                refused.detail = "\(keyPath) of \(id): \(refusedValue)"
                throw refused
            }
            throw refusal(.invalidTree, "\(field).value", "", error.description)
        }
        if layerClass == .emitter, op.keyPath == "birthRate" || op.keyPath == "lifetime" {
            try checkParticleBudget(of: id, field: "\(field).layer", env)
        }
    }

    /// A layer or image a value names must belong to this client.
    private func checkReferences(
        _ value: PropertyValue, field: @autoclosure () -> String, _ env: CommitEnvironment
    )
        throws(ProtocolError)
    {
        switch value {
        case .layer(let target?):
            guard tree.hasLayer(target) else {
                throw refusal(.unknownLayer, field(), "\(target.rawValue)", "\(target) does not exist in this client")
            }
        case .image(let image?):
            guard env.hasImage(image) else {
                throw refusal(
                    .unknownImage, field(), "\(image.rawValue)", "\(image) was never uploaded or was released")
            }
        default:
            break
        }
    }

    private mutating func insertSublayer(_ op: WireInsertSublayer, field: OperationField) throws(ProtocolError) {
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
        _ op: WireAddAnimation, field: OperationField, count: inout Int,
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
        // An animation of the layer's timeOffset runs on its parent time: a beginTime of 0 is the parent's now.
        let attachTime =
            animation.keyPath?.property == .timeOffset
            ? ((try? tree.parentTime(of: id, fromAbsolute: env.now)) ?? env.now) : local
        let previous = try? presentationBeforeCommit(of: id, at: env.now)
        let attached: AttachedAnimation
        do {
            attached = try AttachedAnimation(
                key: op.key, animation: animation, layerClass: layerClass,
                context: AttachedAnimation.Context(
                    attachTime: attachTime, transactionDuration: op.transactionDuration,
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
        // The old state is what the subtree showed when this commit began, before any of its changes.
        let capture: SubtreeSnapshot? =
            if case .transition = animation.kind { subtreeBeforeCommit(of: id, at: env.now) } else { nil }
        let (entry, events) = try updateAnimations(of: id) { $0.add(attached, at: local) }
        count = total
        for e in events { report(e, on: id, at: env.now, into: &out) }
        register(op.animationID, entry: entry, on: id, completion: op.completion)
        if let capture { transitionCaptures[id] = TransitionCapture(entry: entry, snapshot: capture) }
    }

    private mutating func setEmitterCells(
        _ op: WireSetEmitterCells, field: OperationField, _ env: CommitEnvironment
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
        try structural("\(field)") { (tree) throws(AnimCoreError) in
            try tree.updateState(of: id) { $0 = state }
        }
        if !cells.isEmpty { emitterLayers.insert(id) }
        try checkParticleBudget(of: id, field: "\(field).layer", env)
    }

    /// The per-client particle budget (docs/core-animation-rules.md#caemitterlayer): after an operation that changes
    /// an emitter's cells or its `birthRate` or `lifetime`, the particles all the client's emitter layers keep alive
    /// (`ParticleBudget.estimate`, summed, with the particles of earlier values still alive) must stay within
    /// `maxParticles`.
    private func checkParticleBudget(
        of id: LayerID, field: @autoclosure () -> String, _ env: CommitEnvironment
    )
        throws(ProtocolError)
    {
        var total = 0.0
        var own = 0.0
        for layer in emitterLayers.union([id]) {
            guard let emitter = tree.node(layer)?.state.special.emitter else { continue }
            // Particles born under a layer's earlier values live on, so they count until they die.
            let local = (try? tree.localTime(of: layer, fromAbsolute: env.now)) ?? env.now
            let estimate = ParticleBudget.estimate(emitter, after: emitterHistories[layer], at: local)
            total += estimate
            if layer == id { own = estimate }
        }
        guard total > Double(env.maxParticles) else { return }
        throw refusal(
            .quotaExceeded, field(), "\(id.rawValue)",
            "maxParticles quota: \(id)'s cells would keep \(Self.rounded(own)) particles alive (birthRate × lifetime, "
                + "summed over its cells), the client's emitters \(Self.rounded(total)); the limit is \(env.maxParticles)"
        )
    }

    private static func rounded(_ value: Double) -> String {
        value < 1e15 ? "\(Int(value.rounded(.up)))" : "\(value)"
    }

    // MARK: Helpers

    private func requireLayer(_ raw: UInt32, field: @autoclosure () -> String) throws(ProtocolError) -> LayerID {
        let id = LayerID(raw)
        guard tree.hasLayer(id) else {
            throw refusal(.unknownLayer, field(), "\(raw)", "\(id) does not exist in this client")
        }
        return id
    }

    private func localTime(
        of id: LayerID, at now: Double, field: @autoclosure () -> String
    ) throws(ProtocolError) -> Double {
        do {
            return try tree.localTime(of: id, fromAbsolute: now)
        } catch {
            throw refusal(.unknownLayer, field(), "\(id.rawValue)", error.description)
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
        _ field: @autoclosure () -> String, _ change: (inout LayerTree) throws(AnimCoreError) -> Void
    )
        throws(ProtocolError)
    {
        do {
            try change(&tree)
        } catch {
            throw refusal(.invalidTree, field(), "", error.description)
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
