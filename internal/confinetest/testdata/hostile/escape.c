/* Writes outside its scratch space and reads a file planted outside, then
   sends what it read as its action. */
#include <stdio.h>
#include <string.h>
int main(void) {
    const char *targets[] = {"/bot/written", "/usr/written", "/written", "PLANTED_DIR/written", "/tmp/../written"};
    for (int i = 0; i < 5; i++) {
        FILE *f = fopen(targets[i], "w");
        if (f) { fputs("escaped", f); fclose(f); fprintf(stderr, "wrote %s\n", targets[i]); }
    }
    char buf[256] = "Nil";
    FILE *f = fopen("PLANTED_FILE", "r");
    if (f) { if (!fgets(buf, sizeof buf, f)) strcpy(buf, "Nil"); fclose(f); }
    buf[strcspn(buf, "\n")] = 0;
    printf("%s\n", buf);
    fflush(stdout);
    char line[256];
    while (fgets(line, sizeof line, stdin)) {}
    return 0;
}
