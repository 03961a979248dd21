/// Finds the near-miss name a user probably meant.
public enum NameSuggester {
    /// The candidate closest to `name`, if one is close enough to be a likely typo or a prefix
    /// (`network` for `networkService`); ties go to the earlier candidate.
    public static func closest(to name: String, among candidates: [String]) -> String? {
        let lowered = name.lowercased()
        var best: (candidate: String, score: Int)?
        for candidate in candidates {
            let other = candidate.lowercased()
            let distance = editDistance(lowered, other)
            let limit = max(1, min(lowered.count, other.count) / 3)
            let isAffix = lowered.count >= 3 && (other.hasPrefix(lowered) || other.hasSuffix(lowered) || lowered.hasPrefix(other))
            guard distance <= limit || isAffix else { continue }
            let score = isAffix && distance > limit ? limit + 1 + distance : distance
            if best == nil || score < best!.score { best = (candidate, score) }
        }
        return best?.candidate
    }

    /// Levenshtein distance between two strings, by characters.
    public static func editDistance(_ first: String, _ second: String) -> Int {
        let a = Array(first)
        let b = Array(second)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
