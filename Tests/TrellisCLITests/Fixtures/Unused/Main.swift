let app = ServerContainer(configuration: Configuration(), verbose: false)
app.jobs.runner.run()
app.handler.handle()
print(app.default)
