package arena_test

import (
	"context"
	"testing"

	"gameai/arena"
)

// BenchmarkLessGameOfGreedyBots is one refereed game of four greedy bots
// in process: a competition's cost a game beside the bots' own thinking.
func BenchmarkLessGameOfGreedyBots(b *testing.B) {
	for i := 0; b.Loop(); i++ {
		s := lessSpec(i+1, "gameai:greedy", "gameai:greedy:seed=1", "gameai:greedy:seed=2", "gameai:greedy:seed=3")
		s.Board = i % 8
		if _, err := (arena.Runner{}).Play(context.Background(), s); err != nil {
			b.Fatal(err)
		}
	}
}
