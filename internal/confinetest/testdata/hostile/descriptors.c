/* Reads and writes every descriptor past its three streams (3-1023), as a
   bot would that hopes the server inherited a secret or a log and hands it
   on. What it read becomes its action; with no descriptor past 2 open it
   exits with status 4. */
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int main(void) {
    char got[256] = "";
    int open = 0;
    for (int fd = 3; fd < 1024; fd++) {
        struct stat st;
        if (fstat(fd, &st) != 0) continue;
        open++;
        fprintf(stderr, "descriptor %d is open\n", fd);
        /* An inherited pipe would block a plain read. */
        fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK);
        char buf[128];
        ssize_t n = read(fd, buf, sizeof buf - 1);
        if (n > 0 && got[0] == 0) {
            buf[n] = 0;
            buf[strcspn(buf, "\n")] = 0;
            snprintf(got, sizeof got, "%s", buf);
        }
        if (write(fd, "escaped\n", 8) == 8) fprintf(stderr, "wrote descriptor %d\n", fd);
    }
    if (got[0]) {
        printf("%s\n", got);
        fflush(stdout);
    }
    return open ? 1 : 4;
}
