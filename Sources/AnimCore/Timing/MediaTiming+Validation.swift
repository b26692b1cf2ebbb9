extension MediaTiming {
    /// Checks that this timing can be used, naming the offending field as `"<field>.<name>"`.
    ///
    /// Rules:
    /// - `beginTime`, `timeOffset`, `speed` and `duration` must be finite (`.nonFinite`). Any finite speed is
    ///   allowed: 0 pauses, a negative speed follows the header formula literally.
    /// - `duration` must not be negative (`.outOfRange`); 0 means `defaultDuration`.
    /// - `repeatCount` and `repeatDuration` must not be NaN (`.nonFinite`) nor negative (`.outOfRange`); both may
    ///   be `+∞`, which repeats forever, as does a `repeatCount` of `Float.greatestFiniteMagnitude`.
    public func validate(field: String) throws(AnimCoreError) {
        try AnimCoreError.requireFinite(beginTime, "\(field).beginTime")
        try AnimCoreError.requireFinite(timeOffset, "\(field).timeOffset")
        try AnimCoreError.requireFinite(speed, "\(field).speed")
        try AnimCoreError.requireFinite(duration, "\(field).duration")
        guard duration >= 0 else {
            throw .outOfRange(field: "\(field).duration", value: duration, allowed: ">= 0 (0 means 0.25 s)")
        }
        try Self.requireRepeatValue(repeatCount, "\(field).repeatCount")
        try Self.requireRepeatValue(repeatDuration, "\(field).repeatDuration")
    }

    private static func requireRepeatValue(_ value: Double, _ field: String) throws(AnimCoreError) {
        guard !value.isNaN else { throw .nonFinite(field: field, value: value) }
        guard value >= 0 else {
            throw .outOfRange(field: field, value: value, allowed: ">= 0 (+infinity repeats forever)")
        }
    }
}
