import SwiftSyntax
import TrellisGraph
import TrellisSyntax

/// Where the signatures `@DIContainer` writes for a `public` or `package` container go in the
/// user's file, when a member declared less visible than the container may have a type that is less
/// visible too (see ``ContainerExtraction/membersBelowInitializer``).
///
/// The macro cannot see a type declared elsewhere, and Swift reports one too private for a public
/// signature on the signature itself. So each requirement of the needs protocol is placed on its
/// member's line, and each initializer (which takes every member, so belongs to none) on the
/// container's name: "property cannot be declared public because its type uses an internal type"
/// and "initializer cannot be declared public because its parameter uses an internal type" are
/// reported there. The initializers are placed too for a container with an input's initial value,
/// their default argument. Nothing is placed for a container whose members are all as visible as
/// it (Swift then checks each type on the member's own line), nor where the places are unknown.
struct SignaturePlaces {
    /// Where the container's name is, for its initializers.
    var container: SourceLocator.Place?
    /// Where each member below the initializer is named, for its requirement.
    var members: [String: SourceLocator.Place] = [:]

    /// Places nothing.
    init() {}

    /// The places of `extraction`'s container, named by `name`, found by `locator`, which is made
    /// only for a container that places something (it reads every line of the file).
    init(extraction: ContainerExtraction, name: TokenSyntax?, locator makeLocator: () -> SourceLocator) {
        // A parent (`parent:`) is a type the initializer takes, declared elsewhere, like a member's.
        let takesParent =
            extraction.container.options.parent != nil && extraction.container.accessLevel.initializerModifier != nil
        // An input's initial value is the initializer's default argument: one of the wrong type is
        // reported there too, beside the compiler's error on the member ("default argument value of
        // type 'Impl' cannot be converted"), so the initializer is placed in the user's file.
        let takesDefaults = extraction.container.members.contains { $0.scope == .input && $0.defaultValue != nil }
        guard !extraction.membersBelowInitializer.isEmpty || takesParent || takesDefaults else { return }
        let locator = makeLocator()
        container = name.flatMap { locator.place(Syntax($0)) }
        for member in extraction.membersBelowInitializer {
            let anchor = extraction.anchors[.member(container: extraction.container.name, member: member)]
            members[member] = anchor.flatMap(locator.place)
        }
    }

    /// `lines` of a declaration whose last line opens an initializer's body (`... init(...) {`),
    /// mapped so that its last line is the container's, with `init` at the name's column; the
    /// mapping ends at the start of the body. Unchanged when the container is not placed.
    func initializerHead(_ lines: String) -> String {
        guard let place = container else { return lines }
        var all = lines.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let head = all.removeLast()
        let keyword = head.firstRange(of: "init").map { head.distance(from: head.startIndex, to: $0.lowerBound) } ?? 0
        return GeneratedSource.placed(head, at: place, offset: keyword, preamble: all)
    }

    /// An initializer's head: `preamble` lines (comments), then `head` (up to `init(`), the
    /// `parameters` and `tail` (from the closing parenthesis to the body's brace). Each parameter
    /// whose member's type has a place is on that place's line, with `init` on the container's name
    /// when it is placed (see ``GeneratedSource/placedSignature(preamble:head:headPlace:headOffset:parameters:tail:)``);
    /// otherwise the head is one line, placed as ``initializerHead(_:)`` places it.
    func initializerHead(preamble: [String] = [], head: String, parameters: [SignatureParameter], tail: String) -> String {
        let keyword = head.firstRange(of: "init").map { head.distance(from: head.startIndex, to: $0.lowerBound) } ?? 0
        if let placed = GeneratedSource.placedSignature(
            preamble: preamble, head: head, headPlace: container, headOffset: keyword, parameters: parameters, tail: tail)
        {
            return placed
        }
        return initializerHead(
            (preamble + [head + parameters.map(\.text).joined(separator: ", ") + tail]).joined(separator: "\n"))
    }

    /// The needs protocol's requirement of `member` (`comment` above `var name: Type { get }`),
    /// placed with its name at the member's, when the member is placed.
    func requirement(_ requirement: String, comment: String, member: String) -> String {
        guard let place = members[member] else { return "    \(comment)\n    \(requirement)" }
        return GeneratedSource.placed(requirement, at: place, offset: "var ".count, preamble: ["    \(comment)"])
    }
}
