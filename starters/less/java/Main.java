// A starter bot for Less (CodeCup 2017) on gameai: it reads the protocol
// and plays a legal greedy turn. Protocol: /protocol/less on the server,
// docs/protocol/less.md in the repository.
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.util.ArrayList;
import java.util.List;

public class Main {
    static final String[] COLOURS = {"Yellow", "Black", "White", "Red"};
    // Each colour's pieces start in one 2x2 corner and go to the opposite one:
    // the corner's first row and column (rows a..h are 0..7 from the top,
    // columns 1..8 are 0..7 from the left).
    static final int[][] START = {{6, 0}, {0, 0}, {6, 6}, {0, 6}};
    static final int[][] TARGET = {{0, 6}, {6, 6}, {0, 0}, {6, 0}};
    static final int[][] STEPS = {{-1, 0}, {0, 1}, {1, 0}, {0, -1}};

    static final int[][] right = new int[8][8], down = new int[8][8]; // walls east of (r,c), and south of it
    static final int[][] board = new int[8][8]; // the player on a square, -1 when empty
    static final BufferedReader in = new BufferedReader(new InputStreamReader(System.in));

    record Move(int r, int c, int r2, int c2, int cost) {}

    static String read() throws IOException {
        String line = in.readLine();
        if (line == null || line.trim().equals("Quit")) System.exit(0);
        return line.trim();
    }

    static int walls(int r, int c, int dr, int dc) {
        return dr == 0 ? right[r][Math.min(c, c + dc)] : down[Math.min(r, r + dr)][c];
    }

    static boolean inside(int r, int c) { return r >= 0 && r < 8 && c >= 0 && c < 8; }

    static boolean home(int pl) {
        int tr = TARGET[pl][0], tc = TARGET[pl][1];
        for (int r = 0; r < 8; r++)
            for (int c = 0; c < 8; c++)
                if (board[r][c] == pl && (r < tr || r > tr + 1 || c < tc || c > tc + 1)) return false;
        return true;
    }

    // The steps to pl's target corner, walls and pieces aside.
    static int distance(int pl, int r, int c) {
        int tr = TARGET[pl][0], tc = TARGET[pl][1];
        return Math.max(Math.max(tr - r, 0), r - tr - 1) + Math.max(Math.max(tc - c, 0), c - tc - 1);
    }

    // pl's legal moves costing at most points.
    static List<Move> moves(int pl, int points) {
        List<Move> out = new ArrayList<>();
        for (int r = 0; r < 8; r++)
            for (int c = 0; c < 8; c++) {
                if (board[r][c] != pl) continue;
                for (int[] d : STEPS) {
                    int r1 = r + d[0], c1 = c + d[1];
                    if (!inside(r1, c1)) continue;
                    int w = walls(r, c, d[0], d[1]);
                    if (board[r1][c1] < 0) {
                        if (1 + w <= points) out.add(new Move(r, c, r1, c1, 1 + w));
                        continue;
                    }
                    int r2 = r1 + d[0], c2 = c1 + d[1]; // a jump over the piece on (r1,c1)
                    if (inside(r2, c2) && board[r2][c2] < 0 && w == 0 && walls(r1, c1, d[0], d[1]) == 0)
                        out.add(new Move(r, c, r2, c2, 1));
                }
            }
        return out;
    }

    static void play(Move m) {
        board[m.r2()][m.c2()] = board[m.r()][m.c()];
        board[m.r()][m.c()] = -1;
    }

    static String square(int r, int c) { return "" + (char) ('a' + r) + (c + 1); }

    // Up to three moves, each the one that gains most towards home.
    static String myTurn(int me) {
        int mover = home(me) ? (me + 2) % 4 : me;
        if (home(mover)) return "Nil"; // the team is home: its turns pass
        List<String> done = new ArrayList<>();
        for (int points = 3; points > 0 && !home(mover);) {
            Move best = null;
            double gain = 0;
            for (Move m : moves(mover, points)) {
                double g = (double) (distance(mover, m.r(), m.c()) - distance(mover, m.r2(), m.c2())) / m.cost();
                if ((best == null && done.isEmpty()) || g > gain) { best = m; gain = g; }
            }
            if (best == null) break;
            play(best);
            done.add(square(best.r(), best.c()) + square(best.r2(), best.c2()));
            points -= best.cost();
            if (gain <= 0) break; // no move gains: end the turn rather than walk back
        }
        return done.isEmpty() ? "Nil" : String.join(":", done);
    }

    static void apply(String action) {
        if (action.equals("Nil")) return;
        for (String m : action.split(":"))
            play(new Move(m.charAt(0) - 'a', m.charAt(1) - '1', m.charAt(2) - 'a', m.charAt(3) - '1', 0));
    }

    public static void main(String[] args) throws IOException {
        String layout = read();
        for (int r = 0, i = 0; r < 8; r++) {
            for (int c = 0; c < 7; c++) right[r][c] = layout.charAt(i++) - '0';
            for (int c = 0; r < 7 && c < 8; c++) down[r][c] = layout.charAt(i++) - '0';
        }
        int me = java.util.Arrays.asList(COLOURS).indexOf(read());
        // Standard error is yours: each game's first 64 KiB are kept for you on
        // your bot's page; the referee never reads it.
        System.err.println("starter: playing " + COLOURS[me]);
        for (int[] row : board) java.util.Arrays.fill(row, -1);
        for (int pl = 0; pl < 4; pl++)
            for (int r = START[pl][0]; r < START[pl][0] + 2; r++)
                for (int c = START[pl][1]; c < START[pl][1] + 2; c++) board[r][c] = pl;
        for (int turn = 0;; turn++) {
            if (turn % 4 == me) {
                System.out.println(myTurn(me)); // System.out flushes at each line
            } else {
                apply(read());
            }
        }
    }
}
