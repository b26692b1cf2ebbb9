// Placeholder entry point until this executable lands.
fatalError("not built yet")
