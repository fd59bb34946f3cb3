import Testing
@testable import NotesiteKit

/// `String.has`, the byte search the parse and the classifier ask of every note and code line.
@Suite struct StringSearchTests {
    @Test(arguments: [
        ("var photos = [Photo]()", "]()", true),
        ("]()", "]()", true),
        ("a ]( ) b ](", "]()", false),
        ("]]]]()", "]()", true),
        ("ab", "abc", false),
        ("", "a", false),
        ("anything", "", true),
        ("分别对应<template>", "<template>", true),
        ("#ifndef UITEST", "UITEST", true),
        ("#ifndef UITES", "UITEST", false),
    ])
    func findsAPartByItsBytes(text: String, part: String, found: Bool) {
        #expect(text.has(part) == found)
    }
}
