/// Finds the near-miss names a user probably meant: a member for a misspelt read (the macro, the
/// tool), a registered type or node for a "not found" error (the runtime). TrellisGraph's
/// `NameSuggester` is this, for the macro and the tool.
package enum NearMisses {
    /// The candidate closest to `name`, if one is close enough to be a likely typo or a prefix
    /// (`network` for `networkService`); ties go to the earlier candidate.
    package static func closest(to name: String, among candidates: [String]) -> String? {
        let lowered = name.lowercased()
        var best: (candidate: String, score: Int)?
        for candidate in candidates {
            guard let score = likeness(lowered, candidate.lowercased()) else { continue }
            if best == nil || score < best!.score { best = (candidate, score) }
        }
        return best?.candidate
    }

    /// Every candidate other than `name` itself whose last component (after the last `.` outside
    /// generic brackets, so that `App.Client` and `Tests.Client` compare by `Client`) is close
    /// enough to `name`'s to be meant by it, sorted: for type names, which differ as often by
    /// their module as by a typo.
    package static func similar(to name: String, among candidates: [String]) -> [String] {
        let target = lastComponent(of: name).lowercased()
        guard !target.isEmpty else { return [] }
        var matches = Set<String>()
        for candidate in candidates where candidate != name {
            let component = lastComponent(of: candidate).lowercased()
            if !component.isEmpty, likeness(target, component) != nil { matches.insert(candidate) }
        }
        return matches.sorted()
    }

    /// How close `other` is to `name` (both lowercased), lower being closer: their edit distance
    /// when within a third of the shorter (at least 1), else a score above every such distance when
    /// one begins or ends the other (the shorter has 3 characters or more); `nil` when neither.
    private static func likeness(_ name: String, _ other: String) -> Int? {
        let distance = editDistance(name, other)
        let limit = max(1, min(name.count, other.count) / 3)
        if distance <= limit { return distance }
        let (shorter, longer) = name.count <= other.count ? (name, other) : (other, name)
        guard shorter.count >= 3, longer.hasPrefix(shorter) || longer.hasSuffix(shorter) else { return nil }
        return limit + 1 + distance
    }

    /// The part of a type name after the last `.` outside generic brackets.
    static func lastComponent(of name: String) -> Substring {
        var depth = 0
        var start = name.startIndex
        for index in name.indices {
            switch name[index] {
            case "<", "(", "[": depth += 1
            case ">", ")", "]": depth -= 1
            case "." where depth == 0: start = name.index(after: index)
            default: break
            }
        }
        return name[start...]
    }

    /// Levenshtein distance between two strings, by characters.
    package static func editDistance(_ first: String, _ second: String) -> Int {
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
