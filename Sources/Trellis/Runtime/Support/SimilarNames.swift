/// Finds the names that a misspelt or mis-qualified name probably meant.
///
/// Used by every "not found" error of the runtime so that the message can say
/// `did you mean 'App.HTTPClient'?`.
enum SimilarNames {
    /// The candidates whose last component is close to the last component of `name`: the same
    /// ignoring case, one containing the other, or within a small edit distance. Sorted.
    static func similar(to name: String, among candidates: [String]) -> [String] {
        let target = lastComponent(of: name).lowercased()
        guard !target.isEmpty else { return [] }
        var matches = Set<String>()
        for candidate in candidates where candidate != name {
            let component = lastComponent(of: candidate).lowercased()
            guard !component.isEmpty else { continue }
            let threshold = max(1, min(target.count, component.count) / 3)
            if component.contains(target) || target.contains(component)
                || editDistance(target, component) <= threshold
            {
                matches.insert(candidate)
            }
        }
        return matches.sorted()
    }

    /// The part after the last `.` outside generic brackets, so that `App.Client` and
    /// `Tests.Client` compare by `Client`.
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

    /// The Levenshtein distance between two strings, over characters.
    static func editDistance(_ left: String, _ right: String) -> Int {
        let leftCharacters = Array(left)
        let rightCharacters = Array(right)
        if leftCharacters.isEmpty { return rightCharacters.count }
        if rightCharacters.isEmpty { return leftCharacters.count }
        var previous = Array(0...rightCharacters.count)
        var current = Array(repeating: 0, count: rightCharacters.count + 1)
        for (leftIndex, leftCharacter) in leftCharacters.enumerated() {
            current[0] = leftIndex + 1
            for (rightIndex, rightCharacter) in rightCharacters.enumerated() {
                let substitution = previous[rightIndex] + (leftCharacter == rightCharacter ? 0 : 1)
                current[rightIndex + 1] = min(previous[rightIndex + 1] + 1, current[rightIndex] + 1, substitution)
            }
            swap(&previous, &current)
        }
        return previous[rightCharacters.count]
    }
}
