/// `LayerProperty` itself, its metadata and its constraints are generated from protocol/layer-properties.json
/// (Generated/LayerProperties.swift); what is not per property lives here.
extension LayerProperty {
    /// Whether a layer of `layerClass` has this property.
    public func exists(on layerClass: LayerClass) -> Bool {
        guard let owner = introducingClass else { return true }
        return owner == layerClass
    }
}
