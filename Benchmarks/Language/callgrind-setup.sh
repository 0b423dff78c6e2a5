# Sourced by the profile*.sh scripts once `$bin` is set: a work folder that
# goes away on exit, a copy of the binary there without debug info
# (valgrind 3.19 cannot read the DWARF 5 Swift 6 emits; symbols stay, line
# numbers go) as `$work/bindscript`, and `instructions FILE`.
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cp "$bin" "$work/bindscript"
strip -g "$work/bindscript"

instructions() { # callgrind output file -> total instructions
  grep -E '^(summary|totals):' "$1" | head -1 | awk '{print $2}'
}
