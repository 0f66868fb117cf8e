# Tries to reach a listener on the host, then gives up.
import socket
import sys

try:
    socket.create_connection(("127.0.0.1", PORT), timeout=2)
    print("connected", file=sys.stderr)
except OSError as e:
    print("no network:", e, file=sys.stderr)
sys.exit(3)
