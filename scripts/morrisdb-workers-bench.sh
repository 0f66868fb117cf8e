#!/usr/bin/env bash
# A database build's pairs on 1 and on 2 workers of one core each
# (BENCHMARKS.md, "The database by class"): the pairs up to ten pieces are
# taken from a built directory (hard links), then `gameai serve` with Redis
# (--no-local-worker) builds up to 7-5 on N `gameai worker --morris-db`
# processes (GOMAXPROCS=1) sharing a copy: wave 11 holds 7-4/4-7 and
# 6-5/5-6, wave 12 7-5/5-7. Prints the job's time and each pair's.
#
#   scripts/morrisdb-workers-bench.sh BUILT-DIR [N...]     # default N: 1 2
#
# BUILT-DIR holds at least 3-3 to 6-4 and 7-3 (gameai morris db build
# --up-to 7-3, then --up-to 6-4, or any later). Needs redis-server, curl
# and jq. Uses both cores for some minutes: run nothing else meanwhile.
# Never run in CI.
set -euo pipefail
cd "$(dirname "$0")/.."
built="${1:?the directory of a built database}"
shift
counts=("${@:-1 2}")
source scripts/lib.sh
go build -o "$work/gameai" .

for n in ${counts[*]}; do
	dir="$work/db$n"
	mkdir -p "$dir"
	for f in "$built"/*-*.*; do
		name=$(basename "$f")
		space=${name%%.*}
		w=${space%-*}
		b=${space#*-}
		if ((w + b <= 10)); then ln "$f" "$dir/$name" 2>/dev/null || cp "$f" "$dir/$name"; fi
	done
	rport=$(free_port)
	redis-server --port "$rport" --save '' --appendonly no >/dev/null &
	pids+=($!)
	sleep 0.5
	port=$(free_port)
	"$work/gameai" serve --addr "127.0.0.1:$port" --redis-url "redis://127.0.0.1:$rport/0" --no-local-worker \
		--morris-db "$dir" --log-level warn &
	pids+=($!)
	for _ in $(seq "$n"); do
		GOMAXPROCS=1 "$work/gameai" worker --redis-url "redis://127.0.0.1:$rport/0" --concurrency 1 \
			--morris-db "$dir" --log-level warn &
		pids+=($!)
	done
	sleep 2
	start=$(date +%s.%N)
	id=$(curl -sf "127.0.0.1:$port/v1/morris/db/builds" -H 'Content-Type: application/json' -d '{"up_to":"7-5"}' | jq -r .id)
	while :; do
		status=$(curl -sf "127.0.0.1:$port/v1/jobs/$id" | jq -r .status)
		[[ $status == succeeded || $status == failed ]] && break
		sleep 1
	done
	end=$(date +%s.%N)
	echo "workers $n: $status in $(echo "$end - $start" | bc) s"
	for s in 7-4 6-5 7-5; do echo "  $s/${s#*-}-${s%-*}: $(jq .build_seconds "$dir/$s.json") s"; done
	stop_all
done
