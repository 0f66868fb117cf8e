#!/usr/bin/env bash
# Runs the whole test suite. When redis-server is installed it is started on a
# free loopback port for the Redis store tests and stopped afterwards; without
# it those tests skip with a message (CI sets GAMEAI_REQUIRE_REDIS=1 so they
# fail instead). Extra arguments go to `go test`; GAMEAI_TEST_PKGS names the
# packages (default ./...).
set -euo pipefail
cd "$(dirname "$0")/.."

redis_pid=""
workdir=""
cleanup() {
	if [[ -n "$redis_pid" ]]; then kill "$redis_pid" 2>/dev/null || true; wait "$redis_pid" 2>/dev/null || true; fi
	if [[ -n "$workdir" ]]; then rm -rf "$workdir"; fi
}
trap cleanup EXIT

port_free() { ! (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

if [[ -z "${GAMEAI_TEST_REDIS_URL:-}" ]] && command -v redis-server >/dev/null; then
	workdir=$(mktemp -d)
	for _ in $(seq 1 20); do
		port=$((20000 + RANDOM % 20000))
		port_free "$port" || continue
		redis-server --port "$port" --bind 127.0.0.1 --save '' --appendonly no \
			--dir "$workdir" --logfile "$workdir/redis.log" &
		redis_pid=$!
		for _ in $(seq 1 50); do
			if redis-cli -p "$port" ping 2>/dev/null | grep -q PONG; then break; fi
			sleep 0.1
		done
		if redis-cli -p "$port" ping 2>/dev/null | grep -q PONG; then
			export GAMEAI_TEST_REDIS_URL="redis://127.0.0.1:$port/0"
			echo "test.sh: redis-server on 127.0.0.1:$port"
			break
		fi
		kill "$redis_pid" 2>/dev/null || true
		redis_pid=""
	done
fi
if [[ -z "${GAMEAI_TEST_REDIS_URL:-}" ]]; then
	echo "test.sh: no redis-server: the Redis store tests will skip (apt-get install redis-server)"
fi

# A package's test binary gets 30 minutes, not go test's 10: the API's tests
# under the race detector take nine to ten on the 2-core CI machine (a run
# was cut at 600 s on 2026-12-05). An -timeout of the caller's comes later
# and wins.
# shellcheck disable=SC2086 # GAMEAI_TEST_PKGS is a list of patterns
go test -count=1 -timeout "${GAMEAI_TEST_TIMEOUT:-30m}" "$@" ${GAMEAI_TEST_PKGS:-./...}
