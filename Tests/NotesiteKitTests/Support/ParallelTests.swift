import Foundation
import Testing
@testable import NotesiteKit

@Suite struct ParallelTests {
    /// Counts the instances alive, to tell that each result is freed once: neither kept nor freed twice.
    private final class Counted: @unchecked Sendable {
        static let lock = NSLock()
        nonisolated(unsafe) static var alive = 0
        let value: Int
        init(_ value: Int) {
            self.value = value
            Self.lock.withLock { Self.alive += 1 }
        }
        deinit { Self.lock.withLock { Self.alive -= 1 } }
    }

    /// The results come back in the input's order, each moved out of the slots the workers wrote: every result
    /// object is alive while the array holds it and freed once with it, and a throwing transform throws the
    /// first error in the input's order after transforming everything.
    @Test func resultsComeInOrderAndAreFreedOnce() throws {
        do {
            let results = Array(0..<5_000).parallelMap { (Counted($0), [Counted(-$0)], "\($0)") }
            #expect(results.count == 5_000 && results.indices.allSatisfy { results[$0].0.value == $0 })
            #expect(results.allSatisfy { $0.1[0].value == -$0.0.value && $0.2 == "\($0.0.value)" })
            #expect(Counted.lock.withLock { Counted.alive } == 10_000)
        }
        #expect(Counted.lock.withLock { Counted.alive } == 0)

        struct Odd: Error, Equatable { let value: Int }
        #expect(throws: Odd(value: 3)) {
            try Array(0..<100).parallelMap { value -> Counted in
                if value % 2 == 1 && value > 1 { throw Odd(value: value) }
                return Counted(value)
            }
        }
        #expect(Counted.lock.withLock { Counted.alive } == 0)
    }
}
