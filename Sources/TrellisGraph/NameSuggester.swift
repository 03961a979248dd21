internal import TrellisHostAlgorithms

/// Finds the near-miss names a user probably meant: a member for a misspelt read (the macro, the
/// tool), a registered type or node for a "not found" error (the runtime, which uses the same
/// rules from TrellisAlgorithms without linking the model).
public enum NameSuggester {
    /// The candidate closest to `name`, if one is close enough to be a likely typo or a prefix
    /// (`network` for `networkService`); ties go to the earlier candidate.
    public static func closest(to name: String, among candidates: [String]) -> String? {
        NearMisses.closest(to: name, among: candidates)
    }

    /// Every candidate other than `name` itself whose last component (after the last `.` outside
    /// generic brackets, so that `App.Client` and `Tests.Client` compare by `Client`) is close
    /// enough to `name`'s to be meant by it, sorted: for type names, which differ as often by
    /// their module as by a typo.
    public static func similar(to name: String, among candidates: [String]) -> [String] {
        NearMisses.similar(to: name, among: candidates)
    }

    /// Levenshtein distance between two strings, by characters.
    public static func editDistance(_ first: String, _ second: String) -> Int {
        NearMisses.editDistance(first, second)
    }
}
