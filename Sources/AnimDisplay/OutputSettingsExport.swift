// The output's mode and rotation values live in AnimOutputSettings (so animctl parses them without linking the
// display stack); every user of AnimDisplay sees them as before.
@_exported import AnimOutputSettings
