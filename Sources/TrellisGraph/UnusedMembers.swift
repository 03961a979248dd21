/// Names the sources read outside what the model records, gathered by the `trellis` tool: the
/// evidence ``UnusedMemberRule`` needs to tell a member read by code outside its container from one
/// that nothing reads.
///
/// The evidence is by name, not by type: a read `x.database` counts for every member called
/// `database`. The rule therefore never calls a member unused that the sources read, and may miss
/// one whose name other code also uses.
public struct NameReferences: Hashable, Sendable {
    /// Names read after a dot or in a key path, anywhere (`app.database`, `\.database`).
    public var memberReads: Set<String>
    /// Names read bare inside a type's body or its extensions, where they refer to the type's own
    /// members, by the type's qualified name (`Feature.Container`; an extension's type as written).
    public var bareReads: [String: Set<String>]

    /// Creates a set of references.
    public init(memberReads: Set<String> = [], bareReads: [String: Set<String>] = [:]) {
        self.memberReads = memberReads
        self.bareReads = bareReads
    }

    /// Adds the references of another file.
    public mutating func formUnion(_ other: NameReferences) {
        memberReads.formUnion(other.memberReads)
        bareReads.merge(other.bareReads) { $0.union($1) }
    }

    /// Whether `name` may be read by code outside the model's reads of the container `container`.
    func mayRead(_ name: String, of container: String) -> Bool {
        memberReads.contains(name) || bareReads[container]?.contains(name) == true
    }
}

/// `trellis validate --unused`: members that no other member reads, no container the owner builds
/// needs, no service group starts, and no code of the scanned sources reads. Only the tool can
/// apply it, as only the tool sees the code that uses a container; and only over the whole program:
/// a member read from a module left out of the scan is reported.
public enum UnusedMemberRule {
    /// One issue per unused member of the containers of `files` that take part in whole-program
    /// validation (`validateDAG` not `false`), in file and declaration order.
    public static func issues(
        _ files: [ProgramFile], references: NameReferences, severity: Severity = .warning
    ) -> [LocatedIssue] {
        let directory = ContainerDirectory(files: files)
        var used: [String: Set<String>] = [:]
        for name in directory.sortedNames {
            for entry in directory.entries[name] ?? [] {
                for member in entry.declared.container.members {
                    used[name, default: []].formUnion(member.dependencyNames)
                    if member.isService { used[name, default: []].insert(member.name) }
                }
            }
        }
        // What a container with `parent:` reads from its parent, the parent provides.
        for name in directory.sortedNames {
            guard let entry = directory.entries[name]?.first else { continue }
            let container = entry.declared.container
            for member in container.members {
                for read in container.parentReads(of: member) {
                    guard let ancestor = directory.ancestor(providing: read, above: entry) else { continue }
                    used[ancestor.name, default: []].insert(read)
                }
            }
        }
        // What an owned child or a created scope needs, its owner provides by name.
        for creation in directory.creations() {
            var visited: Set<String> = []
            let needs = ProgramValidator.needs(
                of: creation.created, named: creation.createdName, directory: directory, visited: &visited)
            used[creation.ownerName, default: []].formUnion(needs.map(\.name))
        }
        var issues: [LocatedIssue] = []
        for file in files {
            for declared in file.containers where declared.container.options.validateDAG {
                let name = declared.qualifiedName
                for member in declared.container.members
                where used[name]?.contains(member.name) != true && !references.mayRead(member.name, of: name) {
                    issues.append(
                        LocatedIssue(
                            file: file.path, container: name,
                            issue: Issue(
                                .unusedMember, message(for: member, in: declared.container.name),
                                at: .member(container: declared.container.name, member: member.name), severity: severity)))
                }
            }
        }
        return issues
    }

    static func message(for member: Member, in container: String) -> String {
        let what =
            member.isAssisted
            ? "@Assisted function '\(member.displayName)'"
            : member.scope.isSupplied ? "\(member.scope.rawValue) '\(member.name)'" : "member '\(member.name)'"
        let remedy =
            member.scope.isSupplied
            ? "remove it, and the value its creator passes" : "remove it"
        return
            "\(what) of '\(container)' is never read: no member, child container, service group or scanned source reads it; \(remedy), or scan the sources that read it"
    }
}
