#!/usr/bin/env bash
# The shared transposition table's measurement (BENCHMARKS.md): a Redis of
# its own on loopback, one process that searches 20 Morris midgame positions
# and writes their shallow entries (-fill), then another that searches them
# cold and warm. Extra arguments go to both (-plies, -min-depth, -time,
# -depth). Needs redis-server; uses one core for about a minute.
set -euo pipefail
cd "$(dirname "$0")/.."
work=$(mktemp -d)
redis_pid=""
cleanup() {
	if [[ -n "$redis_pid" ]]; then kill "$redis_pid" 2>/dev/null || true; wait "$redis_pid" 2>/dev/null || true; fi
	rm -rf "$work"
}
trap cleanup EXIT
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
redis-server --port "$port" --bind 127.0.0.1 --save '' --appendonly no --dir "$work" >/dev/null &
redis_pid=$!
until redis-cli -p "$port" ping >/dev/null 2>&1; do sleep 0.1; done
go build -tags ttbench -o "$work/ttbench" ./scripts/ttbench
echo "ttbench.sh: $(nproc) CPUs, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs)"
"$work/ttbench" -redis-url "redis://127.0.0.1:$port/0" -fill "$@"
"$work/ttbench" -redis-url "redis://127.0.0.1:$port/0" "$@"
