import Foundation

// JSONBench own|serialization|codable ROUNDS FILE
//
// Reads each line of FILE (one LSP message body a line) into a `JSON`
// value and writes it back, ROUNDS times over, with the implementation
// named; prints the total length written, which is the same for all three
// (a check that they read and write the same values).
let arguments = CommandLine.arguments
guard arguments.count == 4, let rounds = Int(arguments[2]) else {
  FileHandle.standardError.write(Data("usage: JSONBench own|serialization|codable ROUNDS FILE\n".utf8))
  exit(2)
}
let lines = try String(contentsOfFile: arguments[3], encoding: .utf8).split(separator: "\n").map { Array($0.utf8) }
let roundTrip: ([UInt8]) throws -> String
switch arguments[1] {
case "own": roundTrip = { try JSON.parse($0).serialized }
case "serialization": roundTrip = { SerializationJSON.serialize(try SerializationJSON.parse($0)) }
case "codable": roundTrip = { CodableJSON.serialize(try CodableJSON.parse($0)) }
default:
  FileHandle.standardError.write(Data("unknown implementation '\(arguments[1])'\n".utf8))
  exit(2)
}
var written = 0
for _ in 0..<rounds {
  for line in lines { written += try roundTrip(line).utf8.count }
}
print(written)
