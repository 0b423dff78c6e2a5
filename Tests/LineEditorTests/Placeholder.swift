import XCTest
final class LineEditorTestsPlaceholder: XCTestCase { func testNothing() {} }
