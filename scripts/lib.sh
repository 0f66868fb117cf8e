# Sourced by the scripts that start servers, Redis and workers of their own
# (the bench scripts): a scratch directory $work, removed at exit with every
# process whose PID is in pids stopped first, and free_port.
#
#	source "$(dirname "$0")/lib.sh"
work=$(mktemp -d)
pids=()
# stop_all stops the processes started so far, the last started first
# (workers and servers before the Redis they say goodbye to); a script
# that measures several settings in turn calls it between them.
stop_all() {
	for ((i = ${#pids[@]} - 1; i >= 0; i--)); do
		kill "${pids[i]}" 2>/dev/null || true
		wait "${pids[i]}" 2>/dev/null || true
	done
	pids=()
}
trap 'stop_all; rm -rf "$work"' EXIT
# free_port prints a loopback port nothing listens on now.
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
