# Reads the layout and its colour and answers a move no piece can make.
import sys

sys.stdin.readline()
sys.stdin.readline()
print("a1a1", flush=True)
for line in sys.stdin:
    pass
