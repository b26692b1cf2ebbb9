// AnimTransportTests: suites land here.
