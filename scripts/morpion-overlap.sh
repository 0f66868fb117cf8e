#!/usr/bin/env bash
# How alike Morpion grids are (issue 27, docs/strength.md): for every pair
# of grids, the share of their lines they have in common, as a percentage
# of the lines in either (the Jaccard index of the two sets of lines). A
# grid is a set of lines, so two runs that settled on neighbouring grids
# score high whatever order their moves came in; no symmetry is applied,
# which suits grids confined to one octagon (--octagon).
#
# usage: scripts/morpion-overlap.sh FILE...    e.g. DIR/*/best.layers
# Each FILE is a 5T or 5D grid in any format `gameai morpion convert`
# reads (--variant from GAMEAI_MORPION_VARIANT, default 5T). GAMEAI
# names the binary (default: gameai on the PATH). Needs jq.
set -euo pipefail

[ $# -ge 2 ] || { echo "usage: $0 FILE FILE..." >&2; exit 2; }
bin=${GAMEAI:-gameai}

# One line a line of the grid: "i x,y,dir", the grid's number and the
# line as gameai names it in JSON (its start in the spec's frame, and its
# direction), whichever of its dots came last. Every grid is read before
# anything is printed, so a file that is not a grid stops the script with
# its error and no partial table.
lines=$(mktemp)
trap 'rm -f "$lines"' EXIT
i=0
for f in "$@"; do
	i=$((i + 1))
	json=$("$bin" morpion convert --to json "$f")
	jq -r --arg i "$i" '.moves[] | "\($i) \(.start.x),\(.start.y),\(.dir)"' <<<"$json" >>"$lines"
done
i=0
for f in "$@"; do
	i=$((i + 1))
	printf '%2d  %s\n' "$i" "$f"
done
awk '
	!($1 in n) { names[++count] = $1 }
	{ n[$1]++; has[$1, $2] = 1; lines[$1] = lines[$1] " " $2 }
	END {
		printf "lines:"
		for (i = 1; i <= count; i++) printf " %d", n[names[i]]
		printf "\nlines shared, %% of the lines in either grid\n    "
		for (j = 1; j <= count; j++) printf "%4d", j
		printf "\n"
		for (i = 1; i <= count; i++) {
			a = names[i]
			k = split(lines[a], ls, " ")
			printf "%2d  ", i
			for (j = 1; j <= count; j++) {
				b = names[j]
				shared = 0
				for (m = 1; m <= k; m++) if ((b, ls[m]) in has) shared++
				printf "%4.0f", 100 * shared / (n[a] + n[b] - shared)
			}
			printf "\n"
		}
	}' "$lines"
