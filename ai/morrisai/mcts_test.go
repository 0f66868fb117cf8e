package morrisai

import (
	"context"
	"testing"
	"time"

	"gameai/ai"
	"gameai/games"
	"gameai/games/morris"
)

func morrisState(t *testing.T, text string) *morris.State {
	t.Helper()
	o, _ := games.ResolveOptions(morris.OptionSpecs, nil)
	s, err := morris.Game.ParseState("nine", o, text)
	if err != nil {
		t.Fatal(err)
	}
	return s.(*morris.State)
}

func TestMCTSFindsTheWinningMill(t *testing.T) {
	st := morrisState(t, "W.W/.W./.../B...../B../.../B.. w 0 0 10 60 -")
	res, err := NewMCTS().Search(context.Background(), ai.Request{State: st, Limits: ai.Limits{Iterations: 3000}})
	if err != nil {
		t.Fatal(err)
	}
	if res.Move.String()[:5] != "d6-d7" || res.Score < 0.9 {
		t.Errorf("move %s value %.2f, want d6-d7 winning", res.Move, res.Score)
	}
}

func TestMCTSIsReproducibleAndLegal(t *testing.T) {
	st := morrisState(t, morris.EndOfPlacing)
	req := ai.Request{State: st, Limits: ai.Limits{Iterations: 4000}, Options: map[string]string{"seed": "3", "strategy": "petcu-e32"}}
	a, err := NewMCTS().Search(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := NewMCTS().Search(context.Background(), req)
	if a.Move.String() != b.Move.String() || a.Score != b.Score {
		t.Errorf("one seed: %s %.3f then %s %.3f", a.Move, a.Score, b.Move, b.Score)
	}
	if _, ok := games.FindMove(st, a.Move); !ok {
		t.Errorf("%s is not legal", a.Move)
	}
	if _, err := NewMCTS().Search(context.Background(), ai.Request{State: st, Limits: ai.Limits{Iterations: 10},
		Options: map[string]string{"seed": "x"}}); err == nil {
		t.Error("a bad seed was accepted")
	}
}

// TestMCTSKeepsItsTree: a time-limited search, its move and the reply it
// expects, then the next search of the game starts from that node; an
// iteration-limited one never does (a seed gives one answer).
func TestMCTSKeepsItsTree(t *testing.T) {
	st := morrisState(t, morris.EndOfPlacing)
	e := NewMCTS()
	first, err := e.Search(t.Context(), ai.Request{State: st, Limits: ai.Limits{Time: 300 * time.Millisecond}})
	if err != nil {
		t.Fatal(err)
	}
	if first.Reused != 0 || len(first.PV) < 2 {
		t.Fatalf("first search: reused %d, pv %v", first.Reused, first.PV)
	}
	next := st.Clone()
	for _, m := range first.PV[:2] {
		if err := next.Play(m); err != nil {
			t.Fatal(err)
		}
	}
	again, err := e.Search(t.Context(), ai.Request{State: next, Limits: ai.Limits{Time: 100 * time.Millisecond}})
	if err != nil {
		t.Fatal(err)
	}
	if again.Reused < 10 {
		t.Errorf("the next search of the game reused %d visits", again.Reused)
	}
	other, _ := e.Search(t.Context(), ai.Request{State: next, Limits: ai.Limits{Time: 100 * time.Millisecond},
		Options: map[string]string{"strategy": "petcu-e32"}})
	if other.Reused != 0 {
		t.Errorf("a search with another evaluation reused %d visits", other.Reused)
	}
	fixed, _ := e.Search(t.Context(), ai.Request{State: next, Limits: ai.Limits{Iterations: 1000}})
	if fixed.Reused != 0 {
		t.Errorf("an iteration-limited search reused %d visits", fixed.Reused)
	}
	// The trees are the engine's: another engine value starts cold.
	if fresh, _ := NewMCTS().Search(t.Context(), ai.Request{State: next, Limits: ai.Limits{Time: 100 * time.Millisecond}}); fresh.Reused != 0 {
		t.Errorf("another engine reused %d visits of this one's tree", fresh.Reused)
	}
}
