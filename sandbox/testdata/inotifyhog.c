/* Takes every inotify instance it can, in four processes (one process
   alone would stop at its descriptor limit first), prints "held N" with
   the number all four hold, and holds them until killed. */
#include <stdio.h>
#include <sys/inotify.h>
#include <unistd.h>

static int take(void) {
    int n = 0;
    while (inotify_init1(0) >= 0)
        n++;
    return n;
}

int main(void) {
    int p[2];
    if (pipe(p) != 0)
        return 2;
    for (int i = 0; i < 3; i++) {
        if (fork() == 0) {
            int n = take();
            if (write(p[1], &n, sizeof n) != sizeof n)
                return 3;
            pause();
            return 0;
        }
    }
    int total = take();
    for (int i = 0; i < 3; i++) {
        int n;
        if (read(p[0], &n, sizeof n) != sizeof n)
            return 4;
        total += n;
    }
    printf("held %d\n", total);
    fflush(stdout);
    pause();
    return 0;
}
