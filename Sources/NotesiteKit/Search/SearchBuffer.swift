extension SearchIndex {
    /// A growable buffer of plain values that is never copied. Every byte of every note is appended to one, and
    /// an array's append checks that its storage is unique each time.
    struct Buffer<Element: BitwiseCopyable>: ~Copyable {
        private var base: UnsafeMutablePointer<Element>
        private var capacity: Int
        private(set) var count = 0

        init(capacity: Int) {
            base = .allocate(capacity: capacity)
            self.capacity = capacity
        }

        deinit { base.deallocate() }

        subscript(i: Int) -> Element { base[i] }

        /// The elements in `range`, valid until the buffer changes.
        func elements(_ range: Range<Int>) -> UnsafeBufferPointer<Element> {
            UnsafeBufferPointer(start: base + range.lowerBound, count: range.count)
        }

        @inline(__always)
        mutating func append(_ element: Element) {
            if count == capacity { grow(to: count + 1) }
            base[count] = element
            count += 1
        }

        @inline(__always)
        mutating func append(_ first: Element, _ second: Element) {
            if count + 2 > capacity { grow(to: count + 2) }
            base[count] = first
            base[count + 1] = second
            count += 2
        }

        mutating func removeAll() { count = 0 }

        /// Room for `n` more elements at the end, counted in: the caller initialises them.
        @inline(__always)
        mutating func appendUninitialized(count n: Int) -> UnsafeMutablePointer<Element> {
            if count + n > capacity { grow(to: count + n) }
            defer { count += n }
            return base + count
        }

        private mutating func grow(to needed: Int) {
            while capacity < needed { capacity *= 2 }
            let larger = UnsafeMutablePointer<Element>.allocate(capacity: capacity)
            larger.moveInitialize(from: base, count: count)
            base.deallocate()
            base = larger
        }
    }
}
