// A legal Less bot in Go (the standard library only) for the admission
// tests: each turn it steps one piece (its own, or its teammate's once its
// own are home) to the empty neighbour that brings it nearest its target
// corner.
package main

import (
	"bufio"
	"fmt"
	"os"
	"strings"
)

var (
	owner  [64]int
	walls  [64][64]int
	start  = [4][2]int{{6, 0}, {0, 0}, {6, 6}, {0, 6}}
	target = [4][2]int{{0, 6}, {6, 6}, {0, 0}, {6, 0}}
)

func distance(s, p int) int {
	r, c, r0, c0 := s/8, s%8, target[p][0], target[p][1]
	return max(0, r0-r, r-r0-1) + max(0, c0-c, c-c0-1)
}

func home(p int) bool {
	for s := range 64 {
		if owner[s] == p && distance(s, p) != 0 {
			return false
		}
	}
	return true
}

func apply(a string) {
	if a == "Nil" {
		return
	}
	for _, m := range strings.Split(a, ":") {
		f, t := int(m[0]-'a')*8+int(m[1]-'1'), int(m[2]-'a')*8+int(m[3]-'1')
		owner[t], owner[f] = owner[f], -1
	}
}

func choose(me int) string {
	mate := (me + 2) % 4
	if home(me) && home(mate) {
		return "Nil"
	}
	p := me
	if home(me) {
		p = mate
	}
	best, bf, bt := -100, -1, -1
	for s := range 64 {
		if owner[s] != p {
			continue
		}
		for k, d := range []int{-8, 8, -1, 1} {
			t := s + d
			if t < 0 || t >= 64 || (k >= 2 && t/8 != s/8) || owner[t] >= 0 || 1+walls[s][t] > 3 {
				continue
			}
			if gain := distance(s, p) - distance(t, p); gain > best {
				best, bf, bt = gain, s, t
			}
		}
	}
	if bf < 0 {
		return "Nil"
	}
	name := func(s int) string { return string(rune('a'+s/8)) + string(rune('1'+s%8)) }
	return name(bf) + name(bt)
}

func main() {
	in := bufio.NewScanner(os.Stdin)
	read := func() (string, bool) {
		if !in.Scan() {
			return "", false
		}
		return strings.TrimSpace(in.Text()), true
	}
	layout, _ := read()
	colour, _ := read()
	me := strings.Index("Yellow Black  White  Red   ", colour) / 7
	i := 0
	for r := range 8 {
		for c := range 7 {
			a := r*8 + c
			walls[a][a+1], walls[a+1][a] = int(layout[i]-'0'), int(layout[i]-'0')
			i++
		}
		if r < 7 {
			for c := range 8 {
				a := r*8 + c
				walls[a][a+8], walls[a+8][a] = int(layout[i]-'0'), int(layout[i]-'0')
				i++
			}
		}
	}
	for s := range owner {
		owner[s] = -1
	}
	for p := range 4 {
		for k := range 4 {
			owner[(start[p][0]+k/2)*8+start[p][1]+k%2] = p
		}
	}
	for turn := 0; ; turn++ {
		if turn%4 == me {
			a := choose(me)
			apply(a)
			fmt.Println(a)
			continue
		}
		line, ok := read()
		if !ok || line == "Quit" {
			return
		}
		apply(line)
	}
}
