package api

import "syscall"

// machineMemory is the machine's memory in bytes (0: unknown).
func machineMemory() uint64 {
	var si syscall.Sysinfo_t
	if syscall.Sysinfo(&si) != nil {
		return 0
	}
	return uint64(si.Totalram) * uint64(si.Unit)
}
