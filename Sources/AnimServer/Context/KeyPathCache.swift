import AnimCore
import Glibc

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

/// The key paths one batch names, by their bytes in the frame, the layer class and the kind of value: a commit
/// that changes several key paths on each layer in turn (position, bounds, opacity of one layer, then the next)
/// asks for one at every change, and comparing a few bytes with those met in this commit costs a tenth of
/// making a string and hashing it (`KeyPathCache.keyPath(bytes:on:)`).
struct BatchKeyPaths {
    /// A whole property other than `mask` (what a batch may set), and its rule for a value given as lanes (nil
    /// for a kind that is not a number, point, size or rect, or not the property's kind).
    struct Resolved {
        let property: LayerProperty
        let rule: LaneRule?
    }

    private struct Entry {
        let bytes: UnsafeRawBufferPointer
        let layerClass: LayerClass
        let kind: ValueKind
        let resolved: Resolved
    }

    private var entries: [Entry] = []
    /// A commit naming more distinct key paths than this asks the shared cache for the others.
    static let limit = 16

    /// The property `bytes` names on `layerClass`, nil when it names none or one a batch does not set (a key path
    /// with a component, `mask`). `bytes` must stay valid as long as this value: they point into the frame.
    mutating func resolve(
        _ bytes: UnsafeRawBufferPointer, on layerClass: LayerClass, kind: ValueKind, cache: KeyPathCache
    ) -> Resolved? {
        for entry in entries where entry.layerClass == layerClass && entry.kind == kind && same(entry.bytes, bytes) {
            return entry.resolved
        }
        guard let keyPath = cache.keyPath(bytes: bytes, on: layerClass), keyPath.component == nil,
            keyPath.property != .mask
        else { return nil }
        let resolved = Resolved(property: keyPath.property, rule: keyPath.property.laneRule(for: kind))
        if entries.count < Self.limit {
            entries.append(Entry(bytes: bytes, layerClass: layerClass, kind: kind, resolved: resolved))
        }
        return resolved
    }

    private func same(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer) -> Bool {
        guard a.count == b.count else { return false }
        guard let first = a.baseAddress, let second = b.baseAddress, first != second else { return true }
        return memcmp(first, second, a.count) == 0
    }
}
