/// Which states the tree's geometry reads: the model values, or presentation values (CA's presentation
/// layer answers `convert` and `hitTest` with presentation values, docs/core-animation-rules.md#geometry).
public struct LayerStateSource {
    private let lookup: ((LayerID) -> LayerState?)?

    private init(_ lookup: ((LayerID) -> LayerState?)?) {
        self.lookup = lookup
    }

    /// The model states stored in the tree.
    public static var model: LayerStateSource { LayerStateSource(nil) }

    /// States from a table (such as `LayerTree.presentationStates(atAbsoluteTime:)`); a layer missing
    /// from it reads its model state.
    public static func presentation(_ states: [LayerID: LayerState]) -> LayerStateSource {
        LayerStateSource { states[$0] }
    }

    /// States computed on demand for some layers only: a layer `state` answers nil for reads its model state in
    /// place (input routing evaluates just the animated layers a hit test visits).
    public static func overriding(_ state: @escaping (LayerID) -> LayerState?) -> LayerStateSource {
        LayerStateSource(state)
    }

    /// States computed on demand, for example a presentation cache the server keeps.
    public static func lookup(_ state: @escaping (LayerID) -> LayerState) -> LayerStateSource {
        LayerStateSource { state($0) }
    }

    /// `field` of the state of layer `id` (which must be in `nodes`), read in place from the model.
    func read<T>(_ id: LayerID, in nodes: LayerNodeStore, _ field: (LayerState) -> T) -> T {
        if let lookup, let state = lookup(id) { return field(state) }
        return field(nodes[id].state)
    }

    /// The state of layer `id` (which must be in `nodes`) from this source.
    func state(of id: LayerID, in nodes: LayerNodeStore) -> LayerState {
        if let lookup, let state = lookup(id) { return state }
        return nodes[id].state
    }
}
