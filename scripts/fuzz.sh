#!/usr/bin/env bash
# Runs every fuzz target of the module as a fuzzer for FUZZTIME each (default
# 10s). The targets are found with `go test -list`, never written down here,
# so a new one is fuzzed without a change to this script. A failing input is
# written by Go under the package's testdata/fuzz/FuzzName/, where it stays
# as a regression case once committed (plain `go test` replays it).
set -euo pipefail
cd "$(dirname "$0")/.."
fuzztime="${FUZZTIME:-10s}"
failed=()
# Only packages with a test file declaring a fuzz function are asked for their
# list: asking every package would build every test binary.
pkgs=$(grep -rl --include='*_test.go' '^func Fuzz' . | xargs -n1 dirname | sort -u)
for pkg in $pkgs; do
	for target in $(go test -list '^Fuzz' "$pkg" | grep '^Fuzz' || true); do
		echo "fuzz.sh: $pkg $target for $fuzztime"
		if ! go test -run '^$' -fuzz "^${target}\$" -fuzztime "$fuzztime" "$pkg"; then
			failed+=("$pkg $target")
		fi
	done
done
if ((${#failed[@]})); then
	echo "fuzz.sh: failed: ${failed[*]}"
	exit 1
fi
echo "fuzz.sh: every target ran $fuzztime without a failure"
