//go:build lessexp

// Package morpiongrid is what the Morpion experiments ask of a grid's
// moves: which stand on which (a move stands on another when its line uses
// the dot the other added).
package morpiongrid

import "gameai/games/morpion"

// Users lists, for each move of g, the moves whose lines use its dot.
func Users(g *morpion.Grid) [][]int {
	owner := map[morpion.Point]int{}
	for i, m := range g.Moves {
		owner[m.Dot] = i
	}
	users := make([][]int, len(g.Moves))
	for j, m := range g.Moves {
		for q := range 5 {
			if i, ok := owner[m.Line.Point(q)]; ok && i != j {
				users[i] = append(users[i], j)
			}
		}
	}
	return users
}

// Closure is move i with every move standing on it, directly or through
// others, those already gone left out.
func Closure(i int, users [][]int, gone []bool) []int {
	var out []int
	seen := map[int]bool{}
	for stack := []int{i}; len(stack) > 0; {
		x := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if gone[x] || seen[x] {
			continue
		}
		seen[x] = true
		out = append(out, x)
		stack = append(stack, users[x]...)
	}
	return out
}
