#!/usr/bin/env bash
# Tries the README's first command as a new user would: `go run . serve`,
# then /healthz and a Morris best move from it, then stops it with Ctrl-C's
# signal and expects it to end. Fails if any step does not happen.
set -euo pipefail
cd "$(dirname "$0")/.."

port=8080
port_free() { ! (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }
if ! port_free "$port"; then
	# Something of the machine's holds the README's port; the command is
	# still tried as written, on another port.
	for _ in $(seq 1 20); do
		port=$((20000 + RANDOM % 20000))
		port_free "$port" && break
	done
	echo "first-run.sh: :8080 is taken here; serving on :$port"
	export GAMEAI_ADDR=":$port"
else
	unset GAMEAI_ADDR
fi
unset GAMEAI_REDIS_URL

log=$(mktemp)
pid=""
stop() {
	if [[ -n "$pid" ]] && kill -0 "$pid" 2>/dev/null; then kill -KILL -- "-$pid" 2>/dev/null || true; fi
	rm -f "$log"
}
trap stop EXIT

# Its own process group, so Ctrl-C's signal reaches `go run` and the server
# it started, as it does in a terminal.
setsid go run . serve >"$log" 2>&1 &
pid=$!
base="http://127.0.0.1:$port"
for _ in $(seq 1 600); do
	curl -fsS "$base/healthz" >/dev/null 2>&1 && break
	if ! kill -0 "$pid" 2>/dev/null; then
		echo "first-run.sh: go run . serve ended before answering:"; cat "$log"; exit 1
	fi
	sleep 0.5
done
health=$(curl -fsS "$base/healthz") || { echo "first-run.sh: no /healthz in 300 s:"; cat "$log"; exit 1; }
echo "first-run.sh: /healthz $health"

move=$(curl -fsS "$base/v1/games/morris/best-move" -H 'Content-Type: application/json' \
	-d '{"position":"","limits":{"time_ms":300}}') || { echo "first-run.sh: best move failed:"; cat "$log"; exit 1; }
if [[ "$move" != *'"move":"'* ]]; then
	echo "first-run.sh: the best move's answer has no move: $move"; exit 1
fi
echo "first-run.sh: best move $move"

kill -INT -- "-$pid"
for _ in $(seq 1 100); do
	kill -0 "$pid" 2>/dev/null || break
	sleep 0.1
done
if kill -0 "$pid" 2>/dev/null; then
	echo "first-run.sh: the server did not stop within 10 s of Ctrl-C:"; cat "$log"; exit 1
fi
wait "$pid" || true
pid=""
echo "first-run.sh: stopped"
