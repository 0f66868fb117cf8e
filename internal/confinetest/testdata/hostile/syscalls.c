/* Tries the calls a confined program must not reach, each reported on its
   standard error: a user namespace (where it would hold every capability),
   mount, raw and netlink sockets, io_uring, bpf and perf_event_open. The
   filter answers each with EPERM; exits with status 5 when every one was,
   6 when any was let through. */
#define _GNU_SOURCE
#include <errno.h>
#include <linux/netlink.h>
#include <netinet/in.h>
#include <sched.h>
#include <stdio.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <unistd.h>

static int through;

static void report(const char *what, long r) {
    int e = errno;
    if (r >= 0 || e != EPERM) {
        through++;
        fprintf(stderr, "%s: let through (%s)\n", what, r >= 0 ? "it worked" : strerror(e));
    } else {
        fprintf(stderr, "%s: refused\n", what);
    }
}

int main(void) {
    static char buf[256];
    report("unshare(CLONE_NEWUSER)", unshare(CLONE_NEWUSER));
    report("mount(tmpfs)", mount("none", "/tmp", "tmpfs", 0, NULL));
    report("socket(AF_INET, SOCK_RAW)", socket(AF_INET, SOCK_RAW, IPPROTO_ICMP));
    report("socket(AF_NETLINK)", socket(AF_NETLINK, SOCK_RAW, NETLINK_ROUTE));
    report("io_uring_setup", syscall(__NR_io_uring_setup, 1, buf));
    report("bpf", syscall(__NR_bpf, 0, buf, 72));
    report("perf_event_open", syscall(__NR_perf_event_open, buf, 0, -1, -1, 0));
    return through ? 6 : 5;
}
