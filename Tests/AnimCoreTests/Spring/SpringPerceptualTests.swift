import Foundation
import Testing

@testable import AnimCore

/// Rules pinned: docs/core-animation-rules.md#perceptual-duration-and-bounce.
@Suite("SpringParameters perceptual mapping, validation, coding")
struct SpringPerceptualTests {
    /// Vector 11: (m 1, k 100, c 10) ↔ (duration 0.63, bounce 0.5), to 2 decimals.
    @Test func physicalToPerceptual() {
        let spring = SpringParameters()
        #expect(abs(spring.perceptualDuration - 0.63) < 0.005)
        #expect(abs(spring.bounce - 0.5) < 0.005)
    }

    /// Vector 11: (duration 0.5, bounce 0.3) ↔ (m 1.0, k 157.9, c 17.6), to 1 decimal.
    @Test func perceptualToPhysical() {
        let spring = SpringParameters(perceptualDuration: 0.5, bounce: 0.3)
        #expect(spring.mass == 1)
        #expect(abs(spring.stiffness - 157.9) < 0.05)
        #expect(abs(spring.damping - 17.6) < 0.05)
        #expect(spring.initialVelocity == 0)
        #expect(spring.allowsOverdamping == false)
        #expect(abs(spring.perceptualDuration - 0.5) < 1e-12)
        #expect(abs(spring.bounce - 0.3) < 1e-12)
    }

    @Test func negativeBounceIsOverdamped() {
        let spring = SpringParameters(perceptualDuration: 1, bounce: -0.5)
        #expect(spring.allowsOverdamping)
        #expect(abs(spring.dampingRatio - 2) < 1e-12)
        #expect(spring.regime == .overdamped)
        #expect(abs(spring.bounce + 0.5) < 1e-12)
        #expect(SpringParameters(perceptualDuration: 1, bounce: 0).regime == .criticallyDamped)
        #expect(SpringParameters(perceptualDuration: 1, bounce: 1).damping == 0)
    }

    @Test func roundTripOverAGrid() {
        for duration in [0.1, 0.35, 0.5, 1, 2.5] {
            for bounce in [-0.9, -0.4, 0, 0.15, 0.5, 0.99] {
                let spring = SpringParameters(perceptualDuration: duration, bounce: bounce)
                #expect(abs(spring.perceptualDuration - duration) < 1e-12 * duration)
                #expect(abs(spring.bounce - bounce) < 1e-12)
            }
        }
    }

    @Test func validatedPerceptualParameters() throws {
        #expect(
            try SpringParameters.validated(perceptualDuration: 0.5, bounce: 0.3)
                == SpringParameters(perceptualDuration: 0.5, bounce: 0.3))
        #expect(throws: AnimCoreError.outOfRange(field: "spring.perceptualDuration", value: 0, allowed: "> 0")) {
            try SpringParameters.validated(perceptualDuration: 0, bounce: 0)
        }
        #expect(throws: AnimCoreError.outOfRange(field: "s.bounce", value: -1, allowed: "(-1, 1]")) {
            try SpringParameters.validated(perceptualDuration: 1, bounce: -1, field: "s")
        }
        #expect(throws: AnimCoreError.outOfRange(field: "spring.bounce", value: 1.5, allowed: "(-1, 1]")) {
            try SpringParameters.validated(perceptualDuration: 1, bounce: 1.5)
        }
        #expect(throws: AnimCoreError.nonFinite(field: "spring.perceptualDuration", value: .infinity)) {
            try SpringParameters.validated(perceptualDuration: .infinity, bounce: 0)
        }
    }

    @Test func validation() throws {
        try SpringParameters().validate(field: "s")
        try SpringParameters(damping: 0, initialVelocity: -50).validate(field: "s")
        let bad: [(SpringParameters, AnimCoreError)] = [
            (SpringParameters(mass: 0), .outOfRange(field: "s.mass", value: 0, allowed: "> 0")),
            (SpringParameters(stiffness: -1), .outOfRange(field: "s.stiffness", value: -1, allowed: "> 0")),
            (SpringParameters(damping: -0.5), .outOfRange(field: "s.damping", value: -0.5, allowed: ">= 0")),
            (SpringParameters(mass: .infinity), .nonFinite(field: "s.mass", value: .infinity)),
            (SpringParameters(damping: -.infinity), .nonFinite(field: "s.damping", value: -.infinity)),
            (SpringParameters(initialVelocity: .infinity), .nonFinite(field: "s.initialVelocity", value: .infinity)),
        ]
        for (spring, error) in bad {
            #expect(throws: error) { try spring.validate(field: "s") }
        }
        do throws(AnimCoreError) {
            try SpringParameters(stiffness: .nan).validate(field: "s")
            Issue.record("NaN stiffness was accepted")
        } catch {
            guard case .nonFinite(let field, let value) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(field == "s.stiffness")
            #expect(value.isNaN)
        }
    }

    @Test func coding() throws {
        let spring = SpringParameters(
            mass: 2, stiffness: 300, damping: 25, initialVelocity: -3, allowsOverdamping: true)
        #expect(try JSONDecoder().decode(SpringParameters.self, from: JSONEncoder().encode(spring)) == spring)
        let partial = try JSONDecoder().decode(SpringParameters.self, from: Data(#"{"damping": 15}"#.utf8))
        #expect(partial == SpringParameters(damping: 15))
    }
}
