#!/usr/bin/env bash
# The Less strength match of docs/strength.md (issue 26): our bot in seats 1
# and 3 (side A) against the CodeCup 2017 runner-up (github elkasimi/less) in
# seats 2 and 4, at CodeCup's 30 s a player a game, one game at a time,
# random layouts each played twice with the sides swapping colours.
#
#   LESS_2017_BOT=/tmp/less2017/less-2017 scripts/less-strength.sh [GAMES] [SEED] [ENGINE]
#
# GAMES defaults to 60, SEED (of the layouts) to 7001, ENGINE (ours) to
# uct:teammate=max,scale=3: the defaults are the issue's final
# (docs/strength.md: plain UCT, the teammate planned as our own, since both
# seats of side A are ours, and a reward sharper than the default's);
# ENGINE may carry tree-search settings to try, e.g. mcts:c=0.1,max_depth=16
# (gameai referee less --help).
# The records go to $OUT (default less-strength-SEED.txt).
# LESS_OUR_BUDGET (e.g. 3s) gives our bot another clock than the
# opponent's 30 s, and LESS_PARALLEL plays that many games at once
# (default 1): scripts/less-screen.sh's tenth-scale screen. Without
# LESS_2017_BOT it says how to build the opponent and stops: the opponent
# has no licence, so it is built in a scratch folder outside the
# repository and never committed. Never run in CI: an hour of both cores.
set -euo pipefail
cd "$(dirname "$0")/.."
games="${1:-60}"
seed="${2:-7001}"
engine="${3:-uct:teammate=max,scale=3}"
if [[ -z "${LESS_2017_BOT:-}" || ! -x "${LESS_2017_BOT:-}" ]]; then
	cat <<'HOW'
less-strength.sh: set LESS_2017_BOT to the 2017 runner-up's binary. To build it (outside the repository):
  fetch the public repository elkasimi/less (the tool library's fetch), then
  mkdir -p /tmp/less2017 && git -C MIRROR/.git archive HEAD | tar -x -C /tmp/less2017
  cd /tmp/less2017 && g++ -O2 -std=c++11 -pthread -o less-2017 $(ls player/*.cc | grep -v Submission)
  LESS_2017_BOT=/tmp/less2017/less-2017 scripts/less-strength.sh
HOW
	exit 0
fi
spec="gameai:$engine"
if [[ -n "${LESS_OUR_BUDGET:-}" ]]; then
	case "$engine" in
	*:*) spec="$spec,budget=$LESS_OUR_BUDGET" ;;
	*) spec="$spec:budget=$LESS_OUR_BUDGET" ;;
	esac
fi
parallel="${LESS_PARALLEL:-1}"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
go build -o "$work/gameai" .
out="${OUT:-less-strength-$seed.txt}"
echo "less-strength.sh: $spec (A) against $LESS_2017_BOT (B), $games games, our clock ${LESS_OUR_BUDGET:-30s} and its 30 s a game, layouts from seed $seed, $parallel at a time, $(nproc) CPUs"
"$work/gameai" referee less --bot "$spec" --bot "$LESS_2017_BOT" --bot "$spec" --bot "$LESS_2017_BOT" \
	--games "$games" --budget 30s --seed "$seed" --parallel "$parallel" --out "$out"
