import AnimCore

extension Animation {
    /// The animation as sent, its key paths parsed against `layerClass` (one the class lacks is
    /// `.unknownKeyPath` naming the path and the class). Error fields are relative to the animation
    /// ("kind.group.animations[2].kind.basic.keyPath"); the caller adds where the animation sits. Values,
    /// timing and structure are checked when the animation is attached (`AttachedAnimation`), not here.
    public init(wire: WireAnimation, on layerClass: LayerClass) throws(ProtocolError) {
        let timingFunction: TimingFunction?
        do throws(ProtocolError) {
            timingFunction = try wire.timingFunction.map { (w: WireTimingFunction) throws(ProtocolError) in
                try TimingFunction(wire: w)
            }
        } catch {
            throw error.at("timingFunction")
        }
        let kind: AnimationKind
        do throws(ProtocolError) {
            kind = try AnimationKind(wire: wire.kind, on: layerClass)
        } catch {
            throw error.at("kind")
        }
        self.init(
            kind, timing: MediaTiming(wire: wire.timing), timingFunction: timingFunction,
            removedOnCompletion: wire.removedOnCompletion)
    }

    public var wire: WireAnimation {
        WireAnimation(
            timing: timing.wire, timingFunction: timingFunction?.wire, removedOnCompletion: removedOnCompletion,
            kind: kind.wire)
    }
}

extension AnimationKind {
    public init(wire: WireAnimationKind, on layerClass: LayerClass) throws(ProtocolError) {
        switch wire {
        case .basic(let b):
            do throws(ProtocolError) {
                self = .basic(try BasicAnimation(wire: b, on: layerClass))
            } catch {
                throw error.at("basic")
            }
        case .keyframe(let k):
            do throws(ProtocolError) {
                self = .keyframe(try KeyframeAnimation(wire: k, on: layerClass))
            } catch {
                throw error.at("keyframe")
            }
        case .spring(let s):
            do throws(ProtocolError) {
                self = .spring(try SpringAnimation(wire: s, on: layerClass))
            } catch {
                throw error.at("spring")
            }
        case .group(let g):
            var animations: [Animation] = []
            animations.reserveCapacity(g.animations.count)
            for (index, child) in g.animations.enumerated() {
                do throws(ProtocolError) {
                    animations.append(try Animation(wire: child, on: layerClass))
                } catch {
                    throw error.at("[\(index)]").at("animations").at("group")
                }
            }
            self = .group(AnimationGroup(animations: animations))
        case .transition(let t):
            self = .transition(TransitionAnimation(wire: t))
        }
    }

    public var wire: WireAnimationKind {
        switch self {
        case .basic(let b): .basic(b.wire)
        case .keyframe(let k): .keyframe(k.wire)
        case .spring(let s): .spring(s.wire)
        case .group(let g): .group(WireGroup(animations: g.animations.map(\.wire)))
        case .transition(let t): .transition(t.wire)
        }
    }
}

extension AnimKeyPath {
    /// `path` parsed for `layerClass`, an unknown one refused as `.unknownKeyPath` at `keyPath`.
    init(wire path: String, on layerClass: LayerClass) throws(ProtocolError) {
        do throws(AnimCoreError) {
            try self.init(path, on: layerClass)
        } catch {
            throw ProtocolError(error, field: "keyPath", animation: true)
        }
    }
}

extension PropertyValue {
    /// An optional value, its errors placed at `field`.
    static func optional(wire: WireValue?, field: String) throws(ProtocolError) -> PropertyValue? {
        guard let wire else { return nil }
        do throws(ProtocolError) {
            return try PropertyValue(wire: wire)
        } catch {
            throw error.at(field)
        }
    }
}

extension BasicAnimation {
    public init(wire: WireBasic, on layerClass: LayerClass) throws(ProtocolError) {
        self.init(
            keyPath: try AnimKeyPath(wire: wire.keyPath, on: layerClass),
            fromValue: try PropertyValue.optional(wire: wire.fromValue, field: "fromValue"),
            toValue: try PropertyValue.optional(wire: wire.toValue, field: "toValue"),
            byValue: try PropertyValue.optional(wire: wire.byValue, field: "byValue"),
            isAdditive: wire.additive, isCumulative: wire.cumulative,
            valueFunction: wire.valueFunction.map(ValueFunction.init(wire:)))
    }

    public var wire: WireBasic {
        WireBasic(
            keyPath: keyPath.description, fromValue: fromValue?.wire, toValue: toValue?.wire, byValue: byValue?.wire,
            additive: isAdditive, cumulative: isCumulative, valueFunction: valueFunction?.wire)
    }
}

extension SpringAnimation {
    /// The spring's physics are taken as sent; `AttachedAnimation` validates them (`SpringParameters.validate`).
    public init(wire: WireSpring, on layerClass: LayerClass) throws(ProtocolError) {
        let basic: BasicAnimation
        do throws(ProtocolError) {
            basic = try BasicAnimation(wire: wire.basic, on: layerClass)
        } catch {
            throw error.at("basic")
        }
        self.init(
            basic: basic,
            spring: SpringParameters(
                mass: wire.mass, stiffness: wire.stiffness, damping: wire.damping,
                initialVelocity: wire.initialVelocity, allowsOverdamping: wire.allowsOverdamping))
    }

    public var wire: WireSpring {
        WireSpring(
            basic: basic.wire, mass: spring.mass, stiffness: spring.stiffness, damping: spring.damping,
            initialVelocity: spring.initialVelocity, allowsOverdamping: spring.allowsOverdamping)
    }
}

extension KeyframeAnimation {
    public init(wire: WireKeyframe, on layerClass: LayerClass) throws(ProtocolError) {
        let keyPath = try AnimKeyPath(wire: wire.keyPath, on: layerClass)
        var values: [PropertyValue]?
        if let wireValues = wire.values {
            var converted: [PropertyValue] = []
            converted.reserveCapacity(wireValues.count)
            for (index, value) in wireValues.enumerated() {
                do throws(ProtocolError) {
                    converted.append(try PropertyValue(wire: value))
                } catch {
                    throw error.at("[\(index)]").at("values")
                }
            }
            values = converted
        }
        var path: BezierPath?
        if let wirePath = wire.path {
            do throws(ProtocolError) {
                path = try BezierPath(wire: wirePath)
            } catch {
                throw error.at("path")
            }
        }
        var timingFunctions: [TimingFunction]?
        if let wireFunctions = wire.timingFunctions {
            var converted: [TimingFunction] = []
            converted.reserveCapacity(wireFunctions.count)
            for (index, function) in wireFunctions.enumerated() {
                do throws(ProtocolError) {
                    converted.append(try TimingFunction(wire: function))
                } catch {
                    throw error.at("[\(index)]").at("timingFunctions")
                }
            }
            timingFunctions = converted
        }
        self.init(
            keyPath: keyPath, values: values, path: path, keyTimes: wire.keyTimes, timingFunctions: timingFunctions,
            calculationMode: CalculationMode(wire: wire.calculationMode), tensionValues: wire.tensionValues,
            continuityValues: wire.continuityValues, biasValues: wire.biasValues,
            rotationMode: wire.rotationMode.map(RotationMode.init(wire:)), isAdditive: wire.additive,
            isCumulative: wire.cumulative, valueFunction: wire.valueFunction.map(ValueFunction.init(wire:)))
    }

    public var wire: WireKeyframe {
        WireKeyframe(
            keyPath: keyPath.description, values: values?.map(\.wire), path: path?.wire, keyTimes: keyTimes,
            timingFunctions: timingFunctions?.map(\.wire), calculationMode: calculationMode.wire,
            tensionValues: tensionValues, continuityValues: continuityValues, biasValues: biasValues,
            rotationMode: rotationMode?.wire, additive: isAdditive, cumulative: isCumulative,
            valueFunction: valueFunction?.wire)
    }
}

extension TransitionAnimation {
    /// Progress values are taken as sent; `AttachedAnimation` checks they are in [0, 1] and ordered.
    public init(wire: WireTransition) {
        self.init(
            type: TransitionType(wire: wire.type), subtype: wire.subtype.map(Subtype.init(wire:)),
            startProgress: wire.startProgress, endProgress: wire.endProgress)
    }

    public var wire: WireTransition {
        WireTransition(type: type.wire, subtype: subtype?.wire, startProgress: startProgress, endProgress: endProgress)
    }
}
