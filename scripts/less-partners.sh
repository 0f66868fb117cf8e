#!/usr/bin/env bash
# The Less partner suite of issue 61: our default engine beside each of
# four partners (itself, the CodeCup 2017 runner-up, our greedy, our
# expectimax) against each of three pairs (two runner-ups, the runner-up
# beside greedy, two of our default), each layout played four times (the
# teams swapping colours and the teammates exchanging seats: gameai referee
# less --exchange), at CodeCup's 30 s a player a game, layouts from SEED
# (not the seeds the engine was tuned on). Prints a markdown table of side
# A's (ours and its partner) score with its 95% interval and mean margin,
# a row a pairing, for docs/strength.md; the records go to $OUT_DIR.
#
#   LESS_2017_BOT=/tmp/less2017/less-2017 scripts/less-partners.sh [GAMES] [SEED] [ENGINE]
#
# GAMES (a multiple of 4) defaults to 64, SEED to 9101, ENGINE (ours) to
# the default, uct. LESS_BUDGET (default 30s) is every program's clock,
# LESS_PARALLEL the games at once (default 1; each game's programs think
# one at a time). ONLY=PARTNER/OPPONENTS runs one row (e.g.
# ONLY=runnerup/runnerup+runnerup). Twelve rows of 64 games at 30 s are
# about a day of one core: run rows, not the suite, in a session. Without
# LESS_2017_BOT it says how to build the opponent (scripts/less-strength.sh)
# and stops; never run in CI.
set -euo pipefail
cd "$(dirname "$0")/.."
games="${1:-64}"
seed="${2:-9101}"
engine="${3:-uct}"
if [[ -z "${LESS_2017_BOT:-}" || ! -x "${LESS_2017_BOT:-}" ]]; then
	scripts/less-strength.sh
	exit 0
fi
if ((games % 4)); then
	echo "less-partners.sh: GAMES must be a multiple of 4 (each layout four times)" >&2
	exit 2
fi
budget="${LESS_BUDGET:-30s}"
parallel="${LESS_PARALLEL:-1}"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
go build -o "$work/gameai" .
out_dir="${OUT_DIR:-less-partners-$seed}"
mkdir -p "$out_dir"
ours="gameai:$engine"
declare -A bot=([ours]="$ours" [runnerup]="$LESS_2017_BOT" [greedy]="gameai:greedy" [expectimax]="gameai:expectimax")
echo "less-partners.sh: $ours beside each partner, $games games a row at $budget a program, layouts from seed $seed, $parallel at a time, $(nproc) CPUs"
echo
echo "| partner | against | side A (ours + partner) | mean margin | forfeits |"
echo "|---|---|---|---|---|"
for partner in ours runnerup greedy expectimax; do
	for opp in runnerup+runnerup runnerup+greedy ours+ours; do
		[[ -n "${ONLY:-}" && "$ONLY" != "$partner/$opp" ]] && continue
		b1="${bot[${opp%+*}]}" b2="${bot[${opp#*+}]}"
		res=$("$work/gameai" referee less --bot "$ours" --bot "$b1" --bot "${bot[$partner]}" --bot "$b2" \
			--games "$games" --exchange --budget "$budget" --seed "$seed" --parallel "$parallel" --quiet \
			--out "$out_dir/$partner-vs-$opp.txt")
		side=$(grep '^side A' <<<"$res")
		tally=$(sed -E 's/^side A \([^)]*\): ([^;]*); margin ([^ ]+ ± [^ ]+).*/\1|\2/' <<<"$side")
		forfeits=$(sed -nE 's/^[0-9]+ games, ([0-9]+) forfeits.*/\1/p' <<<"$res")
		echo "| $partner | $opp | ${tally%%|*} | ${tally#*|} | $forfeits |"
	done
done
