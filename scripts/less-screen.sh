#!/usr/bin/env bash
# A tenth-scale screen of Less settings against the CodeCup 2017 runner-up
# (docs/strength.md, issue 26): our bot at 3 s a game against the 2017 bot
# cut from 30,000 to 3,000 iterations a move, two games at a time. A
# 40-game match at full scale (scripts/less-strength.sh) takes 45 minutes
# and tells apart only changes of some 2 points a game; this plays 150
# games in about 11 minutes. It screens, it does not measure: a setting
# it favours still needs the full-scale match (its favourite exploration
# constant, 0.2, was no better than 0.4 at 30 s). At this scale version 3
# scored -0.73 ± 0.64 a game over 150 games, at full scale -0.80 ± 1.57
# over 40.
#
#   LESS_2017_SRC=/tmp/less2017 scripts/less-screen.sh [GAMES] [SEED] [ENGINE]
#
# LESS_2017_SRC is the unpacked public repository elkasimi/less (how to
# fetch it: scripts/less-strength.sh). The cut opponent is built from a
# copy of its sources in a scratch folder, with its iteration constants
# changed, and kept as $LESS_2017_SRC/less-2017-3k; nothing of it enters
# this repository. GAMES defaults to 150, SEED (of the layouts) to 5001,
# ENGINE to uct:teammate=max,scale=3; our bot's budget=3s is added to it. The
# opponent's clock stays 30 s: its start-up tables alone take about 2 s.
# Records go to $OUT (default less-screen-SEED.txt). Never run in CI.
set -euo pipefail
cd "$(dirname "$0")/.."
games="${1:-150}"
seed="${2:-5001}"
engine="${3:-uct:teammate=max,scale=3}"
src="${LESS_2017_SRC:-}"
if [[ -z "$src" || ! -f "$src/player/MCTSStrategy.cc" ]]; then
	echo "less-screen.sh: set LESS_2017_SRC to the unpacked elkasimi/less (see scripts/less-strength.sh)" >&2
	exit 0
fi
opp="$src/less-2017-3k"
if [[ ! -x "$opp" ]]; then
	build=$(mktemp -d)
	cp -r "$src/player" "$build/"
	sed -i 's/max_iterations = 30000;/max_iterations = 3000;/; s/max_check_iterations = 32000;/max_check_iterations = 3200;/' \
		"$build/player/MCTSStrategy.cc"
	if [[ $(grep -c -e 'max_iterations = 3000;' -e 'max_check_iterations = 3200;' "$build/player/MCTSStrategy.cc") != 2 ]]; then
		echo "less-screen.sh: the opponent's iteration constants were not found; not screening" >&2
		rm -rf "$build"
		exit 1
	fi
	(cd "$build" && g++ -O2 -std=c++11 -pthread -o "$opp" $(ls player/*.cc | grep -v Submission))
	rm -rf "$build"
fi
LESS_2017_BOT="$opp" LESS_OUR_BUDGET=3s LESS_PARALLEL=2 OUT="${OUT:-less-screen-$seed.txt}" \
	exec scripts/less-strength.sh "$games" "$seed" "$engine"
