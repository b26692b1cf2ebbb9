import Logging

/// AnimKit's log: problems an app cannot receive as a thrown error (a setter given a non-finite value, a
/// commit that could not be sent) are logged here.
let log = Logger(label: "animserver.AnimKit")
