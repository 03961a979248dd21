import SwiftSyntax

/// The one rule for what a `@Provide` declaration must look like: a `var` with one binding, a plain
/// name and a type annotation, stored on the instance, without accessors. `@DIContainer` reports
/// each way a declaration breaks it (``MemberExtractor``); `@Provide` gives a getter only to a
/// declaration ``Reading/takesGetter`` accepts, so that a broken one shows `@DIContainer`'s
/// diagnostic and no error of the generated accessor.
public enum ProvideMemberShape {
    /// What a declaration with one binding and a plain name breaks of the rule.
    public enum Problem {
        /// Declared with `let` (the macro makes the member read-only itself).
        case notVar(TokenSyntax)
        /// `static`, `class` or `lazy`: not a stored instance property.
        case notInstanceStorage(DeclModifierSyntax)
        /// `weak` or `unowned`: the container keeps every member's value strongly.
        case notStrong(DeclModifierSyntax)
        /// An accessor block written by the user.
        case accessors(AccessorBlockSyntax)
        /// No type annotation.
        case missingType(PatternSyntax)
    }

    /// A declaration read against the rule.
    public enum Reading {
        /// Several bindings in one declaration (`var a: A, b: B`).
        case multipleBindings(PatternBindingListSyntax)
        /// A binding whose pattern is not a plain name (`var (a, b): (A, B)`, `var _: A`).
        case notAName(PatternSyntax)
        /// One binding with a plain name, and what else is wrong with it (nothing, for a member).
        case member(PatternBindingSyntax, name: IdentifierPatternSyntax, problems: [Problem])

        /// Whether `@Provide` gives the declaration its getter. A `let` still gets one: the
        /// compiler's own error about it is on the user's line, beside `@DIContainer`'s.
        public var takesGetter: Bool {
            guard case .member(_, _, let problems) = self else { return false }
            return problems.allSatisfy {
                if case .notVar = $0 { return true }
                return false
            }
        }

        /// Whether `@Provide` gives a declaration it does not give its getter one that reads
        /// nothing: any single binding with a plain name and no accessors of its own (`static`,
        /// `lazy`, no type annotation). The compiler would otherwise report the missing getter it
        /// expects from the macro, beside `@DIContainer`'s diagnostic.
        public var takesStandInGetter: Bool {
            guard case .member(_, _, let problems) = self else { return false }
            return !problems.contains {
                if case .accessors = $0 { return true }
                return false
            }
        }
    }

    /// Whether what the declaration declares (its `var`, name, type, value and modifiers, not its
    /// attributes) does not parse: it is still being typed.
    public static func bindingHasError(_ variable: VariableDeclSyntax) -> Bool {
        variable.bindings.hasError || variable.bindingSpecifier.hasError || variable.modifiers.hasError
            || variable.unexpectedBetweenModifiersAndBindingSpecifier?.isEmpty == false
            || variable.unexpectedBetweenAttributesAndModifiers?.isEmpty == false
            || variable.unexpectedAfterBindings?.isEmpty == false
            || variable.bindings.contains { $0.typeAnnotation.map { hasUnparenthesizedOptionalExistential($0.type) } ?? false }
    }

    /// Whether `type` holds `any P?` or `some P!`, which swift-syntax reads as the existential of an
    /// optional and the compiler's parser rejects ("optional 'any' type must be written '(any P)?'").
    /// Such a declaration is treated as one that does not parse: copied into generated code, the
    /// type would get that error again in every copy.
    public static func hasUnparenthesizedOptionalExistential(_ type: TypeSyntax) -> Bool {
        final class Finder: SyntaxVisitor {
            var found = false
            override func visit(_ node: SomeOrAnyTypeSyntax) -> SyntaxVisitorContinueKind {
                if node.constraint.is(OptionalTypeSyntax.self) || node.constraint.is(ImplicitlyUnwrappedOptionalTypeSyntax.self) {
                    found = true
                }
                return found ? .skipChildren : .visitChildren
            }
        }
        let finder = Finder(viewMode: .sourceAccurate)
        finder.walk(type)
        return finder.found
    }

    /// Reads `variable` against the rule.
    public static func read(_ variable: VariableDeclSyntax) -> Reading {
        guard variable.bindings.count == 1, let binding = variable.bindings.first else {
            return .multipleBindings(variable.bindings)
        }
        guard let name = binding.pattern.as(IdentifierPatternSyntax.self) else { return .notAName(binding.pattern) }
        var problems: [Problem] = []
        if variable.bindingSpecifier.tokenKind != .keyword(.var) { problems.append(.notVar(variable.bindingSpecifier)) }
        if let modifier = variable.modifiers.first(where: {
            [.keyword(.static), .keyword(.class), .keyword(.lazy)].contains($0.name.tokenKind)
        }) {
            problems.append(.notInstanceStorage(modifier))
        }
        if let modifier = variable.modifiers.first(where: { [.keyword(.weak), .keyword(.unowned)].contains($0.name.tokenKind) }) {
            problems.append(.notStrong(modifier))
        }
        if let accessors = binding.accessorBlock { problems.append(.accessors(accessors)) }
        if binding.typeAnnotation == nil { problems.append(.missingType(binding.pattern)) }
        return .member(binding, name: name, problems: problems)
    }
}
