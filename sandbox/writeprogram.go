package sandbox

import (
	"os"
	"syscall"
)

// WriteProgram writes a file that boxes will run, holding off every fork
// of this process until it is closed. A child forked meanwhile (for
// another box, or any command) inherits the descriptor open for writing
// and keeps it until its own execve, and a start of the program in that
// moment fails with "text file busy" (golang.org/issue/22315; Start's
// busy tries cover the writers this cannot, other processes). Starts
// wait for the write: to the page cache here an uploaded binary (at most
// 8 MiB) takes 2-6 ms, a build's largest output (64 MiB) some 14 ms.
func WriteProgram(name string, data []byte, perm os.FileMode) error {
	syscall.ForkLock.RLock()
	defer syscall.ForkLock.RUnlock()
	return os.WriteFile(name, data, perm)
}
