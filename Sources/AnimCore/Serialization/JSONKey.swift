/// A coding key made from any field name or array index: objects are read with it so that every field present
/// can be checked against the fields a type knows (an unknown field is an error, typos must not pass silently).
struct JSONKey: CodingKey, Hashable, Sendable {
    let stringValue: String
    let intValue: Int?

    init(_ name: String) {
        stringValue = name
        intValue = nil
    }

    init(stringValue: String) {
        self.init(stringValue)
    }

    init(intValue: Int) {
        stringValue = String(intValue)
        self.intValue = intValue
    }
}
