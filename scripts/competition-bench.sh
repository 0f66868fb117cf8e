#!/usr/bin/env bash
# The games/s of a Less competition (BENCHMARKS.md, "Competitions"): eight
# of our greedy bots in a round robin (32 games), run by `gameai serve` in
# process (no Redis), then with its games played by 1 and by 2 `gameai
# worker` processes (serve --no-local-worker); then the same in process
# with one seat an uploaded program (our greedy bot built as a static
# executable), run confined, against the same field unconfined as a local
# command would be: the cost of the sandbox a game.
#
#   scripts/competition-bench.sh [ROUNDS]
#
# Needs redis-server, curl and jq; the uploaded run needs the sandbox.
# Uses both cores for some minutes: run nothing else meanwhile. Never run
# in CI.
set -euo pipefail
cd "$(dirname "$0")/.."
rounds="${1:-3}"
source scripts/lib.sh
go build -o "$work/gameai" .
CGO_ENABLED=0 go build -trimpath -o "$work/lessbot" ./hosting/testdata/lessbot
field='["gameai:greedy","gameai:greedy:seed=1","gameai:greedy:seed=2","gameai:greedy:seed=3","gameai:greedy:seed=4","gameai:greedy:seed=5","gameai:greedy:seed=6","gameai:greedy:seed=7"]'

port=""
# serve ARGS...: starts a server, sets port.
serve() {
	port=$(free_port)
	"$work/gameai" serve --addr "127.0.0.1:$port" --log-level warn "$@" &
	pids+=($!)
	serve_pid=$!
	until curl -sf "http://127.0.0.1:$port/healthz" >/dev/null; do sleep 0.1; done
}

# compete LABEL BOTS: runs a competition of BOTS on the server at port and
# prints its games/s and the mean time a game.
compete() {
	local label="$1" bots="$2" req id c
	req=$(jq -nc --argjson b "$bots" --argjson r "$rounds" '{game: "less", bots: $b, rounds: $r, seed: 46, clock: {game_ms: 10000}}')
	id=$(curl -sf -X POST "http://127.0.0.1:$port/v1/competitions" -H 'Content-Type: application/json' -d "$req" | jq -r .id)
	while :; do
		c=$(curl -sf "http://127.0.0.1:$port/v1/competitions/$id")
		case $(jq -r .status <<<"$c") in
		succeeded) break ;;
		failed | cancelled) echo "$label: $(jq -c '{status, error}' <<<"$c")" >&2; exit 1 ;;
		esac
		sleep 0.2
	done
	jq -r --arg l "$label" '((.updated_at | sub("\\.[0-9]+";"") | fromdate) as $u | (.created_at | sub("\\.[0-9]+";"") | fromdate) as $c |
		(.updated_at | capture("\\.(?<f>[0-9]+)").f | ("0." + .) | tonumber) as $uf | (.created_at | capture("\\.(?<f>[0-9]+)").f | ("0." + .) | tonumber) as $cf |
		(($u + $uf) - ($c + $cf)) as $s |
		"\($l): \(.played) games in \($s * 1000 | floor) ms: \(.played / $s * 10 | floor / 10) games/s, \($s * 1000 / .played | floor) ms a game")' <<<"$c"
}

stop() { kill "$serve_pid"; wait "$serve_pid" 2>/dev/null || true; }

echo "competition-bench.sh: 8 greedy bots, $rounds round(s) of a Less round robin; $(nproc) CPUs, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs)"
serve --max-jobs 1
compete "in process" "$field"
stop

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
	serve --redis-url "$url" --no-local-worker --max-jobs 1
	compete "$workers worker process(es), one game at a time each" "$field"
	stop
	for pid in "${wpids[@]}"; do kill "$pid"; wait "$pid" 2>/dev/null || true; done
done

# The sandbox: one seat an uploaded program, against the same program run
# as a local command by gameai competition (unconfined).
serve --max-jobs 1
token=$(curl -sf -X POST "http://127.0.0.1:$port/v1/owners" -H 'Content-Type: application/json' -d '{"name":"bench"}' | jq -r .token)
bot=$(curl -sf -X POST "http://127.0.0.1:$port/v1/bots" -H "X-API-Key: $token" -F game=less -F name=greedy -F language=executable -F "file=@$work/lessbot" | jq -r .id)
until [[ $(curl -sf "http://127.0.0.1:$port/v1/bots/$bot" | jq -r .status) == ready ]]; do sleep 0.5; done
compete "in process, one seat uploaded (confined)" "$(jq -c --arg b "$bot" '.[:7] + [$b]' <<<"$field")"
stop
start=$(date +%s.%N)
args=()
for b in $(jq -r '.[:7][]' <<<"$field"); do args+=(--bot "$b"); done
"$work/gameai" competition less --rounds "$rounds" --seed 46 --clock 10s "${args[@]}" --bot "$work/lessbot" >/dev/null 2>&1
end=$(date +%s.%N)
games=$(( rounds * 32 ))
python3 -c "s=$end-$start; print(f'gameai competition, one seat a local command (unconfined): $games games in {s*1000:.0f} ms: {$games/s:.1f} games/s, {s*1000/$games:.0f} ms a game')"
