/// A struct's stored fields kept by reference, for values copied far more often than changed (a symbol into every
/// mention and link of it, a note into other notes' pages): a copy of the struct is one retain of the box rather
/// than one of each counted field, and both workers copying one shared value touch one count, not a dozen.
///
/// The owner changes `value` only while it holds the one reference (`isKnownUniquelyReferenced`, else a fresh
/// box first), so no box is changed while another thread can read it.
final class SharedBox<Value: Sendable>: @unchecked Sendable {
    var value: Value

    init(_ value: Value) {
        self.value = value
    }
}
