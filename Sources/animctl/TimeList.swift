import ArgumentParser

/// Parses a comma-separated list of times in seconds, in any order, as `--times 0,0.5,1` takes it.
enum TimeList {
    static func parse(_ text: String, option: String) throws(ValidationError) -> [Double] {
        let words = text.split(separator: ",", omittingEmptySubsequences: false).map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        var times: [Double] = []
        for word in words {
            guard let time = Double(word), time.isFinite else {
                throw ValidationError("\(option): '\(word)' is not a time in seconds (write e.g. 0,0.5,1)")
            }
            times.append(time)
        }
        return times
    }
}
