import Trellis

final class DetailModel: Sendable {}

// A misspelt return type of an @Assisted function is reported on the function's line only.
@DIContainer
final class Screen: Sendable {
    @Assisted(factory: { (id: Int) in DetailModel() })
    func detail(id: Int) -> DetailModl
}
