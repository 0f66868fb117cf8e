#!/usr/bin/env bash
# Runs every fuzz target of the module as a fuzzer for FUZZTIME each (default
# 10s). The targets are found with `go test -list`, never written down here,
# so a new one is fuzzed without a change to this script. A failing input is
# written by Go under the package's testdata/fuzz/FuzzName/, where it stays
# as a regression case once committed (plain `go test` replays it).
set -euo pipefail
cd "$(dirname "$0")/.."
fuzztime="${FUZZTIME:-10s}"
minimize="${FUZZMINIMIZETIME:-2s}"
log=$(mktemp)
trap 'rm -f "$log"' EXIT
failed=()
# Only packages with a test file declaring a fuzz function are asked for their
# list: asking every package would build every test binary.
pkgs=$(grep -rl --include='*_test.go' '^func Fuzz' . | xargs -n1 dirname | sort -u)
for pkg in $pkgs; do
	for target in $(go test -list '^Fuzz' "$pkg" | grep '^Fuzz' || true); do
		echo "fuzz.sh: $pkg $target for $fuzztime"
		corpus="$pkg/testdata/fuzz/$target"
		before=$(ls "$corpus" 2>/dev/null | sort || true)
		# A short minimisation keeps an input that found new coverage from
		# eating the whole budget (the default is 60 s).
		if go test -run '^$' -fuzz "^${target}\$" -fuzztime "$fuzztime" -fuzzminimizetime "$minimize" "$pkg" 2>&1 | tee "$log"; then
			continue
		fi
		after=$(ls "$corpus" 2>/dev/null | sort || true)
		# Go 1.26's fuzz coordinator can fail a target with a bare "context
		# deadline exceeded" when -fuzztime ends while a worker is busy
		# (go.dev/issue/75804, fixed in Go 1.27). That failure writes no
		# input; a real one always does.
		if [[ "$before" == "$after" ]] && grep -q '^    context deadline exceeded$' "$log" && ! grep -q 'Failing input' "$log"; then
			echo "fuzz.sh: $target: the fuzztime race of go.dev/issue/75804, no failing input: not a failure"
			continue
		fi
		failed+=("$pkg $target")
	done
done
if ((${#failed[@]})); then
	echo "fuzz.sh: failed: ${failed[*]}"
	exit 1
fi
echo "fuzz.sh: every target ran $fuzztime without a failure"
