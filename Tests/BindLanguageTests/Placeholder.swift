import XCTest
final class BindLanguageTestsPlaceholder: XCTestCase { func testNothing() {} }
