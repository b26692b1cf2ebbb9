// IntegrationTests: suites land here.
