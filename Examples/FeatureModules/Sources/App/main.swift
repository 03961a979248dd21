import SharedServices

let app = AppContainer(session: Session(userName: "Ada"), auditDestination: "stdout")
print("app created; features are built on first use")

print(app.profile.presenter.greeting())
app.settings.editor.setTheme("dark")

print("wired:")
print("  profile logger:  \(app.profile.logger.name) (the app's 'logger')")
print("  settings logger: \(app.settings.settingsLogger.name) (the app's 'settingsLogger')")
print("  audit trail to:  \(app.settings.audit.log.destination) (given to the root only)")
print("  same settings container on every access: \(app.settings === app.settings)")
print("  preference stored through the shared store: \(app.preferences.value(for: "theme") ?? "none")")
