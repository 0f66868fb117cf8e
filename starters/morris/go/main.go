// A starter bot for Nine Men's Morris on gameai: it speaks Sanmill's engine
// protocol (uci, isready, position, go, quit) and plays a legal greedy move.
// Protocol: /protocol/morris on the server, docs/protocol/morris.md in the
// repository.
package main

import (
	"bufio"
	"fmt"
	"os"
	"slices"
	"strings"
)

// mills are the 16 lines; two points are adjacent when they follow each
// other in one.
var mills = [16][3]string{
	{"a7", "d7", "g7"}, {"b6", "d6", "f6"}, {"c5", "d5", "e5"}, {"a4", "b4", "c4"},
	{"e4", "f4", "g4"}, {"c3", "d3", "e3"}, {"b2", "d2", "f2"}, {"a1", "d1", "g1"},
	{"a1", "a4", "a7"}, {"b2", "b4", "b6"}, {"c3", "c4", "c5"}, {"d1", "d2", "d3"},
	{"d5", "d6", "d7"}, {"e3", "e4", "e5"}, {"f2", "f4", "f6"}, {"g1", "g4", "g7"},
}

var (
	points []string                // the 24 points, sorted
	next   = map[string][]string{} // each point's neighbours, sorted
)

func init() {
	for _, m := range mills {
		for i, p := range m {
			if !slices.Contains(points, p) {
				points = append(points, p)
			}
			if i > 0 {
				next[p] = append(next[p], m[i-1])
				next[m[i-1]] = append(next[m[i-1]], p)
			}
		}
	}
	slices.Sort(points)
	for _, ns := range next {
		slices.Sort(ns)
	}
}

// game is the position after the moves the referee sent.
type game struct {
	board    map[string]byte // point -> 'w' or 'b'
	side     byte            // to move; White first
	placed   map[byte]int
	removing bool // the side to move closed a mill: it removes next
}

func newGame() *game {
	return &game{board: map[string]byte{}, side: 'w', placed: map[byte]int{}}
}

func other(side byte) byte {
	if side == 'w' {
		return 'b'
	}
	return 'w'
}

func (g *game) inMill(p string, side byte) bool {
	for _, m := range mills {
		if slices.Contains(m[:], p) && g.board[m[0]] == side && g.board[m[1]] == side && g.board[m[2]] == side {
			return true
		}
	}
	return false
}

func (g *game) play(token string) {
	if rest, ok := strings.CutPrefix(token, "x"); ok {
		delete(g.board, rest)
		g.removing = false
	} else {
		src, dst, moved := strings.Cut(token, "-")
		if moved {
			delete(g.board, src)
		} else {
			dst = token
			g.placed[g.side]++
		}
		g.board[dst] = g.side
		g.removing = g.inMill(dst, g.side)
	}
	if !g.removing {
		g.side = other(g.side)
	}
}

// moves are every legal token for the side to move.
func (g *game) moves() []string {
	me, them := g.side, other(g.side)
	var empty, mine, theirs, free []string
	for _, p := range points {
		switch g.board[p] {
		case 0:
			empty = append(empty, p)
		case me:
			mine = append(mine, p)
		case them:
			theirs = append(theirs, p)
			if !g.inMill(p, them) {
				free = append(free, p)
			}
		}
	}
	var out []string
	switch {
	case g.removing:
		if len(free) == 0 {
			free = theirs // every piece stands in a mill: any may go
		}
		for _, p := range free {
			out = append(out, "x"+p)
		}
	case g.placed[me] < 9:
		out = empty
	default:
		for _, a := range mine {
			to := next[a]
			if len(mine) == 3 {
				to = empty // three pieces fly
			}
			for _, b := range to {
				if g.board[b] == 0 {
					out = append(out, a+"-"+b)
				}
			}
		}
	}
	return out
}

// closesMill is whether side, moving to token's destination, closes a mill.
func (g *game) closesMill(token string, side byte) bool {
	src, dst, moved := strings.Cut(token, "-")
	if !moved {
		src, dst = "", token
	}
	was := g.board[src]
	delete(g.board, src)
	g.board[dst] = side
	closes := g.inMill(dst, side)
	delete(g.board, dst)
	if was != 0 {
		g.board[src] = was
	}
	return closes
}

func (g *game) best() string {
	moves := g.moves()
	if len(moves) == 0 {
		return "none"
	}
	dest := func(m string) string { return m[strings.LastIndex(m, "-")+1:] }
	for _, m := range moves { // close a mill
		if m[0] != 'x' && g.closesMill(m, g.side) {
			return m
		}
	}
	for _, m := range moves { // stand where the opponent would close one
		if m[0] != 'x' && g.board[dest(m)] == 0 && g.closesMill(dest(m), other(g.side)) {
			return m
		}
	}
	return moves[0]
}

func main() {
	g := newGame()
	in := bufio.NewScanner(os.Stdin)
	for in.Scan() {
		words := strings.Fields(in.Text())
		if len(words) == 0 {
			continue
		}
		switch words[0] {
		case "uci":
			fmt.Println("id name starter")
			fmt.Println("uciok")
			// Standard error is yours: each game's first 64 KiB are kept for
			// you on your bot's page; the referee never reads it.
			fmt.Fprintln(os.Stderr, "starter: ready")
		case "isready":
			fmt.Println("readyok")
		case "position": // position startpos [moves t1 t2 ...]
			g = newGame()
			for _, t := range words[min(3, len(words)):] {
				g.play(t)
			}
		case "go":
			fmt.Println("bestmove " + g.best())
		case "quit":
			return
		}
	}
}
