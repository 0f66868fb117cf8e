#!/usr/bin/env bash
# The Morpion strength runs of issue 4 (docs/strength.md), one after another
# on all cores, resumable across sessions: a finished run is skipped, an
# interrupted one (killed, Ctrl-C, the end of a session) goes on with
# `gameai morpion search --resume` for the rest of its time. The 60-minute
# rows are 20 machine-hours; this lets them be done in pieces.
#
# usage: scripts/morpion-strength.sh DIR RUN...      run the named runs in DIR
#        scripts/morpion-strength.sh --summary DIR   what DIR holds, as table rows (last column: when each run found its best, in seconds)
#
# A run's name says what it is: ALGO MINUTES - VARIANT - SEED, e.g.
# nrpa60-5T-1 (NRPA level 4, 60 minutes, 5T, seed 1) or dna10-5D-3 (the
# DNA search). Touch DIR/PAUSE to hold the queue between runs. GAMEAI names
# the binary (default: built from this checkout into DIR/gameai).
set -euo pipefail

best_of() { grep -o '"best_score": [0-9]*' "$1/state.json" | grep -o '[0-9]*$'; }
# found_at: seconds into the run of its last improvement (the best grid).
found_at() { grep -o '"elapsed_ms": [0-9]*' "$1/state.json" | tail -1 | grep -o '[0-9]*$' | awk '{printf "%d", $1/1000 + 0.5}'; }
finished() { grep -q '"finished": true' "$1/state.json" 2>/dev/null; }

summary() {
	local dir=$1
	for cfg in $(ls "$dir" | grep -E '^(nrpa|dna)[0-9]+-5[TD]-[0-9]+$' | sed 's/-[0-9]*$//' | sort -u); do
		local seeds="" scores="" found="" pending=""
		for run in $(ls "$dir" | grep -E "^$cfg-[0-9]+$" | sort -t- -k3 -n); do
			[ -e "$dir/$run/state.json" ] || continue
			if finished "$dir/$run"; then
				seeds+="${run##*-},"
				scores+="$(best_of "$dir/$run") "
				found+="$(found_at "$dir/$run"), "
			else
				pending+=" ${run##*-}"
			fi
		done
		local n median best
		n=$(echo "$scores" | wc -w)
		if [ "$n" -gt 0 ]; then
			median=$(echo "$scores" | tr ' ' '\n' | grep . | sort -n | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}')
			best=$(echo "$scores" | tr ' ' '\n' | grep . | sort -n | tail -1)
			echo "| $cfg | ${seeds%,} | $(echo $scores | sed 's/ /, /g') | $median | $best | ${found%, } |${pending:+ unfinished seeds:$pending}"
		elif [ -n "$pending" ]; then
			echo "| $cfg | - | - | - | - | unfinished seeds:$pending"
		fi
	done
}

if [ "${1:-}" = "--summary" ]; then
	summary "${2:?usage: $0 --summary DIR}"
	exit 0
fi

dir=${1:?usage: $0 DIR RUN... (e.g. nrpa60-5T-1)}
shift
mkdir -p "$dir"
bin=${GAMEAI:-}
if [ -z "$bin" ]; then
	bin=$dir/gameai
	(cd "$(dirname "$0")/.." && go build -o "$bin" .)
fi
threads=$(nproc)

for run in "$@"; do
	if [[ ! $run =~ ^(nrpa|dna)([0-9]+)-(5[TD])-([0-9]+)$ ]]; then
		echo "$run: want ALGO MINUTES-VARIANT-SEED, e.g. nrpa60-5T-1" >&2
		exit 2
	fi
	algo=${BASH_REMATCH[1]} minutes=${BASH_REMATCH[2]} variant=${BASH_REMATCH[3]} seed=${BASH_REMATCH[4]}
	while [ -e "$dir/PAUSE" ]; do sleep 20; done
	out=$dir/$run
	if finished "$out"; then
		continue
	fi
	if [ -e "$out/state.json" ]; then
		echo "$run: resuming" >&2
		"$bin" morpion search --resume "$out" --quiet >>"$out.log" 2>&1 || true
	else
		echo "$run: starting" >&2
		args=(--variant "$variant" --algo "$algo" --time "${minutes}m" --threads "$threads" --seed "$seed")
		# Plain NRPA at level 4, as the table's rows were run, not the budget's row.
		[ "$algo" = nrpa ] && args+=(--level 4 --budget-defaults=false)
		"$bin" morpion search "${args[@]}" --quiet --out "$out" >>"$out.log" 2>&1 || true
	fi
	if finished "$out"; then
		echo "$run: $(best_of "$out")" >&2
	fi
done
