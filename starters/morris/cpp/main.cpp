// A starter bot for Nine Men's Morris on gameai: it speaks Sanmill's engine
// protocol (uci, isready, position, go, quit) and plays a legal greedy move.
// Protocol: /protocol/morris on the server, docs/protocol/morris.md in the
// repository.
#include <algorithm>
#include <iostream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

namespace {

// The 16 mills; two points are adjacent when they follow each other in one.
const std::vector<std::vector<std::string>> mills = {
    {"a7", "d7", "g7"}, {"b6", "d6", "f6"}, {"c5", "d5", "e5"}, {"a4", "b4", "c4"},
    {"e4", "f4", "g4"}, {"c3", "d3", "e3"}, {"b2", "d2", "f2"}, {"a1", "d1", "g1"},
    {"a1", "a4", "a7"}, {"b2", "b4", "b6"}, {"c3", "c4", "c5"}, {"d1", "d2", "d3"},
    {"d5", "d6", "d7"}, {"e3", "e4", "e5"}, {"f2", "f4", "f6"}, {"g1", "g4", "g7"}};
std::set<std::string> points;                        // the 24 points, sorted
std::map<std::string, std::set<std::string>> next;  // each point's neighbours

char other(char side) { return side == 'w' ? 'b' : 'w'; }

// The position after the moves the referee sent.
struct Game {
    std::map<std::string, char> board;  // point -> 'w' or 'b'
    char side = 'w';                    // to move; White first
    std::map<char, int> placed;
    bool removing = false;  // the side to move closed a mill: it removes next

    char at(const std::string &p) const {
        auto it = board.find(p);
        return it == board.end() ? 0 : it->second;
    }

    bool inMill(const std::string &p, char s) const {
        for (auto &m : mills)
            if (std::find(m.begin(), m.end(), p) != m.end() && at(m[0]) == s && at(m[1]) == s && at(m[2]) == s)
                return true;
        return false;
    }

    void play(const std::string &token) {
        if (token[0] == 'x') {
            board.erase(token.substr(1));
            removing = false;
        } else {
            auto dash = token.find('-');
            std::string dst = token;
            if (dash != std::string::npos) {
                board.erase(token.substr(0, dash));
                dst = token.substr(dash + 1);
            } else {
                placed[side]++;
            }
            board[dst] = side;
            removing = inMill(dst, side);
        }
        if (!removing) side = other(side);
    }

    // Every legal token for the side to move.
    std::vector<std::string> moves() const {
        char them = other(side);
        std::vector<std::string> empty, mine, theirs, free, out;
        for (auto &p : points) {
            char s = at(p);
            if (!s) empty.push_back(p);
            if (s == side) mine.push_back(p);
            if (s == them) {
                theirs.push_back(p);
                if (!inMill(p, them)) free.push_back(p);
            }
        }
        if (removing) {
            for (auto &p : free.empty() ? theirs : free) out.push_back("x" + p);
        } else if (placed.count(side) == 0 || placed.at(side) < 9) {
            out = empty;
        } else {
            for (auto &a : mine)
                for (auto &b : points)  // three pieces fly
                    if (!at(b) && (mine.size() == 3 || next.at(a).count(b))) out.push_back(a + "-" + b);
        }
        return out;
    }

    // Whether s, moving to token's destination, closes a mill.
    bool closesMill(const std::string &token, char s) const {
        Game g = *this;
        auto dash = token.find('-');
        std::string dst = token;
        if (dash != std::string::npos) {
            g.board.erase(token.substr(0, dash));
            dst = token.substr(dash + 1);
        }
        g.board[dst] = s;
        return g.inMill(dst, s);
    }

    std::string best() const {
        auto all = moves();
        if (all.empty()) return "none";
        for (auto &m : all)  // close a mill
            if (m[0] != 'x' && closesMill(m, side)) return m;
        for (auto &m : all)  // stand where the opponent would close one
            if (m[0] != 'x' && closesMill(m.substr(m.find('-') + 1), other(side))) return m;
        return all[0];
    }
};

}  // namespace

int main() {
    for (auto &m : mills)
        for (size_t i = 0; i < 3; i++) {
            points.insert(m[i]);
            if (i > 0) next[m[i]].insert(m[i - 1]), next[m[i - 1]].insert(m[i]);
        }
    Game game;
    std::string line;
    while (std::getline(std::cin, line)) {
        std::istringstream words(line);
        std::string word;
        if (!(words >> word)) continue;
        if (word == "uci") {
            std::cout << "id name starter\nuciok" << std::endl;
            // Standard error is yours: each game's first 64 KiB are kept for
            // you on your bot's page; the referee never reads it.
            std::cerr << "starter: ready" << std::endl;
        } else if (word == "isready") {
            std::cout << "readyok" << std::endl;
        } else if (word == "position") {  // position startpos [moves t1 t2 ...]
            game = Game();
            std::string skip, token;
            words >> skip >> skip;
            while (words >> token) game.play(token);
        } else if (word == "go") {
            std::cout << "bestmove " << game.best() << std::endl;  // endl flushes
        } else if (word == "quit") {
            return 0;
        }
    }
}
