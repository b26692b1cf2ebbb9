import Logging

let log = Logger(label: "animserver.AnimScenes")
