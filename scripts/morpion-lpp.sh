#!/usr/bin/env bash
# Runs Nagórko's public NRPA (anagorko/morpion-lpp, src/nrpa; an opponent,
# built outside this repository) for a wall-clock budget per seed, as many
# runs at a time as the machine has cores (AB_JOBS), and prints one table
# row like scripts/morpion-ab.sh's. His program has no time limit: after
# SECONDS it gets two SIGINTs a second apart (its own way to stop: the
# first prints the state, the second ends the search) and the run's score
# is the last "Best line" it prints. Finished runs are skipped.
#
# usage: scripts/morpion-lpp.sh NRPA DIR SECONDS "SEEDS" NAME [FLAGS...]
# e.g.   scripts/morpion-lpp.sh /tmp/lpp/src/nrpa/nrpa /tmp/ab 600 "31 32" lpp -l 4
set -euo pipefail

bin=${1:?usage: $0 NRPA DIR SECONDS "SEEDS" NAME [FLAGS...]}
dir=${2:?dir}
secs=${3:?seconds}
seeds=${4:?seeds}
name=${5:?name}
shift 5
mkdir -p "$dir"

score_of() { grep -a 'Best line:' "$1" 2>/dev/null | tail -1 | grep -o '[0-9]*$'; }

one() {
	local seed=$1 log=$dir/$name-$seed.log
	"$bin" "$@" -s "$seed" >"$log.part" 2>&1 &
	local pid=$!
	sleep "$secs"
	kill -INT "$pid"
	sleep 1
	kill -INT "$pid"
	wait "$pid" || true
	mv "$log.part" "$log"
}

jobs=${AB_JOBS:-$(nproc)}
running=0
for seed in $seeds; do
	[ -f "$dir/$name-$seed.log" ] && continue
	if ((running >= jobs)); then
		wait -n
		running=$((running - 1))
	fi
	echo "running $name-$seed" >&2
	one "$seed" "$@" &
	running=$((running + 1))
done
wait

scores="" list=""
for seed in $seeds; do
	s=$(score_of "$dir/$name-$seed.log") || continue
	scores+="$s " list+="$seed,"
done
echo "$scores" | tr ' ' '\n' | grep . | sort -n | awk -v name="$name" -v seeds="${list%,}" -v scores="$(echo $scores | sed 's/ /, /g')" '
	{a[NR]=$1; s+=$1}
	END {printf "| %s | %s | %s | %s | %.1f | %d |\n", name, seeds, scores,
		(NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2), s/NR, a[NR]}'
