/// Copy-on-write storage for `ColdLayerProperties`: copies of a layer state share one box until one of
/// them changes a cold property. Every default state shares a single box, so making a layer allocates
/// nothing for them.
struct ColdLayerStorage: Hashable, Sendable {
    private final class Box: @unchecked Sendable {
        // Mutated only while uniquely referenced (copy-on-write), so sharing across threads is safe.
        var value: ColdLayerProperties
        init(_ value: ColdLayerProperties) { self.value = value }
    }

    /// The defaults' box. The global keeps a reference, so it is never uniquely referenced and never
    /// mutated: the first change to a default state copies it.
    private static let defaults = Box(ColdLayerProperties())

    private var box: Box

    init() { box = Self.defaults }

    var value: ColdLayerProperties {
        @inline(__always) get { box.value }
    }

    /// Changes the properties in place, copying the box first when another state shares it.
    @inline(__always)
    mutating func modify(_ change: (inout ColdLayerProperties) -> Void) {
        if !isKnownUniquelyReferenced(&box) { box = Box(box.value) }
        change(&box.value)
    }

    static func == (a: ColdLayerStorage, b: ColdLayerStorage) -> Bool {
        a.box === b.box || a.box.value == b.box.value
    }

    func hash(into hasher: inout Hasher) { hasher.combine(box.value) }
}
