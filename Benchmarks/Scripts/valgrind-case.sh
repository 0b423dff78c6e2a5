# Sourced by profile.sh, cache-misses.sh and working-set.sh: reads SCENARIO IMPL [ITERATIONS]
# into `scenario`, `impl` and `iterations` (default: `default_iterations`),
# builds BindBench in release and copies it into "$work", a folder removed on
# exit. valgrind 3.19 cannot read the DWARF 5 that Swift 6 emits, so the copy
# has no debug info (symbols stay, line numbers go).
usage="usage: Scripts/$(basename "$0") SCENARIO IMPL [ITERATIONS]"
scenario=${1:?$usage}
impl=${2:?$usage}
iterations=${3:-$default_iterations}
here=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

swift build -c release --package-path "$here" --product BindBench >/dev/null
cp "$here/.build/release/BindBench" "$work/BindBench"
strip -g "$work/BindBench"
