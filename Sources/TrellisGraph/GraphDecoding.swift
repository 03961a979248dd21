/// Reading back the document ``JSONRenderer`` writes (the GraphJSON article of the DocC catalog), for `trellis diff`.
/// Keys this version does not know are ignored; keys added within version 1 may be absent.
extension ProgramGraph: Decodable {
    /// Why a graph document cannot be read, beyond what the decoder itself reports.
    public struct UnsupportedVersion: Error, CustomStringConvertible {
        /// The version the document declares.
        public var version: Int

        /// Creates the error for a document of `version`.
        public init(version: Int) { self.version = version }

        /// What to tell the user.
        public var description: String {
            "the graph document has format version \(version); this trellis reads version \(JSONRenderer.version)"
        }
    }

    private enum Keys: String, CodingKey {
        case version, containers, memberEdges, containerEdges, parentReads
    }

    /// Reads a graph document; throws ``UnsupportedVersion`` for a version other than ``JSONRenderer/version``.
    public init(from decoder: any Decoder) throws {
        let values = try decoder.container(keyedBy: Keys.self)
        let version = try values.decode(Int.self, forKey: .version)
        guard version == JSONRenderer.version else { throw UnsupportedVersion(version: version) }
        containers = try values.decode([ContainerNode].self, forKey: .containers)
        memberEdges = try values.decode([MemberEdge].self, forKey: .memberEdges)
        containerEdges = try values.decode([ContainerEdge].self, forKey: .containerEdges)
        parentReads = try values.decodeIfPresent([ParentRead].self, forKey: .parentReads) ?? []
    }
}

extension ProgramGraph.ContainerNode: Decodable {
    private enum Keys: String, CodingKey {
        case id, name, file, root, validateDAG, members, startOrder, parent
    }

    /// Reads a container of the graph document.
    public init(from decoder: any Decoder) throws {
        let values = try decoder.container(keyedBy: Keys.self)
        id = try values.decode(String.self, forKey: .id)
        name = try values.decode(String.self, forKey: .name)
        file = try values.decode(String.self, forKey: .file)
        isRoot = try values.decode(Bool.self, forKey: .root)
        validatesDAG = try values.decode(Bool.self, forKey: .validateDAG)
        members = try values.decode([ProgramGraph.MemberNode].self, forKey: .members)
        startOrder = try values.decodeIfPresent([String].self, forKey: .startOrder) ?? []
        parent = try values.decodeIfPresent(String.self, forKey: .parent)
    }
}

extension ProgramGraph.MemberNode: Decodable {
    private enum Keys: String, CodingKey {
        case name, type, scope, async, `throws`, reads, builds, arguments, service, closesOnShutdown, createsScope
        case collection, into, elementsInto, key
    }

    private enum ArgumentKeys: String, CodingKey {
        case label, name, type
    }

    /// Reads a member of the graph document.
    public init(from decoder: any Decoder) throws {
        let values = try decoder.container(keyedBy: Keys.self)
        name = try values.decode(String.self, forKey: .name)
        type = try values.decode(String.self, forKey: .type)
        scope = try values.decode(MemberScope.self, forKey: .scope)
        isAsync = try values.decode(Bool.self, forKey: .async)
        isThrowing = try values.decode(Bool.self, forKey: .throws)
        reads = try values.decode([String].self, forKey: .reads)
        builds = try values.decode([String].self, forKey: .builds)
        if values.contains(.arguments) {
            var list = try values.nestedUnkeyedContainer(forKey: .arguments)
            var arguments: [RuntimeArgument] = []
            while !list.isAtEnd {
                let argument = try list.nestedContainer(keyedBy: ArgumentKeys.self)
                let label = try argument.decode(String.self, forKey: .label)
                arguments.append(
                    RuntimeArgument(
                        label: label == "_" ? nil : label, name: try argument.decode(String.self, forKey: .name),
                        type: try argument.decode(String.self, forKey: .type)))
            }
            self.arguments = arguments
        }
        startPosition = try values.decodeIfPresent(Int.self, forKey: .service)
        closesOnShutdown = try values.decodeIfPresent(Bool.self, forKey: .closesOnShutdown) ?? false
        createsScope = try values.decodeIfPresent(Bool.self, forKey: .createsScope) ?? false
        collection = try values.decodeIfPresent(CollectionDeclaration.Kind.self, forKey: .collection)
        // Format version 1 writes a collection's scope as `transient`, beside its `collection` key.
        if collection != nil && scope == .transient { scope = .collection }
        let key = try values.decodeIfPresent(String.self, forKey: .key)
        if let name = try values.decodeIfPresent(String.self, forKey: .into) {
            contribution = Contribution(collection: name, key: key)
        } else if let name = try values.decodeIfPresent(String.self, forKey: .elementsInto) {
            contribution = Contribution(collection: name, key: key, elements: true)
        }
    }
}

extension ProgramGraph.MemberEdge: Decodable {
    private enum Keys: String, CodingKey {
        case container, from, to, access
    }

    /// Reads a member edge of the graph document; one without `access` reads the value.
    public init(from decoder: any Decoder) throws {
        let values = try decoder.container(keyedBy: Keys.self)
        container = try values.decode(String.self, forKey: .container)
        from = try values.decode(String.self, forKey: .from)
        to = try values.decode(String.self, forKey: .to)
        access = try values.decodeIfPresent(DependencyAccess.self, forKey: .access) ?? .value
    }
}

extension ProgramGraph.ContainerEdge: Decodable {
    private enum Keys: String, CodingKey {
        case from, to, member, kind
    }

    /// Reads a container edge of the graph document; one without `kind` is a factory building the
    /// container (the key is optional within format version 1).
    public init(from decoder: any Decoder) throws {
        let values = try decoder.container(keyedBy: Keys.self)
        from = try values.decode(String.self, forKey: .from)
        to = try values.decode(String.self, forKey: .to)
        member = try values.decode(String.self, forKey: .member)
        kind = try values.decodeIfPresent(ProgramGraph.ContainerEdgeKind.self, forKey: .kind) ?? .builds
    }
}

extension ProgramGraph.ContainerEdgeKind: Decodable {}
extension MemberScope: Decodable {}
extension DependencyAccess: Decodable {}
extension CollectionDeclaration.Kind: Decodable {}

extension ProgramGraph.ParentRead: Decodable {
    private enum Keys: String, CodingKey {
        case container, from, parent, to
    }

    /// Reads a read of a parent's member from the graph document.
    public init(from decoder: any Decoder) throws {
        let values = try decoder.container(keyedBy: Keys.self)
        container = try values.decode(String.self, forKey: .container)
        from = try values.decode(String.self, forKey: .from)
        parent = try values.decode(String.self, forKey: .parent)
        to = try values.decode(String.self, forKey: .to)
    }
}
