import Dispatch
import Foundation

extension Array where Element: Sendable {
    /// `map` over all cores, with results in the input's order (so output stays deterministic).
    func parallelMap<T: Sendable>(_ transform: @Sendable (Element) -> T) -> [T] {
        guard count > 1 else { return map(transform) }
        let results = ResultSlots<T>(count: count)
        self.withUnsafeBufferPointer { input in
            let input = UnsafeSendable(input)
            DispatchQueue.concurrentPerform(iterations: count) { i in
                results.store(transform(input.value[i]), at: i)
            }
        }
        return results.values()
    }

    /// `parallelMap` with a transform that throws: every element is transformed, then the first error in the
    /// input's order is thrown.
    func parallelMap<T: Sendable>(_ transform: @Sendable (Element) throws -> T) throws -> [T] {
        try parallelMap { element in Result { try transform(element) } }.map { try $0.get() }
    }
}

/// One slot per index, each written by exactly one iteration of `concurrentPerform`.
/// The buffer is allocated once and never resized, so no two iterations touch the same memory.
private final class ResultSlots<T>: @unchecked Sendable {
    private let slots: UnsafeMutableBufferPointer<T?>
    /// The values were moved out (`values()`), so the slots hold nothing to deinitialise.
    private var moved = false
    init(count: Int) {
        slots = .allocate(capacity: count)
        slots.initialize(repeating: nil)
    }
    deinit {
        if !moved { slots.deinitialize() }
        slots.deallocate()
    }
    func store(_ value: T, at index: Int) { slots[index] = value }

    /// The values, moved out of the slots, once. Copied out, each value was retained and then released with
    /// the slots: for the notes' results, on the thread that goes on alone while the other cores wait.
    func values() -> [T] {
        precondition(!moved, "the values are moved out once")
        moved = true
        return [T](unsafeUninitializedCapacity: slots.count) { buffer, initialized in
            for i in slots.indices {
                (buffer.baseAddress! + i).initialize(to: (slots.baseAddress! + i).move()!)
            }
            initialized = slots.count
        }
    }
}

private struct UnsafeSendable<T>: @unchecked Sendable {
    let value: T
    init(_ value: T) { self.value = value }
}

/// A value worked out the first time it is asked for, once, whichever thread asks.
final class OnDemand<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var made: Value?
    private var make: (@Sendable () -> Value)?

    init(_ make: @escaping @Sendable () -> Value) { self.make = make }

    var value: Value {
        lock.lock()
        defer { lock.unlock() }
        if let made { return made }
        let value = make!()
        made = value
        make = nil
        return value
    }
}

/// A dictionary that the threads parsing and rendering notes share: answers worked out once for text that repeats
/// across notes.
final class SharedCache<Key: Hashable & Sendable, Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [Key: Value] = [:]

    subscript(key: Key) -> Value? {
        get { lock.withLock { values[key] } }
        set { lock.withLock { values[key] = newValue } }
    }
}
