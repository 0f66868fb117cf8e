#!/usr/bin/env bash
# A/B comparison of Morpion search configurations (issue 27, docs/strength.md):
# one-thread runs, seed by seed and within a seed configuration by
# configuration, as many at a time as the machine has cores (AB_JOBS sets
# it): with two configurations on two cores a seed's runs go side by side,
# so that whatever else loads the machine loads every configuration alike,
# and a single configuration still keeps every core busy. Finished runs
# are skipped: a cut comparison goes on where it stopped.
#
# usage: scripts/morpion-ab.sh DIR TIME "SEEDS" NAME="FLAGS" NAME="FLAGS"...
#        scripts/morpion-ab.sh --summary DIR     one table row a configuration
#
# e.g. scripts/morpion-ab.sh /tmp/ab 10m "1 2 3 4 5 6 7 8 9 10" \
#          rosin="--level 4" layers="--level 4 --layers"
# Every run is: gameai morpion search --variant 5T --algo nrpa --threads 1
# --time TIME --seed S --budget-defaults=false FLAGS --out DIR/NAME-S
# (--variant in FLAGS overrides): FLAGS are the whole configuration, the
# settings left out their own defaults, not the budget's row.
# GAMEAI names the binary (default: built from this checkout into DIR/gameai).
set -euo pipefail

best_of() { grep -o '"best_score": [0-9]*' "$1/state.json" | grep -o '[0-9]*$'; }
finished() { grep -q '"finished": true' "$1/state.json" 2>/dev/null; }

summary() {
	local dir=$1
	for name in $(ls "$dir" | grep -E '^[A-Za-z0-9_.]+-[0-9]+$' | sed 's/-[0-9]*$//' | sort -u); do
		local seeds="" scores=""
		for run in $(ls "$dir" | grep -E "^$name-[0-9]+$" | sort -t- -k2 -n); do
			finished "$dir/$run" || continue
			seeds+="${run##*-},"
			scores+="$(best_of "$dir/$run") "
		done
		[ -n "$scores" ] || continue
		echo "$scores" | tr ' ' '\n' | grep . | sort -n | awk -v name="$name" -v seeds="${seeds%,}" -v scores="$(echo $scores | sed 's/ /, /g')" '
			{a[NR]=$1; s+=$1}
			END {printf "| %s | %s | %s | %s | %.1f | %d |\n", name, seeds, scores,
				(NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2), s/NR, a[NR]}'
	done
}

if [ "${1:-}" = "--summary" ]; then
	echo "| configuration | seeds | scores | median | mean | best |"
	echo "|---|---|---|---|---|---|"
	summary "${2:?usage: $0 --summary DIR}"
	exit 0
fi

dir=${1:?usage: $0 DIR TIME "SEEDS" NAME="FLAGS"...}
time=${2:?time, e.g. 10m}
seeds=${3:?seeds, e.g. "1 2 3"}
shift 3
[ $# -ge 1 ] || { echo "name at least one configuration: NAME=\"FLAGS\"" >&2; exit 2; }
mkdir -p "$dir"
bin=${GAMEAI:-}
if [ -z "$bin" ]; then
	bin=$dir/gameai
	(cd "$(dirname "$0")/.." && go build -o "$bin" .)
fi

jobs=${AB_JOBS:-$(nproc)}
running=0
for seed in $seeds; do
	for cfg in "$@"; do
		name=${cfg%%=*} flags=${cfg#*=}
		[[ $name =~ ^[A-Za-z0-9_.]+$ ]] || { echo "$name: letters, digits, _ and . only" >&2; exit 2; }
		out=$dir/$name-$seed
		finished "$out" && continue
		if ((running >= jobs)); then
			wait -n
			running=$((running - 1))
		fi
		rm -rf "$out"
		echo "running $name-$seed" >&2
		# shellcheck disable=SC2086 # FLAGS are words
		"$bin" morpion search --variant 5T --algo nrpa --threads 1 --time "$time" --seed "$seed" \
			--budget-defaults=false $flags --out "$out" --quiet >"$out.log" 2>&1 &
		running=$((running + 1))
	done
done
wait
summary "$dir"
