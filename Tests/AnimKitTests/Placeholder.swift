// AnimKitTests: suites land here.
