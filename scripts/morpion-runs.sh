#!/usr/bin/env bash
# The runs of Morpion searches as tickets (issue 101, docs/notebook/morpion.md
# "Each run of a hunt, counted"): every run that ended by itself, from the
# runs.jsonl the CLI writes into its --out directory, with how long it
# lasted and when its best came; then, over all the directories given, the
# runs' scores, the playouts a run took on average and what share of runs
# reached each score. A search's best is one draw of "the best of the runs
# it had time for"; these are the draws, which is what a change to the top
# level (its patience, its restarts) trades: more runs, or better ones.
#
# usage: scripts/morpion-runs.sh DIR...   (each a `gameai morpion search --out DIR`)
# The family of a run is the first FAMILY (default 10) characters of its
# layer code: grids that share them share their first layers. Needs jq.
set -euo pipefail

[ $# -ge 1 ] || { echo "usage: $0 DIR..." >&2; exit 2; }
family=${FAMILY:-10}
runs=()
for d in "$@"; do
	[ -s "$d/runs.jsonl" ] || { echo "$d: no runs.jsonl (no run of this search ended)" >&2; exit 1; }
	runs+=("$d/runs.jsonl")
done

row='%-28s %6s %5s %9s %8s %8s  %s\n'
# shellcheck disable=SC2059 # the one format of the header and the rows
printf "$row" search thread score "run (M)" "best at" "ended" family
for d in "$@"; do
	jq -r --arg d "$(basename "$d")" --argjson f "$family" \
		'[$d, .thread, .score, (.playouts / 1e6 * 10 | round / 10), "\(.found_at * 100 / .playouts | round)%",
		  "\(.ended_at / 1e6 | round) M", .layers[0:$f]] | @tsv' "$d/runs.jsonl" |
		awk -F'\t' -v row="$row" '{ printf row, $1, $2, $3, $4, $5, $6, $7 }'
done

echo
jq -s -r '
	. as $r | length as $n
	| "\($n) runs ended, \($r | map(.playouts) | add / $n / 1e6 * 10 | round / 10) M playouts a run on average; their bests:",
	  ($r | group_by(.score) | reverse | .[] | "  \(.[0].score): \(length)"),
	  "runs at or above:",
	  (170, 171, 172 | . as $s | "  \($s): \($r | map(select(.score >= $s)) | length) of \($n)")
' "${runs[@]}"
