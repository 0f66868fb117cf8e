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
# names the binary (default: gameai on the PATH).
set -euo pipefail

[ $# -ge 2 ] || { echo "usage: $0 FILE FILE..." >&2; exit 2; }
bin=${GAMEAI:-gameai}

# One line a line of the grid: "i cx,cy,D", the grid's number, then the
# line's centre (the dot plus its offset along the direction, in
# Pentasol's absolute frame) and direction, which name the line whichever
# of its dots came last. Every grid is read before anything is printed,
# so a file that is not a grid stops the script with its error and no
# partial table.
lines=$(mktemp)
trap 'rm -f "$lines"' EXIT
i=0
for f in "$@"; do
	i=$((i + 1))
	psol=$("$bin" morpion convert --to pentasol "$f")
	printf '%s\n' "$psol" | awk -v name="$i" '
		NR == 1 { next }
		{
			split(substr($1, 2, length($1) - 2), p, ",")
			ux = 1; uy = 0
			if ($2 == "|") { ux = 0; uy = 1 }
			if ($2 == "/") { uy = -1 }
			if ($2 == "\\") { uy = 1 }
			printf "%s %d,%d,%s\n", name, p[1] + $3 * ux, p[2] + $3 * uy, $2
		}' >>"$lines"
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
			printf "%2d  ", i
			for (j = 1; j <= count; j++) {
				b = names[j]
				shared = 0
				k = split(lines[a], ls, " ")
				for (m = 1; m <= k; m++) if ((b, ls[m]) in has) shared++
				printf "%4.0f", 100 * shared / (n[a] + n[b] - shared)
			}
			printf "\n"
		}
	}' "$lines"
