/* Writes a 10 MB line with no newline. */
#include <string.h>
#include <unistd.h>
int main(void) {
    char buf[65536];
    memset(buf, 'a', sizeof buf);
    for (int i = 0; i < 160; i++) write(1, buf, sizeof buf);
    for (;;) pause();
}
