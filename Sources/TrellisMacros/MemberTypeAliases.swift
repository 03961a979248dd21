import SwiftSyntax
import TrellisGraph
import TrellisSyntax

/// The members' types, each spelled once in a type alias placed where the user wrote it, for the
/// generated code that stores what the initializer is given: the fields of the stored values, the
/// parameters of ``GeneratedNames/make`` and the cells the initializer fills.
///
/// Swift reports a type it cannot find at each place the code spells it, and a use of an alias
/// whose type it could not find nowhere: a misspelt member type (`var client: HTTPClent`), which
/// the storage alone spelt three times more, is reported there once, in an excerpt that shows the
/// alias rather than a generated type. The declarations where a user's code meets the type keep
/// its spelling, since Swift names an alias, not what it stands for, in its messages ("cannot
/// convert value of type 'Int' to specified type 'Logger'"): the initializer's parameters and
/// `Inputs` (the container's API), the locals a factory's value is stored in, the builders' result
/// types, the `Sendable` checks.
struct MemberTypeAliases {
    /// Member name -> the alias code inside the container names its type through.
    private var references: [String: String] = [:]
    /// The aliases, in declaration order: `typealias <member> = <type>`, each placed on its type.
    private var lines: [String] = []

    /// The aliases of `container`'s members that can have one (see ``isAliasable(_:in:)``); none in a
    /// `@frozen` container, whose stored values are `@usableFromInline`, or where the places of the
    /// types are unknown.
    init(container: Container, frozen: Bool, typePlaces: [String: SourceLocator.Place]) {
        guard !frozen else { return }
        let names = Set(container.members.map { MemberName.bare($0.name) })
        for member in container.members where Self.isAliasable(member, besides: names) {
            guard references[member.name] == nil, let place = typePlaces[member.name] else { continue }
            // The type alone on its line, at its column; the alias's name on the line above, which
            // the compiler quotes above an error in the type. An `@Assisted` function's alias is its
            // override's type, whose result type is the one placed (the arguments' go above it).
            var head = "    typealias \(member.name) ="
            let type = member.type.text
            if member.isAssisted {
                guard let override = ContainerGenerator.assistedOverrideType(of: member, in: container),
                    override.hasSuffix("-> \(member.type.storableText)"),
                    Self.identifiers(in: override).isDisjoint(with: names.union(["Self", "some"]))
                else { continue }
                head += " " + override.dropLast(member.type.storableText.count + 1)
            }
            let tail = member.isAssisted ? member.type.storableText : type
            lines.append(
                GeneratedSource.placed(head: head, tail: tail, at: place)
                    ?? GeneratedSource.placed("\(head) \(tail)", at: place, offset: head.count + 1))
            references[member.name] = GeneratedNames.memberTypeAlias(member.name)
        }
    }

    /// The alias through which the storage names `member`'s type; nil where it spells the type as
    /// written.
    func alias(of member: Member) -> String? { references[member.name] }

    /// The nested enum of the aliases, or nil where no member has one.
    var declaration: DeclSyntax? {
        guard !lines.isEmpty else { return nil }
        return GeneratedSource.declaration(
            """
            /// Each member's type, as declared: the storage below names it through its alias, so that a
            /// type Swift cannot find is reported where it is written, and once.
            private enum \(GeneratedNames.memberTypesType) {
            \(lines.joined(separator: "\n"))
            }
            """)
    }

    /// Whether `member`'s type can be named through an alias in a nested enum: a member built or
    /// given as a value of its type, or an `@Assisted` function (its override's type; not a child,
    /// or a collection, whose contributions Swift checks against its element type), whose type is
    /// not opaque, nor implicitly unwrapped (which an alias cannot be), and names neither `Self` (the
    /// enum, inside it) nor any member (`names`, which the aliases would hide); and whose name an
    /// alias can take.
    static func isAliasable(_ member: Member, besides names: Set<String>) -> Bool {
        guard member.type.kind != .opaque, !member.type.text.hasSuffix("!") else { return false }
        switch member.scope {
        case .input, .argument, .shared, .transient, .onDemand: break
        case .collection, .child, .forwardingChild: return false
        }
        guard !["Type", "Protocol", "self", "Self", "init"].contains(MemberName.bare(member.name)) else { return false }
        let identifiers = identifiers(in: member.type.text)
        return !identifiers.contains("Self") && !identifiers.contains("some") && identifiers.isDisjoint(with: names)
    }

    /// The identifiers a type's text names (`Swift`, `Result`, `Int`, `any`, ...), without backticks.
    static func identifiers(in text: String) -> Set<String> {
        Set(
            text.split { !($0.isLetter || $0.isNumber || $0 == "_") }.map(String.init).filter {
                $0.first.map { !$0.isNumber } ?? false
            })
    }
}
