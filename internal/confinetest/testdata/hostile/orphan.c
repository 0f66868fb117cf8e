/* Leaves a grandchild running in a session of its own, then answers
   Nil (illegal while it can move) and reads on. */
#include <stdio.h>
#include <unistd.h>
int main(void) {
    if (fork() == 0) {
        setsid();
        if (fork() == 0) {
            for (;;) pause();
        }
        return 0;
    }
    puts("Nil");
    fflush(stdout);
    char line[256];
    while (fgets(line, sizeof line, stdin)) {}
    return 0;
}
