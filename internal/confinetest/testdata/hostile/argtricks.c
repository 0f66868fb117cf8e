/* The syscall filter's argument checks, tried as an attacker who has read
   how filters are assembled: arguments whose high word holds another
   call's number (an assembler that leaves an argument in its accumulator
   judges the call as that one), against personality's values, clone's
   flags and socket's family. Each is reported on its standard error.
   Docker's profile refuses the tricks with EPERM and allows the query
   personality(0xffffffff) and personality(0) (PER_LINUX); exits with
   status 7 when every answer is Docker's, 8 when any is not. */
#define _GNU_SOURCE
#include <errno.h>
#include <sched.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <unistd.h>

static int wrong;

static void refused(const char *what, long r) {
    int e = errno;
    if (r >= 0 || e != EPERM) {
        wrong++;
        fprintf(stderr, "%s: let through (%s)\n", what, r >= 0 ? "it worked" : strerror(e));
    } else {
        fprintf(stderr, "%s: refused\n", what);
    }
}

static void allowed(const char *what, long r) {
    if (r < 0) {
        wrong++;
        fprintf(stderr, "%s: refused (%s), Docker allows it\n", what, strerror(errno));
    } else {
        fprintf(stderr, "%s: allowed\n", what);
    }
}

int main(void) {
    /* High words: arch_prctl, clone, socket, personality, and all ones. */
    unsigned long highs[] = {SYS_arch_prctl, SYS_clone, SYS_socket, SYS_personality, 0xffffffffUL};
    char what[96];
    for (unsigned i = 0; i < sizeof highs / sizeof highs[0]; i++) {
        unsigned long hi = highs[i] << 32;
        /* READ_IMPLIES_EXEC | ADDR_NO_RANDOMIZE: executable heap, no ASLR. */
        snprintf(what, sizeof what, "personality(%#lx)", hi | 0x440000);
        refused(what, syscall(SYS_personality, hi | 0x440000UL));
        /* A new user namespace; with CLONE_FS the kernel refuses it
           (EINVAL) if the filter lets it through, so no child is made. */
        snprintf(what, sizeof what, "clone(%#lx)", hi | CLONE_NEWUSER | CLONE_FS);
        refused(what, syscall(SYS_clone, hi | CLONE_NEWUSER | CLONE_FS, 0, 0, 0, 0));
        /* The kernel reads an int: the family is AF_INET. */
        snprintf(what, sizeof what, "socket(%#lx, SOCK_STREAM)", hi | AF_INET);
        refused(what, syscall(SYS_socket, hi | AF_INET, SOCK_STREAM, 0));
    }
    refused("personality(0x400000)", syscall(SYS_personality, 0x400000UL));
    allowed("personality(0xffffffff)", syscall(SYS_personality, 0xffffffffUL));
    allowed("personality(0)", syscall(SYS_personality, 0UL));
    return wrong ? 8 : 7;
}
