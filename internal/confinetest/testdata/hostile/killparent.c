/* Signals its parent, its process group and everything it can see. */
#include <signal.h>
#include <stdio.h>
#include <unistd.h>
int main(void) {
    kill(getppid(), SIGKILL);
    kill(-1, SIGTERM);
    kill(1, SIGKILL);
    puts("Nil");
    return 0;
}
