// A starter bot for Less (CodeCup 2017) on gameai: it reads the protocol
// and plays a legal greedy turn. Protocol: /protocol/less on the server,
// docs/protocol/less.md in the repository.
package main

import (
	"bufio"
	"fmt"
	"os"
	"strings"
)

var colours = []string{"Yellow", "Black", "White", "Red"}

// Each colour's pieces start in one 2x2 corner and go to the opposite one:
// the corner's first row and column (rows a..h are 0..7 from the top,
// columns 1..8 are 0..7 from the left).
var (
	start  = [4][2]int{{6, 0}, {0, 0}, {6, 6}, {0, 6}}
	target = [4][2]int{{0, 6}, {6, 6}, {0, 0}, {6, 0}}
	steps  = [4][2]int{{-1, 0}, {0, 1}, {1, 0}, {0, -1}}
)

var (
	in          = bufio.NewScanner(os.Stdin)
	right, down [8][8]int // walls east of (r,c), and south of it
	board       [8][8]int // the player on a square, -1 when empty
)

func read() string {
	if !in.Scan() || strings.TrimSpace(in.Text()) == "Quit" {
		os.Exit(0)
	}
	return strings.TrimSpace(in.Text())
}

func parseWalls(layout string) {
	i := 0
	for r := 0; r < 8; r++ {
		for c := 0; c < 7; c++ {
			right[r][c] = int(layout[i] - '0')
			i++
		}
		for c := 0; r < 7 && c < 8; c++ {
			down[r][c] = int(layout[i] - '0')
			i++
		}
	}
}

// walls are those on the edge from (r,c) one step along (dr,dc).
func walls(r, c, dr, dc int) int {
	if dr == 0 {
		return right[r][min(c, c+dc)]
	}
	return down[min(r, r+dr)][c]
}

func inside(r, c int) bool { return r >= 0 && r < 8 && c >= 0 && c < 8 }

func square(r, c int) string { return fmt.Sprintf("%c%d", 'a'+r, c+1) }

func home(pl int) bool {
	for r := 0; r < 8; r++ {
		for c := 0; c < 8; c++ {
			if board[r][c] == pl && (r < target[pl][0] || r > target[pl][0]+1 || c < target[pl][1] || c > target[pl][1]+1) {
				return false
			}
		}
	}
	return true
}

// distance is the steps to pl's target corner, walls and pieces aside.
func distance(pl, r, c int) int {
	tr, tc := target[pl][0], target[pl][1]
	return max(tr-r, 0, r-tr-1) + max(tc-c, 0, c-tc-1)
}

type move struct{ r, c, r2, c2, cost int }

// moves are pl's legal moves costing at most points.
func moves(pl, points int) []move {
	var out []move
	for r := 0; r < 8; r++ {
		for c := 0; c < 8; c++ {
			if board[r][c] != pl {
				continue
			}
			for _, d := range steps {
				r1, c1 := r+d[0], c+d[1]
				if !inside(r1, c1) {
					continue
				}
				w := walls(r, c, d[0], d[1])
				if board[r1][c1] < 0 {
					if 1+w <= points {
						out = append(out, move{r, c, r1, c1, 1 + w})
					}
					continue
				}
				r2, c2 := r1+d[0], c1+d[1] // a jump over the piece on (r1,c1)
				if inside(r2, c2) && board[r2][c2] < 0 && w == 0 && walls(r1, c1, d[0], d[1]) == 0 {
					out = append(out, move{r, c, r2, c2, 1})
				}
			}
		}
	}
	return out
}

func play(m move) { board[m.r2][m.c2], board[m.r][m.c] = board[m.r][m.c], -1 }

// myTurn plays up to three moves, each the one that gains most towards home.
func myTurn(me int) string {
	mover := me
	if home(me) {
		mover = (me + 2) % 4
	}
	if home(mover) {
		return "Nil" // the team is home: its turns pass
	}
	var done []string
	for points := 3; points > 0 && !home(mover); {
		var best *move
		gain := 0.0
		for _, m := range moves(mover, points) {
			g := float64(distance(mover, m.r, m.c)-distance(mover, m.r2, m.c2)) / float64(m.cost)
			if best == nil && len(done) == 0 || g > gain {
				m := m
				best, gain = &m, g
			}
		}
		if best == nil {
			break
		}
		play(*best)
		done = append(done, square(best.r, best.c)+square(best.r2, best.c2))
		points -= best.cost
		if gain <= 0 {
			break // no move gains: end the turn rather than walk back
		}
	}
	if len(done) == 0 {
		return "Nil"
	}
	return strings.Join(done, ":")
}

func apply(action string) {
	if action == "Nil" {
		return
	}
	for _, m := range strings.Split(action, ":") {
		play(move{r: int(m[0] - 'a'), c: int(m[1] - '1'), r2: int(m[2] - 'a'), c2: int(m[3] - '1')})
	}
}

func main() {
	parseWalls(read())
	me := 0
	for colour := read(); colours[me] != colour; me++ {
	}
	// Standard error is yours: each game's first 64 KiB are kept for you on
	// your bot's page; the referee never reads it.
	fmt.Fprintln(os.Stderr, "starter: playing", colours[me])
	for r := range board {
		for c := range board[r] {
			board[r][c] = -1
		}
	}
	for pl, s := range start {
		for r := s[0]; r < s[0]+2; r++ {
			for c := s[1]; c < s[1]+2; c++ {
				board[r][c] = pl
			}
		}
	}
	for turn := 0; ; turn++ {
		if turn%4 == me {
			fmt.Println(myTurn(me))
		} else {
			apply(read())
		}
	}
}
