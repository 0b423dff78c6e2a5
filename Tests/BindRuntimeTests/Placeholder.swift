import XCTest
final class BindRuntimeTestsPlaceholder: XCTestCase { func testNothing() {} }
