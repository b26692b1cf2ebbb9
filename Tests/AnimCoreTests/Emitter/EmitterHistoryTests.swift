import Foundation
import Testing

@testable import AnimCore

/// Particles take the emitter's and their cell's values at their birth (docs/core-animation-rules.md#caemitterlayer):
/// a change recorded in the layer's `EmitterHistory` at emitter time t acts on the particles born from t on only.
@Suite("Emitter history")
struct EmitterHistoryTests {
    /// Four particles a second, each living one second, moving right at 40 pt/s (± 20 so particles differ).
    static func layer(_ change: (inout EmitterLayerProperties) -> Void = { _ in }) -> EmitterLayerProperties {
        var cell = EmitterCell(name: "dot")
        cell.birthRate = 4
        cell.lifetime = 1
        cell.velocity = 40
        cell.velocityRange = 20
        var layer = EmitterLayerProperties()
        layer.emitterCells = [cell]
        layer.seed = 3
        change(&layer)
        return layer
    }

    static func simulation(_ changes: [(Double, EmitterLayerProperties)]) -> EmitterSimulation {
        var history = EmitterHistory(layer())
        for (time, values) in changes { history.record(values, at: time) }
        return EmitterSimulation(history: history)
    }

    /// The particles without their cell index (the same cell under another value has another index).
    static func drawn(_ particles: [Particle]) -> [Particle] {
        particles.map {
            var p = $0
            p.cell = 0
            return p
        }
    }

    @Test func birthRateSetToZeroKeepsTheLivingParticlesUntilTheirLifetimeEnds() {
        let unchanged = EmitterSimulation(layer: Self.layer())
        let stopped = Self.simulation([(2, Self.layer { $0.birthRate = 0 })])
        // At 2.25 s the particles born at 1.5 and 1.75 s live on where they would have been; none is born at 2 s.
        let at225 = stopped.particles(at: 2.25)
        #expect(at225.map(\.birthTime) == [1.5, 1.75])
        #expect(at225 == unchanged.particles(at: 2.25).filter { $0.birthTime < 2 })
        #expect(at225.map(\.x) != at225.map { 40 * $0.age })  // the velocity range drew different speeds
        #expect(stopped.particles(at: 2.5).map(\.birthTime) == [1.75])
        #expect(stopped.particles(at: 2.5) == unchanged.particles(at: 2.5).filter { $0.birthTime < 2 })
        // The last one dies at 2.75 s and nothing is born again.
        #expect(stopped.particles(at: 2.75).isEmpty)
        #expect(stopped.particles(at: 10).isEmpty)
        // A cell's own birthRate set to 0 stops it alike.
        let cellStopped = Self.simulation([(2, Self.layer { $0.emitterCells[0].birthRate = 0 })])
        #expect(cellStopped.particles(at: 2.25) == at225)
    }

    @Test func aDoubledRateLeavesTheEarlierParticlesAndCountsOnFromThem() {
        let unchanged = EmitterSimulation(layer: Self.layer())
        let doubled = Self.simulation([(2, Self.layer { $0.birthRate = 2 })])
        let particles = doubled.particles(at: 2.5)
        // Born at 1.75 s under the old rate, then every 1/8 s from 2 s on (2.5 s included).
        #expect(particles.map(\.birthTime) == [1.75, 2, 2.125, 2.25, 2.375, 2.5])
        let earlier = particles.filter { $0.birthTime < 2 }
        #expect(earlier == unchanged.particles(at: 2.5).filter { $0.birthTime < 2 })
        // Births count on: the particle born at 2 s is particle 8 in both, the same particle.
        let eighth = Self.drawn(unchanged.particles(at: 2.5).filter { $0.birthTime == 2 })
        #expect(Self.drawn(particles.filter { $0.birthTime == 2 }) == eighth)
        #expect(eighth.count == 1)
        // Halving the rate at 2.0625 s (8.5 births counted) waits for the count to reach 9: at 2.0625 + 0.5/2 s.
        let halved = Self.simulation([
            (2, Self.layer { $0.birthRate = 2 }), (2.0625, Self.layer { $0.birthRate = 0.5 }),
        ])
        #expect(halved.particles(at: 3).map(\.birthTime) == [2.3125, 2.8125])
    }

    @Test func aMovedEmitterLeavesTheLivingParticlesWhereTheyWere() {
        let unchanged = EmitterSimulation(layer: Self.layer())
        let moved = Self.simulation([(2, Self.layer { $0.emitterPosition = Point(x: 100, y: 50) })])
        let particles = moved.particles(at: 2.5)
        #expect(particles.map(\.birthTime) == [1.75, 2, 2.25, 2.5])
        let before = unchanged.particles(at: 2.5)
        for (p, q) in zip(particles, before) {
            #expect(p.birthTime == q.birthTime)
            if p.birthTime < 2 {
                #expect(p == q)
            } else {
                // Born on the moved emitter with the same draws.
                #expect(p.x == q.x + 100 && p.y == q.y + 50)
            }
        }
    }

    @Test func theHistoryKeepsOnlyWhatLivingParticlesNeed() {
        var history = EmitterHistory(Self.layer())
        history.record(Self.layer { $0.emitterPosition = Point(x: 1, y: 0) }, at: 2)
        #expect(history.entries.map(\.start) == [-.infinity, 2])
        #expect(history.earlierParticlesEnd == 3)
        // The same values again change nothing; a second change at one time replaces the first.
        history.record(Self.layer { $0.emitterPosition = Point(x: 1, y: 0) }, at: 2.5)
        history.record(Self.layer { $0.emitterPosition = Point(x: 2, y: 0) }, at: 2.5)
        history.record(Self.layer { $0.emitterPosition = Point(x: 3, y: 0) }, at: 2.5)
        #expect(history.entries.map(\.start) == [-.infinity, 2, 2.5])
        #expect(history.current.emitterPosition.x == 3)
        // At 3.75 s the values whose particles died by 3 s and 3.5 s are dropped, the births counted kept.
        history.record(Self.layer(), at: 3.75)
        #expect(history.entries.map(\.start) == [2.5, 3.75])
        #expect(history.entries.map(\.births) == [[10], [15]])
        #expect(history.earlierParticlesEnd == 4.75)
        let particles = EmitterSimulation(history: history).particles(at: 4)
        #expect(particles.map(\.birthTime) == [3.25, 3.5, 3.75, 4])
        #expect(
            particles.map(\.x).prefix(2) != EmitterSimulation(layer: Self.layer()).particles(at: 4).map(\.x).prefix(2))
        let unchanged = EmitterSimulation(layer: Self.layer()).particles(at: 4).filter { $0.birthTime >= 3.75 }
        #expect(Self.drawn(particles.filter { $0.birthTime >= 3.75 }) == unchanged)
    }

    @Test func theBudgetCountsTheEarlierValuesParticlesUntilTheyDie() {
        var history = EmitterHistory(Self.layer())
        // Steady: four a second living one second.
        #expect(ParticleBudget.estimate(Self.layer(), after: history, at: 2) == 4)
        // Stopped at 2 s: the four born in the last second still count.
        #expect(ParticleBudget.estimate(Self.layer { $0.birthRate = 0 }, after: history, at: 2) == 4)
        history.record(Self.layer { $0.birthRate = 0 }, at: 2)
        // Restarted at 2.5 s: those born in 1.5…2 s may live on beside a new second's births.
        #expect(ParticleBudget.estimate(Self.layer(), after: history, at: 2.5) == 6)
        // By 3.5 s the particles of the first value are dead.
        #expect(ParticleBudget.estimate(Self.layer(), after: history, at: 3.5) == 4)
    }

    @Test func theSameHistoryGivesTheSameParticles() {
        let changes = [(1.3, Self.layer { $0.birthRate = 3 }), (1.9, Self.layer { $0.emitterPosition.x = 7 })]
        let a = Self.simulation(changes)
        let b = Self.simulation(changes)
        for t in [1.5, 2.2, 2.9] { #expect(a.particles(at: t) == b.particles(at: t)) }
        // What was evaluated before does not matter.
        #expect(a.particles(at: 2.2) == Self.simulation(changes).particles(at: 2.2))
    }
}
