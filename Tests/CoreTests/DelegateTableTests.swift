import Foundation
import XCTest

/// The delegate's methods all have defaults, so a guessed signature compiles and is never
/// called: the docs give every one in a table, and this keeps the table and the protocol the same.
final class DelegateTableTests: XCTestCase {
    private func read(_ path: String) throws -> String {
        try String(contentsOf: URL(fileURLWithPath: #filePath).appendingPathComponent("../../../\(path)").standardizedFileURL, encoding: .utf8)
    }

    /// Signatures with their spaces made single.
    private func normalized(_ s: some StringProtocol) -> String {
        s.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    func testTheDocsTableGivesEveryDelegateMethodAsDeclared() throws {
        let source = try read("Sources/CalloutMapWidget/MapView/MapViewDelegate.swift")
        let body = try XCTUnwrap(source.range(of: "public protocol MapViewDelegate").map { source[$0.upperBound...] })
        let protocolBody = body[..<(body.range(of: "\n}\n")?.lowerBound ?? body.endIndex)]
        // A requirement runs from `func` to the end of its parameters and result, over lines.
        var declared: [String] = []
        var current: String?
        for line in protocolBody.split(separator: "\n", omittingEmptySubsequences: false) {
            let text = line.trimmingCharacters(in: .whitespaces)
            if text.hasPrefix("func ") { current = text } else if current != nil, !text.hasPrefix("///") { current! += " " + text }
            if let c = current, c.filter({ $0 == "(" }).count == c.filter({ $0 == ")" }).count {
                declared.append(normalized(c))
                current = nil
            }
        }
        let article = try read("Sources/CalloutMap/CalloutMap.docc/DelegateMethods.md")
        let tabled = article.split(separator: "\n").filter { $0.hasPrefix("| `func ") }.map { row in
            normalized(row.dropFirst(3).prefix { $0 != "`" })
        }
        XCTAssertEqual(declared.count, 26, "the protocol's requirements, as read: \(declared)")
        XCTAssertEqual(Set(tabled), Set(declared), "the table lists exactly the protocol's methods")
        XCTAssertEqual(tabled, declared, "in the protocol's order")
    }
}
