import AnimCore

extension EmitterCell {
    /// The cell as sent, its sub-cells included. The filters must be names the layer property accepts
    /// (`LayerProperty.minificationFilter.allowedStrings`), else `.invalidValue` naming the field and the name;
    /// numbers are taken as sent (the server checks them with the emitter layer's rules).
    public init(wire: WireEmitterCell) throws(ProtocolError) {
        try Self.requireFilter(wire.minificationFilter, field: "minificationFilter", of: .minificationFilter)
        try Self.requireFilter(wire.magnificationFilter, field: "magnificationFilter", of: .magnificationFilter)
        self.init(name: wire.name)
        isEnabled = wire.enabled
        timing = MediaTiming(wire: wire.timing)
        birthRate = wire.birthRate
        lifetime = wire.lifetime
        lifetimeRange = wire.lifetimeRange
        emissionLatitude = wire.emissionLatitude
        emissionLongitude = wire.emissionLongitude
        emissionRange = wire.emissionRange
        velocity = wire.velocity
        velocityRange = wire.velocityRange
        xAcceleration = wire.xAcceleration
        yAcceleration = wire.yAcceleration
        zAcceleration = wire.zAcceleration
        scale = wire.scale
        scaleRange = wire.scaleRange
        scaleSpeed = wire.scaleSpeed
        spin = wire.spin
        spinRange = wire.spinRange
        color = Color(wire: wire.color)
        redRange = wire.redRange
        greenRange = wire.greenRange
        blueRange = wire.blueRange
        alphaRange = wire.alphaRange
        redSpeed = wire.redSpeed
        greenSpeed = wire.greenSpeed
        blueSpeed = wire.blueSpeed
        alphaSpeed = wire.alphaSpeed
        contents = wire.contents.map(ImageID.init)
        contentsRect = Rect(wire: wire.contentsRect)
        contentsScale = wire.contentsScale
        minificationFilter = wire.minificationFilter
        magnificationFilter = wire.magnificationFilter
        minificationFilterBias = wire.minificationFilterBias
        var cells: [EmitterCell] = []
        cells.reserveCapacity(wire.emitterCells.count)
        for (index, cell) in wire.emitterCells.enumerated() {
            do throws(ProtocolError) {
                cells.append(try EmitterCell(wire: cell))
            } catch {
                throw error.at("[\(index)]").at("emitterCells")
            }
        }
        emitterCells = cells
    }

    public var wire: WireEmitterCell {
        WireEmitterCell(
            name: name, enabled: isEnabled, timing: timing.wire, birthRate: birthRate, lifetime: lifetime,
            lifetimeRange: lifetimeRange, emissionLatitude: emissionLatitude, emissionLongitude: emissionLongitude,
            emissionRange: emissionRange, velocity: velocity, velocityRange: velocityRange,
            xAcceleration: xAcceleration, yAcceleration: yAcceleration, zAcceleration: zAcceleration, scale: scale,
            scaleRange: scaleRange, scaleSpeed: scaleSpeed, spin: spin, spinRange: spinRange, color: color.wire,
            redRange: redRange, greenRange: greenRange, blueRange: blueRange, alphaRange: alphaRange,
            redSpeed: redSpeed, greenSpeed: greenSpeed, blueSpeed: blueSpeed, alphaSpeed: alphaSpeed,
            contents: contents?.rawValue, contentsRect: contentsRect.wire, contentsScale: contentsScale,
            minificationFilter: minificationFilter, magnificationFilter: magnificationFilter,
            minificationFilterBias: minificationFilterBias, emitterCells: emitterCells.map(\.wire))
    }

    private static func requireFilter(
        _ name: String, field: String, of property: LayerProperty
    ) throws(ProtocolError) {
        guard let allowed = property.allowedStrings, !allowed.contains(name) else { return }
        throw ProtocolError(
            .invalidValue, field: field, value: name,
            detail: "'\(name)' is not a filter (allowed: \(allowed.joined(separator: ", ")))")
    }
}
