let app = AppContainer(name: "Trellis")
print(app.feature.greeting)
