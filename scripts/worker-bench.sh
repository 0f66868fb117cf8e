#!/usr/bin/env bash
# The games/s of one tuning (BENCHMARKS.md, "Tuning on workers"): the same
# request run by `gameai serve` in process (no Redis), then with Redis and
# its games played by 1 and by 2 `gameai worker` processes on loopback
# (serve --no-local-worker, so only the workers play). Prints the games/s
# each reached, from the finished job's progress, and the task counts.
#
#   scripts/worker-bench.sh [DEPTH] [GENERATIONS] [POPULATION]
#
# Needs redis-server, curl and jq. Uses both cores for some minutes: run
# nothing else meanwhile. Never run in CI.
set -euo pipefail
cd "$(dirname "$0")/.."
depth="${1:-3}"
generations="${2:-3}"
population="${3:-20}"
source scripts/lib.sh
go build -o "$work/gameai" .
request=$(jq -nc --argjson d "$depth" --argjson g "$generations" --argjson p "$population" \
	'{population: $p, elite: 2, selected: ($p/2|floor), refill: $p, generations: $g, depth: $d, random_plies: 2, seed: 2026}')

# run LABEL WORKERS SERVE-ARGS...: starts serve, runs the tuning (on WORKERS
# goroutines when in process), prints its games/s.
run() {
	local label="$1" req
	req=$(jq -c --argjson w "$2" '. + {workers: $w}' <<<"$request")
	shift 2
	local port
	port=$(free_port)
	"$work/gameai" serve --addr "127.0.0.1:$port" --log-level warn "$@" &
	local serve_pid=$!
	pids+=("$serve_pid")
	until curl -sf "http://127.0.0.1:$port/healthz" >/dev/null; do sleep 0.1; done
	local id
	id=$(curl -sf -X POST "http://127.0.0.1:$port/v1/morris/tunings" -H 'Content-Type: application/json' -d "$req" | jq -r .id)
	local job
	while :; do
		job=$(curl -sf "http://127.0.0.1:$port/v1/jobs/$id")
		case $(jq -r .status <<<"$job") in
		succeeded) break ;;
		failed | cancelled) echo "$label: job $(jq -c . <<<"$job")" >&2; exit 1 ;;
		esac
		sleep 0.5
	done
	jq -r --arg l "$label" '"\($l): \(.result.games) games in \(.result.elapsed_ms) ms: \(.result.games * 1000 / .result.elapsed_ms | floor) games/s; tasks \(.progress.best.tasks // "none" | tostring)"' <<<"$job"
	kill "$serve_pid"
	wait "$serve_pid" 2>/dev/null || true
}

echo "worker-bench.sh: depth $depth, population $population, $generations generations; $(nproc) CPUs, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs)"
# One goroutine against one worker process is the overhead of tasks.
run "in process, 1 goroutine" 1 --max-jobs 1
run "in process, 2 goroutines" 2 --max-jobs 1

rport=$(free_port)
redis-server --port "$rport" --bind 127.0.0.1 --save '' --appendonly no --dir "$work" >/dev/null &
pids+=($!)
until redis-cli -p "$rport" ping >/dev/null 2>&1; do sleep 0.1; done
url="redis://127.0.0.1:$rport/0"
for workers in 1 2; do
	redis-cli -p "$rport" flushall >/dev/null
	wpids=()
	for _ in $(seq "$workers"); do
		"$work/gameai" worker --redis-url "$url" --concurrency 1 --log-level warn &
		wpids+=($!)
		pids+=($!)
	done
	run "$workers worker process(es), one task at a time each" 1 --redis-url "$url" --no-local-worker --max-jobs 1
	for pid in "${wpids[@]}"; do kill "$pid"; wait "$pid" 2>/dev/null || true; done
done
