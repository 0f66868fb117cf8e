// A starter bot for Less (CodeCup 2017) on gameai: it reads the protocol
// and plays a legal greedy turn. Protocol: /protocol/less on the server,
// docs/protocol/less.md in the repository.
#include <algorithm>
#include <array>
#include <cstdlib>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

namespace {

const std::array<std::string, 4> colours = {"Yellow", "Black", "White", "Red"};
// Each colour's pieces start in one 2x2 corner and go to the opposite one:
// the corner's first row and column (rows a..h are 0..7 from the top,
// columns 1..8 are 0..7 from the left).
const int start[4][2] = {{6, 0}, {0, 0}, {6, 6}, {0, 6}};
const int target[4][2] = {{0, 6}, {6, 6}, {0, 0}, {6, 0}};
const int steps[4][2] = {{-1, 0}, {0, 1}, {1, 0}, {0, -1}};

int right[8][8], down[8][8];  // walls east of (r,c), and south of it
int board[8][8];              // the player on a square, -1 when empty

struct Move {
    int r, c, r2, c2, cost;
};

std::string readLine() {
    std::string line;
    if (!std::getline(std::cin, line)) std::exit(0);
    while (!line.empty() && (line.back() == '\r' || line.back() == ' ')) line.pop_back();
    if (line == "Quit") std::exit(0);
    return line;
}

int walls(int r, int c, int dr, int dc) {
    if (dr == 0) return right[r][std::min(c, c + dc)];
    return down[std::min(r, r + dr)][c];
}

bool inside(int r, int c) { return r >= 0 && r < 8 && c >= 0 && c < 8; }

bool home(int pl) {
    for (int r = 0; r < 8; r++)
        for (int c = 0; c < 8; c++)
            if (board[r][c] == pl && (r < target[pl][0] || r > target[pl][0] + 1 ||
                                      c < target[pl][1] || c > target[pl][1] + 1))
                return false;
    return true;
}

// The steps to pl's target corner, walls and pieces aside.
int distance(int pl, int r, int c) {
    int tr = target[pl][0], tc = target[pl][1];
    return std::max({tr - r, 0, r - tr - 1}) + std::max({tc - c, 0, c - tc - 1});
}

// pl's legal moves costing at most points.
std::vector<Move> moves(int pl, int points) {
    std::vector<Move> out;
    for (int r = 0; r < 8; r++)
        for (int c = 0; c < 8; c++) {
            if (board[r][c] != pl) continue;
            for (auto &d : steps) {
                int r1 = r + d[0], c1 = c + d[1];
                if (!inside(r1, c1)) continue;
                int w = walls(r, c, d[0], d[1]);
                if (board[r1][c1] < 0) {
                    if (1 + w <= points) out.push_back({r, c, r1, c1, 1 + w});
                    continue;
                }
                int r2 = r1 + d[0], c2 = c1 + d[1];  // a jump over the piece on (r1,c1)
                if (inside(r2, c2) && board[r2][c2] < 0 && w == 0 && walls(r1, c1, d[0], d[1]) == 0)
                    out.push_back({r, c, r2, c2, 1});
            }
        }
    return out;
}

void play(const Move &m) {
    board[m.r2][m.c2] = board[m.r][m.c];
    board[m.r][m.c] = -1;
}

std::string square(int r, int c) { return std::string(1, char('a' + r)) + char('1' + c); }

// Up to three moves, each the one that gains most towards home.
std::string myTurn(int me) {
    int mover = home(me) ? (me + 2) % 4 : me;
    if (home(mover)) return "Nil";  // the team is home: its turns pass
    std::string action;
    for (int points = 3; points > 0 && !home(mover);) {
        const Move *best = nullptr;
        double gain = 0;
        auto all = moves(mover, points);
        for (auto &m : all) {
            double g = double(distance(mover, m.r, m.c) - distance(mover, m.r2, m.c2)) / m.cost;
            if ((!best && action.empty()) || g > gain) best = &m, gain = g;
        }
        if (!best) break;
        play(*best);
        action += (action.empty() ? "" : ":") + square(best->r, best->c) + square(best->r2, best->c2);
        points -= best->cost;
        if (gain <= 0) break;  // no move gains: end the turn rather than walk back
    }
    return action.empty() ? "Nil" : action;
}

void apply(const std::string &action) {
    if (action == "Nil") return;
    std::stringstream ss(action);
    std::string m;
    while (std::getline(ss, m, ':')) play({m[0] - 'a', m[1] - '1', m[2] - 'a', m[3] - '1', 0});
}

}  // namespace

int main() {
    std::string layout = readLine();
    for (int r = 0, i = 0; r < 8; r++) {
        for (int c = 0; c < 7; c++) right[r][c] = layout[i++] - '0';
        for (int c = 0; r < 7 && c < 8; c++) down[r][c] = layout[i++] - '0';
    }
    int me = int(std::find(colours.begin(), colours.end(), readLine()) - colours.begin());
    // Standard error is yours: each game's first 64 KiB are kept for you on
    // your bot's page; the referee never reads it.
    std::cerr << "starter: playing " << colours[me] << std::endl;
    for (auto &row : board) std::fill(std::begin(row), std::end(row), -1);
    for (int pl = 0; pl < 4; pl++)
        for (int r = start[pl][0]; r < start[pl][0] + 2; r++)
            for (int c = start[pl][1]; c < start[pl][1] + 2; c++) board[r][c] = pl;
    for (int turn = 0;; turn++) {
        if (turn % 4 == me)
            std::cout << myTurn(me) << std::endl;  // endl flushes: the referee waits for it
        else
            apply(readLine());
    }
}
