/* Closes its standard output and waits. */
#include <unistd.h>
int main(void) {
    close(1);
    for (;;) pause();
}
