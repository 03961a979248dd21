import Trellis

// A scope that reads its parent, where one member is hidden from it.

@DIContainer(root: true)
final class ClinicContainer {
    @Provide(.shared, factory: { Ledger() }, concrete: true)
    private var ledger: Ledger

    @Provide(.shared, factory: { Ledger() }, concrete: true)
    var archive: Ledger

    @Assisted(.scope)
    func appointment(appointmentID: String) -> AppointmentScope
}

@DIContainer(parent: ClinicContainer.self)
final class AppointmentScope {
    @Provide(.argument)
    var appointmentID: String

    // 'ledger' is private to the clinic.
    @Provide(.transient, factory: { (ledger: Ledger, archive: Ledger) in Entry(ledger, archive) }, concrete: true)
    var entry: Entry
}
