/* A starter bot for Nine Men's Morris on gameai: it speaks Sanmill's engine
 * protocol (uci, isready, position, go, quit) and plays a legal greedy
 * move. Protocol: /protocol/morris on the server, docs/protocol/morris.md
 * in the repository. */
#include <stdio.h>
#include <string.h>

/* The 24 points, sorted; the 16 mills as indexes into them. Two points
 * are adjacent when they follow each other in a mill. */
static const char *points[24] = {"a1", "a4", "a7", "b2", "b4", "b6", "c3", "c4", "c5", "d1", "d2", "d3",
                                 "d5", "d6", "d7", "e3", "e4", "e5", "f2", "f4", "f6", "g1", "g4", "g7"};
static const char *mill_names[16] = {"a7 d7 g7", "b6 d6 f6", "c5 d5 e5", "a4 b4 c4", "e4 f4 g4", "c3 d3 e3",
                                     "b2 d2 f2", "a1 d1 g1", "a1 a4 a7", "b2 b4 b6", "c3 c4 c5", "d1 d2 d3",
                                     "d5 d6 d7", "e3 e4 e5", "f2 f4 f6", "g1 g4 g7"};
static int mills[16][3], adjacent[24][24];

static char board[24]; /* 'w', 'b' or 0 */
static char side;      /* to move; White first */
static int placed_w, placed_b, removing; /* removing: the side to move closed a mill */

static int point(const char *s) {
    for (int i = 0; i < 24; i++)
        if (strncmp(points[i], s, 2) == 0) return i;
    return -1;
}

static char other(char s) { return s == 'w' ? 'b' : 'w'; }

static int in_mill(int p, char s) {
    for (int m = 0; m < 16; m++)
        if ((mills[m][0] == p || mills[m][1] == p || mills[m][2] == p) &&
            board[mills[m][0]] == s && board[mills[m][1]] == s && board[mills[m][2]] == s)
            return 1;
    return 0;
}

static void play(const char *token) {
    if (token[0] == 'x') {
        board[point(token + 1)] = 0;
        removing = 0;
    } else {
        const char *dash = strchr(token, '-');
        int dst = point(dash ? dash + 1 : token);
        if (dash) board[point(token)] = 0;
        else if (side == 'w') placed_w++;
        else placed_b++;
        board[dst] = side;
        removing = in_mill(dst, side);
    }
    if (!removing) side = other(side);
}

/* A legal move: from (-1 for a placement or a removal), to, removal flag. */
typedef struct { int from, to, removes; } move;

static int moves(move *out) {
    int n = 0, mine = 0, free = 0;
    char them = other(side);
    for (int p = 0; p < 24; p++) {
        mine += board[p] == side;
        free += board[p] == them && !in_mill(p, them);
    }
    for (int p = 0; p < 24; p++) {
        if (removing) {
            if (board[p] == them && (!free || !in_mill(p, them))) out[n++] = (move){-1, p, 1};
        } else if ((side == 'w' ? placed_w : placed_b) < 9) {
            if (!board[p]) out[n++] = (move){-1, p, 0};
        } else if (board[p] == side) {
            for (int q = 0; q < 24; q++) /* three pieces fly */
                if (!board[q] && (mine == 3 || adjacent[p][q])) out[n++] = (move){p, q, 0};
        }
    }
    return n;
}

/* Whether s, moving m, closes a mill. */
static int closes_mill(move m, char s) {
    char was = m.from >= 0 ? board[m.from] : 0;
    if (m.from >= 0) board[m.from] = 0;
    board[m.to] = s;
    int closes = in_mill(m.to, s);
    board[m.to] = 0;
    if (m.from >= 0) board[m.from] = was;
    return closes;
}

static void best(char *out) {
    move all[24 * 24];
    int n = moves(all), pick = 0;
    if (n == 0) { strcpy(out, "none"); return; }
    for (int i = n - 1; i >= 0; i--) /* stand where the opponent would close a mill */
        if (!all[i].removes && closes_mill((move){-1, all[i].to, 0}, other(side))) pick = i;
    for (int i = n - 1; i >= 0; i--) /* better: close one */
        if (!all[i].removes && closes_mill(all[i], side)) pick = i;
    move m = all[pick];
    if (m.removes) sprintf(out, "x%s", points[m.to]);
    else if (m.from >= 0) sprintf(out, "%s-%s", points[m.from], points[m.to]);
    else strcpy(out, points[m.to]);
}

int main(void) {
    for (int m = 0; m < 16; m++) {
        for (int i = 0; i < 3; i++) mills[m][i] = point(mill_names[m] + 3 * i);
        adjacent[mills[m][0]][mills[m][1]] = adjacent[mills[m][1]][mills[m][0]] = 1;
        adjacent[mills[m][1]][mills[m][2]] = adjacent[mills[m][2]][mills[m][1]] = 1;
    }
    static char line[8192];
    char answer[16];
    while (fgets(line, sizeof line, stdin)) {
        char *word = strtok(line, " \t\r\n");
        if (!word) continue;
        if (strcmp(word, "uci") == 0) {
            printf("id name starter\nuciok\n");
            /* Standard error is yours: each game's first 64 KiB are kept for
               you on your bot's page; the referee never reads it. */
            fprintf(stderr, "starter: ready\n");
        } else if (strcmp(word, "isready") == 0) {
            printf("readyok\n");
        } else if (strcmp(word, "position") == 0) { /* position startpos [moves t1 t2 ...] */
            memset(board, 0, sizeof board);
            side = 'w', placed_w = placed_b = removing = 0;
            strtok(NULL, " \t\r\n"); /* startpos */
            strtok(NULL, " \t\r\n"); /* moves */
            for (char *t; (t = strtok(NULL, " \t\r\n"));) play(t);
        } else if (strcmp(word, "go") == 0) {
            best(answer);
            printf("bestmove %s\n", answer);
        } else if (strcmp(word, "quit") == 0) {
            return 0;
        }
        fflush(stdout);
    }
    return 0;
}
