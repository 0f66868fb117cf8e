#!/usr/bin/env bash
# What 100 junk uploads of 8 MiB leave behind (issue 57): a server with
# its own redis-server, one owner uploading noise as an "executable" and
# 8 MiB of C that fails to build, alternately. Prints the answers' codes,
# the server's heap and Redis's memory before and after, and the artefacts
# Redis still holds. Needs root (the sandbox), redis-server and gcc.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib.sh
go build -o "$work/gameai" .
rport=$((20000 + RANDOM % 20000)); hport=$((rport + 1))
redis-server --port "$rport" --bind 127.0.0.1 --save '' --appendonly no --dir "$work" >"$work/redis.log" 2>&1 &
pids+=($!)
sleep 0.5
# gctrace: each collection logs the heap it left live ("A->B->C MB": C).
GODEBUG=gctrace=1 GAMEAI_REDIS_URL="redis://127.0.0.1:$rport/0" GAMEAI_ADDR="127.0.0.1:$hport" GAMEAI_API_KEY=admin \
	"$work/gameai" serve >"$work/serve.log" 2>&1 &
pids+=($!)
base="http://127.0.0.1:$hport"
for _ in $(seq 1 100); do curl -fsS "$base/healthz" >/dev/null 2>&1 && break; sleep 0.2; done
tok=$(curl -fsS -X POST "$base/v1/owners" -H 'X-API-Key: admin' -H 'Content-Type: application/json' -d '{"name":"mallory"}' |
	python3 -c 'import json,sys; print(json.load(sys.stdin)["token"])')
head -c $((8 << 20)) /dev/urandom >"$work/noise"
python3 -c "import sys; sys.stdout.write('int main( {\n' + '/* junk junk junk junk junk junk junk junk junk junk */\n' * ((8 << 20) // 56 - 1))" >"$work/junk.c"
measure() {
	echo "$1: server heap $(curl -fsS "$base/metrics" | awk '/^go_memstats_heap_alloc_bytes/ {printf "%.1f MiB", $2/1048576}')," \
		"redis $(redis-cli -p "$rport" info memory | awk -F: '/^used_memory:/ {printf "%.2f MiB", $2/1048576}')," \
		"artefacts kept $(redis-cli -p "$rport" --scan --pattern '*artefact:*' | wc -l)"
}
measure before
declare -A codes
for i in $(seq 1 100); do
	if ((i % 2)); then f=noise l=executable; else f=junk.c l=c; fi
	c=$(curl -s -o /dev/null -w '%{http_code}' -H "X-API-Key: $tok" -F game=less -F "name=junk$i" -F "language=$l" -F "file=@$work/$f" "$base/v1/bots")
	codes[$c]=$((${codes[$c]:-0} + 1))
	[[ $c == 429 ]] && sleep 1
done
for k in "${!codes[@]}"; do echo "answered $k: ${codes[$k]}"; done
# The admissions under way end (a failed build takes a second or two).
for _ in $(seq 1 120); do
	n=$(curl -fsS "$base/v1/bots?owner=mallory&status=building&limit=100" | python3 -c 'import json,sys; print(len(json.load(sys.stdin)["bots"]))')
	[[ $n == 0 ]] && break
	sleep 1
done
measure after
echo "the server's last collection (the heap live after it is the last MB figure):"
grep '^gc ' "$work/serve.log" | tail -1
