/// Every container of a program by qualified name, and the lookup that turns a type name written in
/// a factory into the container it builds.
struct ContainerDirectory {
    /// One declaration: the file it is in and the container.
    struct Entry {
        var file: String
        var declared: DeclaredContainer
    }

    /// Declarations by qualified name; several when the name is declared more than once. Each list is
    /// sorted by file path so that "the first" is the same on every run.
    let entries: [String: [Entry]]

    /// Indexes the containers of `files` for which `include` is true.
    init(files: [ProgramFile], include: (DeclaredContainer) -> Bool = { _ in true }) {
        var entries: [String: [Entry]] = [:]
        for file in files {
            for declared in file.containers where include(declared) {
                entries[declared.qualifiedName, default: []].append(Entry(file: file.path, declared: declared))
            }
        }
        self.entries = entries.mapValues { list in list.sorted { $0.file < $1.file } }
    }

    /// The qualified names, sorted.
    var sortedNames: [String] { entries.keys.sorted() }

    /// The qualified name of the container that `typeName`, written inside the container `from`,
    /// refers to; as Swift looks names up, the innermost enclosing scope wins (`A.B.X`, then `A.X`,
    /// then `X` for `X` written in `A.B`).
    func resolve(_ typeName: String, from: DeclaredContainer) -> String? {
        var scope: String? = from.qualifiedName
        while let current = scope {
            let candidate = "\(current).\(typeName)"
            if entries[candidate] != nil { return candidate }
            scope = current.lastIndex(of: ".").map { String(current[..<$0]) }
        }
        return entries[typeName] != nil ? typeName : nil
    }

    /// The parent `entry` names (`@DIContainer(parent:)`), with its qualified name, if it is a
    /// container of the program.
    func parent(of entry: Entry) -> (name: String, entry: Entry)? {
        guard let written = entry.declared.container.options.parent, let name = resolve(written, from: entry.declared),
            let parent = entries[name]?.first
        else { return nil }
        return (name, parent)
    }

    /// The nearest of `entry`'s ancestors (its parent, that parent's parent...) that has a member
    /// called `name`: a parent reads a name it does not declare from its own parent in turn.
    func ancestor(providing name: String, above entry: Entry) -> (name: String, entry: Entry, member: Member)? {
        var visited: Set<String> = []
        var current = entry
        while let (parentName, parent) = parent(of: current), visited.insert(parentName).inserted {
            if let member = parent.declared.container.member(named: name) { return (parentName, parent, member) }
            current = parent
        }
        return nil
    }

    /// A member that owns another container of the program (`.child`, `.forwardingChild`) or
    /// creates one (`@Assisted(.scope)`), with the container it belongs to and the one it names.
    struct Creation {
        var ownerName: String
        var owner: Entry
        var member: Member
        var createdName: String
        var created: Entry
    }

    /// Every member that owns or creates a container declared in the program, by owner name, then
    /// in declaration order (a type the program does not declare, from another module, is left out).
    func creations() -> [Creation] {
        sortedNames.flatMap { name -> [Creation] in
            guard let owner = entries[name]?.first else { return [] }
            return owner.declared.container.members.compactMap { member in
                guard member.scope.isChild || member.createsScope,
                    let createdName = resolve(member.type.text, from: owner.declared),
                    let created = entries[createdName]?.first
                else { return nil }
                return Creation(ownerName: name, owner: owner, member: member, createdName: createdName, created: created)
            }
        }
    }

    /// The containers each container builds, with the first member (in declaration order) that
    /// builds it; a container never building itself through a member is still an edge (a cycle).
    func edges() -> [(from: String, to: String, member: String)] {
        var result: [(from: String, to: String, member: String)] = []
        for name in sortedNames {
            guard let entry = entries[name]?.first else { continue }
            var seen = Set<String>()
            for member in entry.declared.container.members {
                for typeName in member.constructedTypes {
                    guard let target = resolve(typeName, from: entry.declared), seen.insert(target).inserted else { continue }
                    result.append((name, target, member.name))
                }
            }
        }
        return result
    }
}
