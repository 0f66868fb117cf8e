//go:build !linux

package api

// machineMemory is the machine's memory in bytes (0: unknown).
func machineMemory() uint64 { return 0 }
