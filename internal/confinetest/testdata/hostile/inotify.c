/* Takes every inotify instance it can, in four processes (one alone stops
   at its descriptor limit first), and holds them for three seconds while
   its game goes on, then exits with status 9. Where the server's root
   owned a bot's user namespace, these were root's: root's own
   inotify_init failed while the bot held them. The test probes root's
   meanwhile. */
#include <stdio.h>
#include <sys/inotify.h>
#include <sys/wait.h>
#include <unistd.h>

static int take(void) {
    int n = 0;
    while (inotify_init1(0) >= 0)
        n++;
    return n;
}

int main(void) {
    for (int i = 0; i < 3; i++) {
        if (fork() == 0) {
            fprintf(stderr, "a child holds %d\n", take());
            sleep(3);
            return 0;
        }
    }
    fprintf(stderr, "the parent holds %d\n", take());
    sleep(3);
    while (wait(NULL) > 0)
        ;
    return 9;
}
