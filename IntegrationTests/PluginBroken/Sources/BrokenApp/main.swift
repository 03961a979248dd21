print(AppContainer().name)
