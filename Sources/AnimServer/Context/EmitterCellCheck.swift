import AnimCore
import AnimProtocol

/// The emitter layer's rules for a cell the wire conversion took as sent: every number finite, the
/// timing valid, rates, lifetimes and scales not negative, and contents an image of this client.
enum EmitterCellCheck {
    static func check(_ cell: EmitterCell, field: String, hasImage: (ImageID) -> Bool) throws(ProtocolError) {
        let numbers: [(String, Double)] = [
            ("birthRate", cell.birthRate), ("lifetime", cell.lifetime), ("lifetimeRange", cell.lifetimeRange),
            ("emissionLatitude", cell.emissionLatitude), ("emissionLongitude", cell.emissionLongitude),
            ("emissionRange", cell.emissionRange), ("velocity", cell.velocity),
            ("velocityRange", cell.velocityRange), ("xAcceleration", cell.xAcceleration),
            ("yAcceleration", cell.yAcceleration), ("zAcceleration", cell.zAcceleration), ("scale", cell.scale),
            ("scaleRange", cell.scaleRange), ("scaleSpeed", cell.scaleSpeed), ("spin", cell.spin),
            ("spinRange", cell.spinRange), ("color.red", cell.color.red), ("color.green", cell.color.green),
            ("color.blue", cell.color.blue), ("color.alpha", cell.color.alpha), ("redRange", cell.redRange),
            ("greenRange", cell.greenRange), ("blueRange", cell.blueRange), ("alphaRange", cell.alphaRange),
            ("redSpeed", cell.redSpeed), ("greenSpeed", cell.greenSpeed), ("blueSpeed", cell.blueSpeed),
            ("alphaSpeed", cell.alphaSpeed), ("contentsRect.x", cell.contentsRect.origin.x),
            ("contentsRect.y", cell.contentsRect.origin.y), ("contentsRect.width", cell.contentsRect.size.width),
            ("contentsRect.height", cell.contentsRect.size.height), ("contentsScale", cell.contentsScale),
            ("minificationFilterBias", cell.minificationFilterBias),
        ]
        for (name, value) in numbers where !value.isFinite {
            throw refusal(.invalidValue, "\(field).\(name)", numberText(value), "\(name) must be finite")
        }
        for (name, value) in [
            ("birthRate", cell.birthRate), ("lifetime", cell.lifetime), ("lifetimeRange", cell.lifetimeRange),
            ("scaleRange", cell.scaleRange), ("velocityRange", cell.velocityRange),
        ] where value < 0 {
            throw refusal(.invalidValue, "\(field).\(name)", numberText(value), "\(name) must not be negative")
        }
        guard cell.contentsScale > 0 else {
            throw refusal(
                .invalidValue, "\(field).contentsScale", numberText(cell.contentsScale), "contentsScale must be above 0"
            )
        }
        do {
            try cell.timing.validate(field: "\(field).timing")
        } catch {
            throw ProtocolError(error, opcode: Commit.opcode)
        }
        if let image = cell.contents, !hasImage(image) {
            throw refusal(
                .unknownImage, "\(field).contents", "\(image.rawValue)", "\(image) was never uploaded or was released")
        }
        for (index, child) in cell.emitterCells.enumerated() {
            try check(child, field: "\(field).emitterCells[\(index)]", hasImage: hasImage)
        }
    }
}
