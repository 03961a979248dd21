import Testing
import Trellis

/// A value whose identity the tests compare.
final class CellValue: Sendable {}

struct CellBuildError: Error, Equatable {}

/// The cell behind an async `.shared` member, used directly: who builds its value, and what every
/// reader gets once one has it.
@Suite("AsyncShared")
struct AsyncSharedCellTests {
    @Test("readers of a started cell get the task's one instance, during the build and after it is stored")
    func readersShareTheTaskValue() async {
        let cell = AsyncShared<CellValue, Never>(override: nil)
        cell.start(Task { .init(CellValue()) })
        let identities = await withTaskGroup(of: ObjectIdentifier.self) { group in
            for _ in 0..<16 { group.addTask { ObjectIdentifier(await cell.value()) } }
            return await group.reduce(into: Set()) { $0.insert($1) }
        }
        #expect(identities.count == 1)
        #expect(ObjectIdentifier(await cell.value()) == identities.first)
    }

    @Test("a task's error reaches every reader, again after it is stored")
    func taskErrorIsKept() async {
        let cell = AsyncShared<CellValue, any Error>(override: nil)
        cell.start(Task { throw CellBuildError() })
        await #expect(throws: CellBuildError()) { try await cell.value() }
        await #expect(throws: CellBuildError()) { try await cell.value() }
    }

    @Test("a task handed to a cell that has an override is cancelled, and readers get the override")
    func startAfterOverrideCancels() async {
        let given = CellValue()
        let cell = AsyncShared<CellValue, Never>(override: given)
        #expect(!cell.needsBuild)
        let task = Task<AsyncShared<CellValue, Never>.Built, Never> {
            try? await Task.sleep(for: .seconds(60))
            return .init(CellValue())
        }
        cell.start(task)
        #expect(task.isCancelled)
        #expect(await cell.value() === given)
    }

    @Test("a cell a reader already builds keeps the reader's value, and a task handed to it later is cancelled")
    func startAfterReaderCancels() async {
        let cell = AsyncShared<CellValue, Never>(override: nil)
        let built = CellValue()
        #expect(await cell.value { built } === built)
        let task = Task<AsyncShared<CellValue, Never>.Built, Never> {
            try? await Task.sleep(for: .seconds(60))
            return .init(CellValue())
        }
        cell.start(task)
        #expect(task.isCancelled)
        #expect(await cell.value() === built)
    }
}
