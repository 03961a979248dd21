import SharedServices
import Trellis

/// Builds the greeting of the profile screen.
public struct ProfilePresenter: Sendable {
    let session: Session
    let logger: Logger
    public func greeting() -> String {
        logger.log("presenting the profile of \(session.userName)")
        return "Hello, \(session.userName)"
    }
}

/// The profile feature's graph. It needs a session and a logger from whoever owns it.
@DIContainer(concrete: true)
public final class ProfileContainer {
    @Provide(.input)
    public var session: Session

    @Provide(.input)
    public var logger: Logger

    @Provide(.transient, ProfilePresenter.self, with: [\Self.session, \Self.logger])
    public var presenter: ProfilePresenter
}
