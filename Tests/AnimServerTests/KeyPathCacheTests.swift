import AnimCore
import Testing

@testable import AnimServer

@Suite("The key path cache answers as parsing would")
struct KeyPathCacheTests {
    @Test func cachedKeyPathsEqualParsedOnesPerLayerClass() throws {
        let cache = KeyPathCache()
        for _ in 0..<3 {
            #expect(try cache.keyPath("position", on: .layer) == AnimKeyPath("position", on: .layer))
            #expect(try cache.keyPath("lineWidth", on: .shape) == AnimKeyPath("lineWidth", on: .shape))
            #expect(try cache.keyPath("position.x", on: .shape) == AnimKeyPath("position.x", on: .shape))
        }
        #expect(cache.count == 3)
        // A key path valid on one class is still refused on another, cached or not.
        #expect(throws: AnimCoreError.self) { try cache.keyPath("lineWidth", on: .layer) }
        #expect(throws: AnimCoreError.self) { try cache.keyPath("alpha", on: .layer) }
        #expect(cache.count == 3)
    }

    @Test func theCacheStartsOverWhenFull() throws {
        let cache = KeyPathCache(limit: 2)
        _ = try cache.keyPath("opacity", on: .layer)
        _ = try cache.keyPath("position", on: .layer)
        #expect(cache.count == 2)
        #expect(try cache.keyPath("bounds", on: .layer) == AnimKeyPath("bounds", on: .layer))
        #expect(cache.count == 1)
        #expect(try cache.keyPath("opacity", on: .layer) == AnimKeyPath("opacity", on: .layer))
    }
}

@Suite("A batch resolves key paths by their bytes")
struct BatchKeyPathsTests {
    /// Key paths given as bytes at different places of one buffer, as a frame's records hold them.
    @Test func keyPathsMetAgainAnswerAsTheFirstTime() throws {
        let cache = KeyPathCache()
        var keyPaths = BatchKeyPaths()
        let names = ["position", "opacity", "position", "opacity", "position.x", "mask", "lineWidth", "lineWidth"]
        let bytes = names.flatMap { Array($0.utf8) }
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            var resolved: [BatchKeyPaths.Resolved?] = []
            let classes: [LayerClass] = [.layer, .layer, .layer, .shape, .layer, .layer, .layer, .shape]
            let kinds: [ValueKind] = [.point, .number, .point, .number, .number, .layer, .number, .number]
            for (index, name) in names.enumerated() {
                let slice = UnsafeRawBufferPointer(rebasing: buffer[offset..<offset + name.utf8.count])
                offset += name.utf8.count
                resolved.append(keyPaths.resolve(slice, on: classes[index], kind: kinds[index], cache: cache))
            }
            #expect(
                resolved.map { $0?.property } == [.position, .opacity, .position, .opacity, nil, nil, nil, .lineWidth])
            #expect(resolved.map { $0?.rule != nil } == [true, true, true, true, false, false, false, true])
            // A point checks two lanes, a number one.
            #expect(resolved[2]?.rule?.accepts(SIMD4(1, .nan, 0, 0)) == false)
            #expect(resolved[1]?.rule?.accepts(SIMD4(0.5, .nan, 0, 0)) == true)
        }
        // A kind the property does not hold has no lane rule.
        Array("opacity".utf8).withUnsafeBytes { slice in
            #expect(keyPaths.resolve(slice, on: .layer, kind: .point, cache: cache)?.rule == nil)
        }
    }
}
