/* A legal Less bot in C, and in C++ (it is both), for the admission
   tests: each turn it steps one piece (its own, or its teammate's once its
   own are home) to the empty neighbour that brings it nearest its target
   corner. */
#include <stdio.h>
#include <string.h>

static int owner[64];            /* the player on a square, or -1 */
static int walls[64][64];
static const int start[4][2] = {{6, 0}, {0, 0}, {6, 6}, {0, 6}};
static const int target[4][2] = {{0, 6}, {6, 6}, {0, 0}, {6, 0}};

static int max3(int a, int b, int c) { int m = a > b ? a : b; return m > c ? m : c; }

static int distance(int s, int p) {
    int r = s / 8, c = s % 8, r0 = target[p][0], c0 = target[p][1];
    return max3(0, r0 - r, r - r0 - 1) + max3(0, c0 - c, c - c0 - 1);
}

static int home(int p) {
    for (int s = 0; s < 64; s++)
        if (owner[s] == p && distance(s, p) != 0) return 0;
    return 1;
}

static void apply(const char *a) {
    if (strncmp(a, "Nil", 3) == 0) return;
    for (const char *m = a; strlen(m) >= 4; m += 5) {
        int f = (m[0] - 'a') * 8 + m[1] - '1', t = (m[2] - 'a') * 8 + m[3] - '1';
        owner[t] = owner[f];
        owner[f] = -1;
        if (m[4] != ':') break;
    }
}

static void choose(int me, char *out) {
    int mate = (me + 2) % 4, p = home(me) ? mate : me, best = -100, bf = -1, bt = -1;
    if (home(me) && home(mate)) { strcpy(out, "Nil"); return; }
    const int d[4] = {-8, 8, -1, 1};
    for (int s = 0; s < 64; s++) {
        if (owner[s] != p) continue;
        for (int k = 0; k < 4; k++) {
            int t = s + d[k];
            if (t < 0 || t >= 64 || (k >= 2 && t / 8 != s / 8)) continue;
            if (owner[t] >= 0 || 1 + walls[s][t] > 3) continue;
            int gain = distance(s, p) - distance(t, p);
            if (gain > best) { best = gain; bf = s; bt = t; }
        }
    }
    if (bf < 0) { strcpy(out, "Nil"); return; }
    sprintf(out, "%c%c%c%c", 'a' + bf / 8, '1' + bf % 8, 'a' + bt / 8, '1' + bt % 8);
}

int main(void) {
    char layout[256], colour[64], line[256];
    const char *names[4] = {"Yellow", "Black", "White", "Red"};
    if (!fgets(layout, sizeof layout, stdin) || !fgets(colour, sizeof colour, stdin)) return 1;
    int me = 0;
    for (int p = 0; p < 4; p++)
        if (strncmp(colour, names[p], strlen(names[p])) == 0) me = p;
    int i = 0;
    for (int r = 0; r < 8; r++) {
        for (int c = 0; c < 7; c++, i++) { int a = r * 8 + c; walls[a][a + 1] = walls[a + 1][a] = layout[i] - '0'; }
        if (r < 7)
            for (int c = 0; c < 8; c++, i++) { int a = r * 8 + c; walls[a][a + 8] = walls[a + 8][a] = layout[i] - '0'; }
    }
    memset(owner, -1, sizeof owner);
    for (int p = 0; p < 4; p++)
        for (int k = 0; k < 4; k++) owner[(start[p][0] + k / 2) * 8 + start[p][1] + k % 2] = p;
    for (int turn = 0;; turn++) {
        if (turn % 4 == me) {
            choose(me, line);
            apply(line);
            printf("%s\n", line);
            fflush(stdout);
        } else {
            if (!fgets(line, sizeof line, stdin) || strncmp(line, "Quit", 4) == 0) return 0;
            apply(line);
        }
    }
}
