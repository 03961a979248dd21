let app = AppContainer(name: "Trellis")
let feature = FeatureContainer(greeter: app.greeter)
print(feature.greeting)
