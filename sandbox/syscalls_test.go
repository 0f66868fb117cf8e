//go:build linux

package sandbox

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"golang.org/x/sys/unix"
)

// TestOnlyItsThreeStreams: descriptors the server holds without
// close-on-exec (as it inherits them from a shell's "7<secret 8>>log", a
// supervisor, socket activation) do not reach a confined program, which
// has exactly 0, 1 and 2.
func TestOnlyItsThreeStreams(t *testing.T) {
	s := forTest(t)
	dir := t.TempDir()
	secret, log := filepath.Join(dir, "secret"), filepath.Join(dir, "log")
	if err := os.WriteFile(secret, []byte("planted-91c4\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	// Opened the way an inherited descriptor is: without O_CLOEXEC.
	rfd, err := unix.Open(secret, unix.O_RDONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer unix.Close(rfd)
	wfd, err := unix.Open(log, unix.O_WRONLY|unix.O_CREAT|unix.O_APPEND, 0o666)
	if err != nil {
		t.Fatal(err)
	}
	defer unix.Close(wfd)
	probe := `import os
for fd in range(3, 1024):
    try:
        os.fstat(fd)
    except OSError:
        continue
    got = b""
    try:
        got = os.read(fd, 100)
    except OSError:
        pass
    try:
        os.write(fd, b"escaped\n")
    except OSError:
        pass
    print("open", fd, got)
print("done")`
	out, e := run(t, s, Spec{Argv: []string{"/usr/bin/python3", "-c", probe}, Limits: small})
	if !e.OK() || !strings.HasSuffix(out, "done\n") {
		t.Fatalf("%v: %q", e, out)
	}
	if strings.Contains(out, "open") {
		t.Errorf("descriptors past 2 reached the program:\n%s", out)
	}
	if b, _ := os.ReadFile(log); len(b) > 0 {
		t.Errorf("the program wrote the server's log: %q", b)
	}
}

// TestTheKernelsSurfaceIsFiltered: the calls a bot could reach the
// kernel's rarer code through are refused with EPERM (clone3 with ENOSYS,
// so the C library falls back to clone), whatever their arguments; what
// the runtimes need still works (threads, fork and exec, a socket pair).
// The clone asks a new user namespace with CLONE_FS, which the kernel
// refuses (EINVAL) when the filter lets it through, and clone3 a size too
// small: no child is made either way.
func TestTheKernelsSurfaceIsFiltered(t *testing.T) {
	if runtime.GOARCH != "amd64" {
		t.Skip("the probe names x86-64's syscall numbers")
	}
	s := forTest(t)
	probe := `import ctypes, errno, os, socket, subprocess, threading
libc = ctypes.CDLL(None, use_errno=True)
buf = ctypes.create_string_buffer(256)
p = ctypes.addressof(buf)
def call(name, nr, *args):
    ctypes.set_errno(0)
    r = libc.syscall(ctypes.c_long(nr), *[ctypes.c_long(a) for a in args])
    e = ctypes.get_errno()
    print(name, "allowed" if r >= 0 else errno.errorcode.get(e, str(e)))
call("unshare-user", 272, 0x10000000)
call("unshare-net", 272, 0x40000000)
call("clone-newuser", 56, 0x10000000 | 0x200, 0, 0, 0, 0)
call("clone3", 435, p, 1)
call("setns", 308, 0, 0)
call("mount", 165, p, p, p, 0, 0)
call("umount2", 166, p, 0)
call("pivot_root", 155, p, p)
call("ptrace", 101, 0, 0, 0, 0)
call("process_vm_readv", 310, os.getpid(), p, 1, p, 1, 0)
call("bpf", 321, 0, p, 72)
call("perf_event_open", 298, p, 0, -1, -1, 0)
call("io_uring_setup", 425, 1, p)
call("keyctl", 250, 0, 0)
call("add_key", 248, p, p, 0, 0, 0)
call("userfaultfd", 323, 0)
call("init_module", 175, p, 0, p)
call("finit_module", 313, 0, p, 0)
call("kexec_load", 246, 0, 0, 0, 0)
call("socket-raw", 41, socket.AF_INET, socket.SOCK_RAW, 1)
call("socket-packet", 41, 17, socket.SOCK_RAW, 0)
call("socket-netlink", 41, socket.AF_NETLINK, socket.SOCK_RAW, 0)
call("socket-inet", 41, socket.AF_INET, socket.SOCK_STREAM, 0)
a, b = socket.socketpair()
a.send(b"x")
t = threading.Thread(target=lambda: None)
t.start()
t.join()
print("works", b.recv(1).decode(), subprocess.run(["/bin/echo", "exec"], capture_output=True).stdout.decode().strip())`
	out, e := run(t, s, Spec{Argv: []string{"/usr/bin/python3", "-u", "-c", probe}, Env: []string{"PATH=/usr/bin:/bin"}, Limits: small})
	if !e.OK() {
		t.Fatalf("%v: %q", e, out)
	}
	got := map[string]string{}
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		if f := strings.Fields(line); len(f) >= 2 {
			got[f[0]] = strings.Join(f[1:], " ")
		}
	}
	for _, name := range []string{"unshare-user", "unshare-net", "clone-newuser", "setns", "mount", "umount2", "pivot_root", "ptrace", "process_vm_readv",
		"bpf", "perf_event_open", "io_uring_setup", "keyctl", "add_key", "userfaultfd", "init_module", "finit_module", "kexec_load",
		"socket-raw", "socket-packet", "socket-netlink", "socket-inet"} {
		if got[name] != "EPERM" {
			t.Errorf("%s: %q, want EPERM", name, got[name])
		}
	}
	if got["clone3"] != "ENOSYS" {
		t.Errorf("clone3: %q, want ENOSYS (the C library falls back to clone only then)", got["clone3"])
	}
	if got["works"] != "x exec" {
		t.Errorf("a socket pair, a thread, fork and exec: %q\n%s", got["works"], out)
	}
}
