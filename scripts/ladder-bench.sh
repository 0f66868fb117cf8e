#!/usr/bin/env bash
# Ladder games a minute with one and with two `gameai worker` processes
# (issue 59): a server with its own redis-server plays no game itself
# (--no-local-worker); each worker plays one game at a time
# (--concurrency 1); the Less ladder of four of our engines that think
# (each uses its clock) at a 5-second clock, as fast as the workers go
# (120 games a minute asked, as many in play as workers). Each setting runs
# WARM seconds, then counts the games of MEASURE seconds.
#
#	scripts/ladder-bench.sh [WARM [MEASURE]]
set -euo pipefail
cd "$(dirname "$0")/.."
warm=${1:-30}
measure=${2:-180}
source scripts/lib.sh
go build -o "$work/gameai" .
for workers in 1 2; do
	rport=$((20000 + RANDOM % 20000)); hport=$((rport + 1))
	redis-server --port "$rport" --bind 127.0.0.1 --save '' --appendonly no --dir "$work" >"$work/redis.log" 2>&1 &
	pids+=($!)
	sleep 0.5
	url="redis://127.0.0.1:$rport/0"
	GAMEAI_REDIS_URL="$url" GAMEAI_ADDR="127.0.0.1:$hport" GAMEAI_LOG_LEVEL=warn "$work/gameai" serve --no-local-worker >"$work/serve.log" 2>&1 &
	pids+=($!)
	for _ in $(seq 1 "$workers"); do
		"$work/gameai" worker --redis-url "$url" --concurrency 1 --log-level warn >>"$work/worker.log" 2>&1 &
		pids+=($!)
	done
	base="http://127.0.0.1:$hport"
	for _ in $(seq 1 100); do curl -fsS "$base/healthz" >/dev/null 2>&1 && break; sleep 0.2; done
	curl -fsS -X PUT "$base/v1/ladders/less" -H 'Content-Type: application/json' -o /dev/null -d "{\"state\": \"running\",
		\"games_per_minute\": 120, \"clock\": {\"game_ms\": 5000}, \"parallel\": $workers,
		\"bots\": [\"gameai:less:uct\", \"gameai:less:mcts\", \"gameai:uct:seed=2\", \"gameai:mcts:seed=2\"]}"
	played() { curl -fsS "$base/v1/ladders/less" | python3 -c 'import json,sys; print(json.load(sys.stdin)["played"])'; }
	sleep "$warm"
	a=$(played)
	sleep "$measure"
	b=$(played)
	python3 -c "print(f'$workers worker(s): {$b - $a} games in $measure s: {($b - $a) * 60 / $measure:.2f} games a minute')"
	stop_all
	sleep 1
done
