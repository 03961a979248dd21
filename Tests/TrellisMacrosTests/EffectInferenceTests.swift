import SwiftParser
import SwiftSyntax
import Testing
import TrellisSyntax

/// A factory closure's effects are those Swift gives it: declared, or inferred from its own body.
@Suite("Effects of a factory closure, as Swift infers them")
struct EffectInferenceTests {
    private func effects(_ closure: String) throws -> (async: Bool, throws: Bool) {
        var parser = Parser(closure)
        let closure = try #require(ExprSyntax.parse(from: &parser).as(ClosureExprSyntax.self))
        let effects = FactoryReader.effects(of: closure)
        return (effects.isAsync, effects.isThrowing)
    }

    @Test(
        "what the body does, outside nested closures and handled errors",
        arguments: [
            ("{ A() }", false, false),
            ("{ () async throws in A() }", true, true),
            ("{ try await A() }", true, true),
            ("{ (a: A) in try B(a: a) }", false, true),
            ("{ await A() }", true, false),
            ("{ () async in try A() }", true, true),
            ("{ if bad { throw E() }; return A() }", false, true),
            ("{ (try? A()) ?? B() }", false, false),
            ("{ try! A() }", false, false),
            ("{ try? f(try g()) }", false, false),
            ("{ do { return try A() } catch { return B() } }", false, false),
            ("{ do { return try A() } catch let error { return B(error) } }", false, false),
            ("{ do { return try A() } catch is E { return B() } }", false, true),
            ("{ do { return try A() } catch { throw Wrapped(error) } }", false, true),
            ("{ let make = { () async throws in try await A() }; return B(make) }", false, false),
            ("{ func make() throws -> A { try A() }; return B() }", false, false),
            ("{ for try await line in lines { use(line) }; return A() }", true, true),
            ("{ for await line in lines { use(line) }; return A() }", true, false),
            ("{ async let a = A(); return B(a: await a) }", true, false),
            ("{ B(note: \"try await\") }", false, false),
        ])
    func inferred(closure: String, isAsync: Bool, isThrowing: Bool) throws {
        let effects = try effects(closure)
        #expect(effects.async == isAsync, "async: \(closure)")
        #expect(effects.throws == isThrowing, "throws: \(closure)")
    }
}
