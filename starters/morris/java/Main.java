// A starter bot for Nine Men's Morris on gameai: it speaks Sanmill's engine
// protocol (uci, isready, position, go, quit) and plays a legal greedy move.
// Protocol: /protocol/morris on the server, docs/protocol/morris.md in the
// repository.
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

public class Main {
    // The 16 mills; two points are adjacent when they follow each other in one.
    static final String[][] MILLS = {
        {"a7", "d7", "g7"}, {"b6", "d6", "f6"}, {"c5", "d5", "e5"}, {"a4", "b4", "c4"},
        {"e4", "f4", "g4"}, {"c3", "d3", "e3"}, {"b2", "d2", "f2"}, {"a1", "d1", "g1"},
        {"a1", "a4", "a7"}, {"b2", "b4", "b6"}, {"c3", "c4", "c5"}, {"d1", "d2", "d3"},
        {"d5", "d6", "d7"}, {"e3", "e4", "e5"}, {"f2", "f4", "f6"}, {"g1", "g4", "g7"}};
    static final Map<String, Set<String>> NEXT = new TreeMap<>(); // each point's neighbours; its keys the 24 points, sorted

    static {
        for (String[] m : MILLS)
            for (int i = 0; i < 3; i++) {
                NEXT.computeIfAbsent(m[i], k -> new TreeSet<>());
                if (i > 0) {
                    NEXT.get(m[i]).add(m[i - 1]);
                    NEXT.get(m[i - 1]).add(m[i]);
                }
            }
    }

    static char other(char side) { return side == 'w' ? 'b' : 'w'; }

    // The position after the moves the referee sent.
    static class Game {
        Map<String, Character> board = new HashMap<>(); // point -> 'w' or 'b'
        char side = 'w'; // to move; White first
        int[] placed = new int[2];
        boolean removing; // the side to move closed a mill: it removes next

        boolean inMill(String p, char s) {
            for (String[] m : MILLS)
                if (Arrays.asList(m).contains(p) && Arrays.stream(m).allMatch(q -> board.get(q) != null && board.get(q) == s))
                    return true;
            return false;
        }

        void play(String token) {
            if (token.startsWith("x")) {
                board.remove(token.substring(1));
                removing = false;
            } else {
                String dst = token;
                int dash = token.indexOf('-');
                if (dash >= 0) {
                    board.remove(token.substring(0, dash));
                    dst = token.substring(dash + 1);
                } else {
                    placed[side == 'w' ? 0 : 1]++;
                }
                board.put(dst, side);
                removing = inMill(dst, side);
            }
            if (!removing) side = other(side);
        }

        // Every legal token for the side to move.
        List<String> moves() {
            char them = other(side);
            List<String> empty = new ArrayList<>(), mine = new ArrayList<>(), theirs = new ArrayList<>(),
                    free = new ArrayList<>(), out = new ArrayList<>();
            for (String p : NEXT.keySet()) {
                Character s = board.get(p);
                if (s == null) empty.add(p);
                else if (s == side) mine.add(p);
                else {
                    theirs.add(p);
                    if (!inMill(p, them)) free.add(p);
                }
            }
            if (removing) {
                for (String p : free.isEmpty() ? theirs : free) out.add("x" + p);
            } else if (placed[side == 'w' ? 0 : 1] < 9) {
                out = empty;
            } else {
                for (String a : mine)
                    for (String b : empty) // three pieces fly
                        if (mine.size() == 3 || NEXT.get(a).contains(b)) out.add(a + "-" + b);
            }
            return out;
        }

        // Whether s, moving to token's destination, closes a mill.
        boolean closesMill(String token, char s) {
            Map<String, Character> saved = new HashMap<>(board);
            String[] parts = token.split("-");
            if (parts.length == 2) board.remove(parts[0]);
            String dst = parts[parts.length - 1];
            board.put(dst, s);
            boolean closes = inMill(dst, s);
            board = saved;
            return closes;
        }

        String best() {
            List<String> all = moves();
            if (all.isEmpty()) return "none";
            for (String m : all) // close a mill
                if (!m.startsWith("x") && closesMill(m, side)) return m;
            for (String m : all) // stand where the opponent would close one
                if (!m.startsWith("x") && closesMill(m.substring(m.indexOf('-') + 1), other(side))) return m;
            return all.get(0);
        }
    }

    public static void main(String[] args) throws IOException {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        Game game = new Game();
        for (String line; (line = in.readLine()) != null;) {
            String[] words = line.trim().split("\\s+");
            switch (words[0]) {
                case "uci" -> {
                    System.out.println("id name starter\nuciok");
                    // Standard error is yours: each game's first 64 KiB are kept
                    // for you on your bot's page; the referee never reads it.
                    System.err.println("starter: ready");
                }
                case "isready" -> System.out.println("readyok");
                case "position" -> { // position startpos [moves t1 t2 ...]
                    game = new Game();
                    for (int i = 3; i < words.length; i++) game.play(words[i]);
                }
                case "go" -> System.out.println("bestmove " + game.best()); // println flushes
                case "quit" -> System.exit(0);
                default -> {}
            }
        }
    }
}
