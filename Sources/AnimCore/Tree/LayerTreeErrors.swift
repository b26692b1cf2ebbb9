/// The errors of the layer tree. They are `AnimCoreError.invalid` and `.outOfRange` values whose field is
/// the offending layer and whose reason names every other layer involved, so the server can send them back
/// to the client as they are.
extension AnimCoreError {
    /// No layer with this id exists in the tree.
    public static func unknownLayer(_ id: LayerID) -> AnimCoreError {
        .invalid(field: id.description, reason: "no such layer")
    }

    /// A layer with this id already exists.
    public static func duplicateLayer(_ id: LayerID) -> AnimCoreError {
        .invalid(field: id.description, reason: "a layer with this id already exists")
    }

    /// Placing `layer` under `parent` would make a cycle: `layer` is `parent` or one of its ancestors.
    public static func layerCycle(_ layer: LayerID, under parent: LayerID) -> AnimCoreError {
        .invalid(
            field: layer.description,
            reason: "\(layer) is \(parent) or one of its ancestors; placing it under \(parent) would make a cycle")
    }

    /// `layer` is the mask of `masked`, so it cannot also be a sublayer.
    public static func layerIsMask(_ layer: LayerID, of masked: LayerID) -> AnimCoreError {
        .invalid(field: layer.description, reason: "\(layer) is the mask of \(masked) and cannot be a sublayer")
    }

    /// A mask must have no superlayer (docs/core-animation-rules.md#compositing-order); `mask` is a sublayer of
    /// `superlayer`.
    public static func maskHasSuperlayer(_ mask: LayerID, superlayer: LayerID) -> AnimCoreError {
        .invalid(field: mask.description, reason: "a mask must have no superlayer; \(mask) is in \(superlayer)")
    }

    /// `mask` already masks `other`; one layer cannot be the mask of two.
    public static func maskInUse(_ mask: LayerID, by other: LayerID) -> AnimCoreError {
        .invalid(field: mask.description, reason: "\(mask) is already the mask of \(other)")
    }

    /// Masks cannot nest (docs/core-animation-rules.md#compositing-order): `mask` would mask `layer`, but one of them
    /// is or has a mask already.
    public static func nestedMask(_ mask: LayerID, of layer: LayerID, reason: String) -> AnimCoreError {
        .invalid(field: mask.description, reason: "nested masks are unsupported: \(reason) (masking \(layer))")
    }

    /// `layer` is not one of `parent`'s sublayers.
    public static func notASublayer(_ layer: LayerID, of parent: LayerID) -> AnimCoreError {
        .invalid(field: layer.description, reason: "\(layer) is not a sublayer of \(parent)")
    }

    /// An index for `parent`'s sublayers outside `0…count`.
    public static func sublayerIndexOutOfRange(_ index: Int, in parent: LayerID, count: Int) -> AnimCoreError {
        .outOfRange(field: "\(parent).sublayers index", value: Double(index), allowed: "0…\(count)")
    }

    /// Neither `layer` nor any of its ancestors is a CAScrollLayer.
    public static func noScrollLayer(for layer: LayerID) -> AnimCoreError {
        .invalid(field: layer.description, reason: "neither \(layer) nor any of its ancestors is a CAScrollLayer")
    }

    /// A geometric conversion between two layers' spaces has no answer (a singular or edge-on transform, or a
    /// point behind the eye).
    public static func unconvertible(from: LayerID?, to: LayerID?) -> AnimCoreError {
        .invalid(
            field: (from ?? to).map(\.description) ?? "root space",
            reason: "no point maps between \(from.map(\.description) ?? "root space") and "
                + "\(to.map(\.description) ?? "root space") (singular transform or behind the eye)")
    }
}
