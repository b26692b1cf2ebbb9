// AnimServerTests: suites land here.
