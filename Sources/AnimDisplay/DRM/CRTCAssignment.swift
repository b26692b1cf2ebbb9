/// Which CRTC drives which connector when several are lit: as many connectors as the possible-CRTC masks
/// allow. Greedy choice in order can strand a later connector (the first takes the only CRTC the second could
/// use); augmenting paths (Kuhn's matching, connectors in order) move an earlier connector to another of its
/// CRTCs to make room, and never leave one unlit that an earlier step lit.
enum CRTCAssignment {
    /// For each of `connectors`, the index into `crtcCount` CRTCs it gets, or nil when none is left for it.
    /// Each tries the CRTC it has now (`current`, an index) first, then the others in the kernel's order.
    static func assign(
        _ connectors: [(possibleCRTCs: UInt32, current: Int?)], crtcCount: Int
    ) -> [Int?] {
        let choices = connectors.map { connector in
            let usable = (0..<min(crtcCount, 32)).filter { connector.possibleCRTCs & (1 << UInt32($0)) != 0 }
            guard let current = connector.current, usable.contains(current) else { return usable }
            return [current] + usable.filter { $0 != current }
        }
        var owner = [Int?](repeating: nil, count: crtcCount)
        for connector in connectors.indices {
            var visited = Set<Int>()
            _ = augment(connector, choices, &owner, &visited)
        }
        var result = [Int?](repeating: nil, count: connectors.count)
        for (crtc, connector) in owner.enumerated() {
            if let connector { result[connector] = crtc }
        }
        return result
    }

    /// Finds `connector` a CRTC: a free one first (in its order of preference), else one whose holder can move
    /// along an augmenting path.
    private static func augment(
        _ connector: Int, _ choices: [[Int]], _ owner: inout [Int?], _ visited: inout Set<Int>
    ) -> Bool {
        if let free = choices[connector].first(where: { owner[$0] == nil && !visited.contains($0) }) {
            owner[free] = connector
            return true
        }
        for crtc in choices[connector] where !visited.contains(crtc) {
            visited.insert(crtc)
            guard let holder = owner[crtc] else {
                owner[crtc] = connector
                return true
            }
            if augment(holder, choices, &owner, &visited) {
                owner[crtc] = connector
                return true
            }
        }
        return false
    }
}
