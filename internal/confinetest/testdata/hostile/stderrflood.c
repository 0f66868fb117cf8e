/* Writes 10 MB on standard error, then plays nothing. */
#include <string.h>
#include <unistd.h>
int main(void) {
    char buf[65536];
    memset(buf, 'e', sizeof buf);
    for (int i = 0; i < 160; i++) write(2, buf, sizeof buf);
    return 0;
}
