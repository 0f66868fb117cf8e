#!/usr/bin/env bash
# The Less strength match of docs/strength.md (issue 26): our bot in seats 1
# and 3 (side A) against the CodeCup 2017 runner-up (github elkasimi/less) in
# seats 2 and 4, at CodeCup's 30 s a player a game, one game at a time,
# random layouts each played twice with the sides swapping colours.
#
#   LESS_2017_BOT=/tmp/less2017/less-2017 scripts/less-strength.sh [GAMES] [SEED] [ENGINE]
#
# GAMES defaults to 60, SEED (of the layouts) to 2026, ENGINE (ours) to
# uct:teammate=max, the best measured (docs/strength.md: plain UCT, the
# teammate planned as our own, since both seats of side A are ours);
# ENGINE may carry tree-search settings to try, e.g. mcts:c=0.1,max_depth=16
# (gameai referee less --help).
# The records go to $OUT (default less-strength-SEED.txt). Without
# LESS_2017_BOT it says how to build the opponent and stops: the opponent
# has no licence, so it is built in a scratch folder outside the
# repository and never committed. Never run in CI: an hour of both cores.
set -euo pipefail
cd "$(dirname "$0")/.."
games="${1:-60}"
seed="${2:-2026}"
engine="${3:-uct:teammate=max}"
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
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
go build -o "$work/gameai" .
out="${OUT:-less-strength-$seed.txt}"
echo "less-strength.sh: gameai:$engine (A) against $LESS_2017_BOT (B), $games games, 30 s a player a game, layouts from seed $seed, $(nproc) CPUs"
"$work/gameai" referee less --bot "gameai:$engine" --bot "$LESS_2017_BOT" --bot "gameai:$engine" --bot "$LESS_2017_BOT" \
	--games "$games" --budget 30s --seed "$seed" --parallel 1 --out "$out"
