# Reads its colour, then sleeps instead of answering.
import sys
import time

sys.stdin.readline()
sys.stdin.readline()
time.sleep(10**9)
