import AnimCore

/// Parsed key paths by layer class and text. A bulk commit names the same few key paths thousands of times,
/// and parsing one (splitting, looking up each component) costs more than setting the value. Only valid key
/// paths are kept, and the cache starts over when it gets large, so a client naming many cannot grow it.
final class KeyPathCache {
    private struct Key: Hashable {
        let layerClass: LayerClass
        let path: String
    }

    private var parsed: [Key: AnimKeyPath] = [:]
    private let limit: Int

    init(limit: Int = 4096) {
        self.limit = limit
    }

    var count: Int { parsed.count }

    /// `AnimKeyPath(path, on: layerClass)`, from the cache when it was parsed before.
    func keyPath(_ path: String, on layerClass: LayerClass) throws(AnimCoreError) -> AnimKeyPath {
        let key = Key(layerClass: layerClass, path: path)
        if let known = parsed[key] { return known }
        let keyPath = try AnimKeyPath(path, on: layerClass)
        if parsed.count >= limit { parsed.removeAll(keepingCapacity: true) }
        parsed[key] = keyPath
        return keyPath
    }
}
