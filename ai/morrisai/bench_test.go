package morrisai

import (
	"context"
	"testing"

	"gameai/ai/minimax"
	"gameai/ai/morrisdb/morrisdbtest"
	"gameai/games/morris"
)

// BenchmarkAlphaBeta searches to a fixed depth from the start and from a
// midgame fixture on one core and reports nodes per second (every position
// entered counts, leaves included).
func BenchmarkAlphaBeta(b *testing.B) {
	for _, c := range []struct {
		name, text string
		depth      int
		db         bool
	}{
		{"start", "", 9, false},
		{"midgame", morris.EndOfPlacing, 12, false},
		// The same with the database up to 4-4, which covers none of the
		// nodes: what probing costs where it finds nothing.
		{"midgame-db", morris.EndOfPlacing, 12, true},
	} {
		b.Run(c.name, func(b *testing.B) {
			p := morris.NewPosition(morris.StandardRules)
			if c.text != "" {
				var err error
				if p, err = morris.ParsePosition(morris.StandardRules, c.text); err != nil {
					b.Fatal(err)
				}
			}
			coef := morris.Presets[4].Coefficients
			pos := Pos{P: p, C: &coef}
			if c.db {
				pos.DB = morrisdbtest.Open(b)
			}
			s := NewSearcher()
			var nodes int64
			b.ReportAllocs()
			for b.Loop() {
				nodes += s.Search(context.Background(), pos, minimax.Limits{Depth: c.depth}).Nodes
			}
			b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
			b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
		})
	}
}
