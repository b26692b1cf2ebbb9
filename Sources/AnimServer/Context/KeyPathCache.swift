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
    /// The last one asked for: a bulk commit sets the same key path over and over, and comparing a short
    /// string is cheaper than hashing it.
    private var last: (key: Key, keyPath: AnimKeyPath)?

    init(limit: Int = 4096) {
        self.limit = limit
    }

    var count: Int { parsed.count }

    /// `AnimKeyPath(path, on: layerClass)`, from the cache when it was parsed before.
    func keyPath(_ path: String, on layerClass: LayerClass) throws(AnimCoreError) -> AnimKeyPath {
        let key = Key(layerClass: layerClass, path: path)
        if let last, last.key == key { return last.keyPath }
        let keyPath: AnimKeyPath
        if let known = parsed[key] {
            keyPath = known
        } else {
            keyPath = try AnimKeyPath(path, on: layerClass)
            if parsed.count >= limit { parsed.removeAll(keepingCapacity: true) }
            parsed[key] = keyPath
        }
        last = (key, keyPath)
        return keyPath
    }

    /// `keyPath(_:on:)` for a key path's bytes as they arrived (a batch compares repeats in place and asks only
    /// for a key path it has not seen just before). Nil when the bytes are not UTF-8 or name no key path of the
    /// class: the caller's general path then reports why.
    func keyPath(bytes: UnsafeRawBufferPointer, on layerClass: LayerClass) -> AnimKeyPath? {
        guard let path = String(validating: bytes, as: UTF8.self) else { return nil }
        return try? keyPath(path, on: layerClass)
    }
}
