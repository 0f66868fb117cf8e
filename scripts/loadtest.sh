#!/usr/bin/env bash
# The load test of BENCHMARKS.md: builds gameai, serves it on a free loopback
# port (in memory, or on Redis when GAMEAI_REDIS_URL is set), drives it with
# scripts/loadtest (vegeta as a library) and stops it by its PID. Arguments
# go to the load generator, e.g. --clients 200 --duration 60s --mix cached-analysis.
set -euo pipefail
cd "$(dirname "$0")/.."
work=$(mktemp -d)
server_pid=""
cleanup() {
	if [[ -n "$server_pid" ]]; then kill "$server_pid" 2>/dev/null || true; wait "$server_pid" 2>/dev/null || true; fi
	rm -rf "$work"
}
trap cleanup EXIT

go build -o "$work/gameai" .
go build -tags loadtest -o "$work/loadtest" ./scripts/loadtest
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
# Request logs at info would cost more than the requests; warnings still show.
# One client plays every session of the test, from one address: its
# network's share of sessions (200 by default) is raised to hold them.
# GAMEAI_LOADTEST_SERVE_FLAGS adds flags of the server's (e.g. --registration
# invite --api-key K, for --abuse).
# shellcheck disable=SC2086
"$work/gameai" serve --addr "127.0.0.1:$port" --log-level warn --sessions-per-network 20000 ${GAMEAI_LOADTEST_SERVE_FLAGS:-} 2> "$work/server.log" &
server_pid=$!
for _ in $(seq 1 100); do
	if curl -fs "http://127.0.0.1:$port/healthz" >/dev/null; then break; fi
	sleep 0.1
done
echo "loadtest.sh: gameai serve (pid $server_pid) on 127.0.0.1:$port, $(nproc) CPUs: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2)"
"$work/loadtest" --url "http://127.0.0.1:$port" "$@"
if grep -q "level=ERROR" "$work/server.log"; then
	echo "loadtest.sh: the server logged errors:"; grep "level=ERROR" "$work/server.log" | head -20
	exit 1
fi
