// The C math library is the only platform piece AnimCore uses: no I/O comes in through it.
#if canImport(Glibc)
    @_exported import func Glibc.sin
    @_exported import func Glibc.cos
    @_exported import func Glibc.tan
    @_exported import func Glibc.atan2
    @_exported import func Glibc.acos
    @_exported import func Glibc.asin
    @_exported import func Glibc.exp
    @_exported import func Glibc.log
    @_exported import func Glibc.pow
    @_exported import func Glibc.sqrt
    @_exported import func Glibc.cosh
    @_exported import func Glibc.sinh
    @_exported import func Glibc.hypot
#elseif canImport(Darwin)
    @_exported import func Darwin.sin
    @_exported import func Darwin.cos
    @_exported import func Darwin.tan
    @_exported import func Darwin.atan2
    @_exported import func Darwin.acos
    @_exported import func Darwin.asin
    @_exported import func Darwin.exp
    @_exported import func Darwin.log
    @_exported import func Darwin.pow
    @_exported import func Darwin.sqrt
    @_exported import func Darwin.cosh
    @_exported import func Darwin.sinh
    @_exported import func Darwin.hypot
#endif

/// Linear interpolation `a + (b − a)·t`.
@inline(__always)
public func lerp(_ a: Double, _ b: Double, _ t: Double) -> Double { a + (b - a) * t }
