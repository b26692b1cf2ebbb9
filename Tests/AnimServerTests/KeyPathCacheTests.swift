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
