import Foundation
import Testing

@testable import AnimCore

/// The deterministic particle model of docs/core-animation-rules.md#caemitterlayer: regular births, per-particle
/// random numbers from a hash of the seed, the cell and the birth index, closed-form kinematics.
@Suite("Emitter simulation")
struct EmitterSimulationTests {
    static func cell(_ change: (inout EmitterCell) -> Void = { _ in }) -> EmitterCell {
        var cell = EmitterCell(name: "c")
        cell.birthRate = 10
        cell.lifetime = 1
        change(&cell)
        return cell
    }

    static func emitter(
        _ cells: [EmitterCell], _ change: (inout EmitterLayerProperties) -> Void = { _ in }
    )
        -> EmitterLayerProperties
    {
        var layer = EmitterLayerProperties()
        layer.emitterCells = cells
        change(&layer)
        return layer
    }

    @Test func particleNIsBornAtNOverTheRateAndLivesItsLifetime() {
        let sim = EmitterSimulation(layer: Self.emitter([Self.cell()]))
        // At 2.05 s the particles born at 1.1, 1.2, …, 2.0 s are alive (the one born at 1.0 s is 1.05 s old).
        let particles = sim.particles(at: 2.05)
        #expect(particles.count == 10)
        #expect(particles.map(\.birthTime) == (11...20).map { Double($0) / 10 })
        for p in particles { #expect(abs(p.age - (2.05 - p.birthTime)) < 1e-12) }
        // Nothing before the emitter's time 0; the first particle is born at 0.
        #expect(sim.particles(at: -0.5).isEmpty)
        #expect(sim.particles(at: 0).count == 1)
    }

    @Test func theLayersMultipliersScaleRateLifetimeVelocityScaleAndSpin() {
        let base = Self.cell {
            $0.velocity = 10
            $0.spin = 1
            $0.scale = 2
        }
        let plain = EmitterSimulation(layer: Self.emitter([base])).particles(at: 5)
        let scaled = EmitterSimulation(
            layer: Self.emitter([base]) {
                $0.birthRate = 2
                $0.lifetime = 0.5
                $0.velocity = 3
                $0.emitterScale = 0.5
                $0.spin = -1
            }
        ).particles(at: 5)
        #expect(plain.count == 10)
        // Twice the rate for half the lifetime: as many particles, born every 0.05 s over the last 0.5 s.
        #expect(scaled.count == 10)
        #expect(scaled.map(\.birthTime).first == 4.55)
        let p = scaled[0]
        #expect(abs(p.x - 30 * p.age) < 1e-9)
        #expect(p.scale == 1)
        #expect(abs(p.angle + p.age) < 1e-12)
    }

    @Test func positionIsPositionPlusVelocityTimesAgePlusHalfAccelerationTimesAgeSquared() throws {
        let sim = EmitterSimulation(
            layer: Self.emitter([
                Self.cell {
                    $0.velocity = 100
                    $0.emissionLongitude = .pi / 2
                    $0.xAcceleration = 20
                    $0.yAcceleration = -10
                    $0.scaleSpeed = 0.5
                    $0.alphaSpeed = -0.4
                    $0.redSpeed = -2
                }
            ]) { $0.emitterPosition = Point(x: 50, y: 60) })
        // The particle born at 2.5 s, 0.75 s old.
        let p = try #require(sim.particles(at: 3.25).first { abs($0.birthTime - 2.5) < 1e-12 })
        let a = 0.75
        #expect(abs(p.age - a) < 1e-12)
        #expect(abs(p.x - (50 + 10 * a * a)) < 1e-9)
        #expect(abs(p.y - (60 + 100 * a - 5 * a * a)) < 1e-9)
        #expect(abs(p.velocityY - (100 - 10 * a)) < 1e-9)
        #expect(abs(p.scale - (1 + 0.5 * a)) < 1e-12)
        #expect(abs(p.color.alpha - (1 - 0.4 * a)) < 1e-12)
        #expect(p.color.red == 0)  // clamped at 0
    }

    @Test func rangesDrawUniformlyWithinMeanPlusOrMinusHalfTheRange() {
        let sim = EmitterSimulation(
            layer: Self.emitter([
                Self.cell {
                    $0.birthRate = 1000
                    $0.velocity = 100
                    $0.velocityRange = 20
                    $0.emissionRange = .pi / 2
                    $0.lifetime = 2
                    $0.lifetimeRange = 1
                }
            ]))
        let particles = sim.particles(at: 10)
        let speeds = particles.map { ($0.velocityX * $0.velocityX + $0.velocityY * $0.velocityY).squareRoot() }
        let angles = particles.map { atan2($0.velocityY, $0.velocityX) }
        #expect(speeds.allSatisfy { $0 >= 90 && $0 <= 110 })
        #expect(angles.allSatisfy { abs($0) <= .pi / 4 })
        #expect(particles.allSatisfy { $0.lifetime >= 1.5 && $0.lifetime <= 2.5 && $0.age < $0.lifetime })
        // Uniform: the means are near the middle, and the spread reaches both ends.
        let mean = speeds.reduce(0, +) / Double(speeds.count)
        #expect(abs(mean - 100) < 1)
        #expect(speeds.min()! < 91 && speeds.max()! > 109)
        // Lifetimes of 1.5 to 2.5 s at 1000/s: about 2000 alive of the 2500 born in the last 2.5 s.
        #expect(abs(particles.count - 2000) < 100)
    }

    @Test func theSameSeedGivesTheSameParticlesAndAnotherSeedOthers() {
        let cell = Self.cell {
            $0.velocity = 50
            $0.velocityRange = 40
            $0.emissionRange = 2 * .pi
        }
        let a = EmitterSimulation(layer: Self.emitter([cell]) { $0.seed = 7 })
        let b = EmitterSimulation(layer: Self.emitter([cell]) { $0.seed = 7 })
        let c = EmitterSimulation(layer: Self.emitter([cell]) { $0.seed = 8 })
        // Any time evaluates alone: the particle born at 3.0 s has the same state at 3.5 s whether or not
        // earlier times were evaluated, and is the same particle (same key) at 3.2 s.
        _ = a.particles(at: 1)
        #expect(a.particles(at: 3.5) == b.particles(at: 3.5))
        #expect(a.particles(at: 3.5) != c.particles(at: 3.5))
        let at32 = b.particles(at: 3.2).first { $0.birthTime == 3 }
        let at35 = b.particles(at: 3.5).first { $0.birthTime == 3 }
        #expect(at32?.key == at35?.key)
        #expect(at32?.velocityX == at35?.velocityX)
    }

    @Test func aFrameCostsTheLiveParticlesNotTheHistory() {
        let sim = EmitterSimulation(layer: Self.emitter([Self.cell { $0.birthRate = 100 }]))
        let clock = ContinuousClock()
        let late = clock.measure { #expect(sim.particles(at: 1e7).count == 100) }
        // 10⁹ particles were born before that time: walking them would take seconds.
        #expect(late < .milliseconds(200))
        // A rate beyond the per-layer limit keeps the newest.
        let flood = EmitterSimulation(layer: Self.emitter([Self.cell { $0.birthRate = 1e6 }]))
        let kept = flood.particles(at: 5, limit: 1000)
        #expect(kept.count == 1000)
        #expect(kept.last?.birthTime == 5)
    }

    @Test func subcellsAreBornOnTheirParentAndTurnWithIt() throws {
        var child = Self.cell {
            $0.birthRate = 2
            $0.lifetime = 10
            $0.velocity = 10
        }
        child.name = "spark"
        let parent = Self.cell {
            $0.birthRate = 1
            $0.lifetime = 1.2
            $0.velocity = 100
            $0.emissionLongitude = .pi / 2
            $0.emitterCells = [child]
        }
        let sim = EmitterSimulation(layer: Self.emitter([parent]))
        #expect(sim.flattenedCells.map(\.parent) == [nil, 0])
        let particles = sim.particles(at: 0.75)
        let sparks = particles.filter { $0.cell == 1 }
        // The parent born at 0 emitted at its ages 0 and 0.5: at (0, 0) and (0, 50), moving down (+y) at 10.
        #expect(sparks.count == 2)
        #expect(abs(sparks[0].y - 7.5) < 1e-9 && abs(sparks[0].x) < 1e-9)
        #expect(abs(sparks[1].y - (50 + 2.5)) < 1e-9)
        // After the first parent died (1.2 s), its sparks live on: it emitted at its ages 0, 0.5 and 1.0 only;
        // the second parent, born at 1 s, has emitted two.
        let later = sim.particles(at: 1.5).filter { $0.cell == 1 }
        #expect(later.count == 5)
        #expect(later.filter { abs($0.birthTime - 1) < 1e-12 }.count == 1)
    }

    @Test func subcellsTakeTheirParentsColourAtTheirBirthButNotItsSpeed() {
        let spark = Self.cell {
            $0.birthRate = 1
            $0.lifetime = 2
            $0.velocity = 10
            $0.color = Color(red: 0.5, green: 1, blue: 1, alpha: 0.5)
        }
        let rocket = Self.cell {
            $0.birthRate = 1
            $0.lifetime = 2
            $0.velocity = 100
            $0.color = Color(red: 1, green: 0.5, blue: 0.25, alpha: 1)
            $0.redSpeed = -0.25
            $0.emitterCells = [spark]
        }
        let sparks = EmitterSimulation(layer: Self.emitter([rocket])).particles(at: 1.5).filter { $0.cell == 1 }
        // The rocket born at 0 s emitted at its ages 0 (red 1) and 1 (red 0.75), the one born at 1 s at its age 0.
        #expect(
            sparks.map(\.color) == [
                Color(red: 0.5, green: 0.5, blue: 0.25, alpha: 0.5),
                Color(red: 0.375, green: 0.5, blue: 0.25, alpha: 0.5),
                Color(red: 0.5, green: 0.5, blue: 0.25, alpha: 0.5),
            ])
        // Each moves at its own 10 pt/s along its rocket's direction (+x), not at the rocket's 100 added.
        #expect(sparks.map(\.velocityX) == [10, 10, 10])
        #expect(sparks.map(\.x) == [15, 100 + 5, 5])
    }

    @Test(arguments: [
        ("rectangle", "outline"), ("circle", "outline"), ("rectangle", "surface"), ("line", "points"),
        ("sphere", "surface"), ("cuboid", "volume"),
    ])
    func particlesAreBornOnTheEmittersShape(shape: String, mode: String) {
        let sim = EmitterSimulation(
            layer: Self.emitter([Self.cell { $0.birthRate = 200 }]) {
                $0.emitterShape = shape
                $0.emitterMode = mode
                $0.emitterSize = Size(width: 40, height: 20)
                $0.emitterDepth = 10
                $0.emitterPosition = Point(x: 100, y: 100)
            })
        let points = sim.particles(at: 0.999).map { ($0.x - 100, $0.y - 100, $0.z) }
        #expect(points.count == 200)
        for (x, y, z) in points {
            switch (shape, mode) {
            case ("rectangle", "outline"):
                #expect(abs(abs(x) - 20) < 1e-9 || abs(abs(y) - 10) < 1e-9)
                #expect(abs(x) <= 20 + 1e-9 && abs(y) <= 10 + 1e-9 && z == 0)
            case ("circle", "outline"): #expect(abs((x * x + y * y).squareRoot() - 20) < 1e-9)
            case ("rectangle", "surface"): #expect(abs(x) <= 20 && abs(y) <= 10 && z == 0)
            case ("line", "points"): #expect(abs(abs(x) - 20) < 1e-9 && y == 0)
            case ("sphere", "surface"): #expect(abs((x * x + y * y + z * z).squareRoot() - 20) < 1e-9)
            default: #expect(abs(x) <= 20 && abs(y) <= 10 && abs(z) <= 5)
            }
        }
    }

    @Test func theBudgetEstimateIsBirthRateTimesLifetimeSummedWithSubcellsPerLiveParent() {
        var child = Self.cell {
            $0.birthRate = 3
            $0.lifetime = 1
        }
        child.isEnabled = true
        let layer = Self.emitter([
            Self.cell {
                $0.birthRate = 10
                $0.lifetime = 1.5
                $0.lifetimeRange = 1
                $0.emitterCells = [child]
            },
            Self.cell { $0.isEnabled = false },
        ]) { $0.birthRate = 2 }
        // 20/s for up to 2 s: 40 alive, each emitting 6/s for 1 s: 240 more.
        #expect(ParticleBudget.estimate(layer) == 40 + 240)
    }
}
