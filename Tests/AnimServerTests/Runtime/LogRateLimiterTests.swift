import Testing

@testable import AnimServer

@Suite struct LogRateLimiterTests {
    @Test func oneMessagePerIntervalSaysHowManyWereHeldBack() {
        var limiter = LogRateLimiter(interval: 10)
        #expect(limiter.admit(at: 100) == 0)
        #expect(limiter.admit(at: 100.5) == nil)
        #expect(limiter.admit(at: 109.9) == nil)
        #expect(limiter.admit(at: 110) == 2)
        #expect(limiter.admit(at: 119) == nil)
        #expect(limiter.admit(at: 500) == 1)
    }
}
