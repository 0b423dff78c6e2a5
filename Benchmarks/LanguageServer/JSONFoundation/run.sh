#!/bin/sh
# The language server's own JSON against Foundation's JSONSerialization and
# Codable, on LSP traffic (messages.py), in one run: instructions under
# callgrind (exact, whatever the machine is doing) and hyperfine's times.
#   Benchmarks/LanguageServer/JSONFoundation/run.sh
set -e
cd "$(dirname "$0")"
swift build -c release --scratch-path .build-release >/dev/null
BIN=.build-release/release/JSONBench
python3 messages.py .
for file in start.jsonl:1 traffic.jsonl:1; do
  name=${file%%:*}; rounds=${file##*:}
  for impl in own serialization codable; do
    count=$(valgrind --tool=callgrind --callgrind-out-file=/dev/null $BIN $impl $rounds $name 2>&1 | sed -n 's/.*Collected : //p')
    echo "$name x$rounds $impl: $count instructions"
  done
done
hyperfine -N -w 3 -r 30 "$BIN own 1 start.jsonl" "$BIN serialization 1 start.jsonl" "$BIN codable 1 start.jsonl"
hyperfine -N -w 1 -r 5 "$BIN own 1 traffic.jsonl" "$BIN serialization 1 traffic.jsonl" "$BIN codable 1 traffic.jsonl"
