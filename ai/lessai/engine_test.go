package lessai

import (
	"context"
	"errors"
	"math/rand/v2"
	"testing"
	"time"

	"gameai/ai"
	"gameai/games"
	"gameai/games/less"
)

func start(t *testing.T) *less.State {
	t.Helper()
	s, err := less.Game.NewState("", nil)
	if err != nil {
		t.Fatal(err)
	}
	return s.(*less.State)
}

func TestEnginesPlayLegalTurns(t *testing.T) {
	for _, info := range Infos() {
		st := start(t)
		limits := ai.Limits{Iterations: 3000}
		if info.Name == "expectimax" {
			limits = ai.Limits{Depth: 2}
		}
		res, err := info.Engine.Search(context.Background(), ai.Request{State: st, Limits: limits})
		if err != nil {
			t.Fatalf("%s: %v", info.Name, err)
		}
		if _, ok := games.FindMove(st, res.Move); !ok {
			// Actions lists one action per resulting position: compare by
			// playing it.
			c := st.Clone()
			if err := c.Play(res.Move); err != nil {
				t.Errorf("%s played %s: %v", info.Name, res.Move, err)
			}
		}
		// Every engine moves Yellow closer to home from the start.
		c := st.Clone().(*less.State)
		if err := c.Play(res.Move); err != nil {
			t.Fatal(err)
		}
		d := less.DistancesFor(c.P.Walls())
		if d.Solo(less.Yellow, c.P.Pieces(less.Yellow)) >= d.Solo(less.Yellow, st.P.Pieces(less.Yellow)) {
			t.Errorf("%s played %s, which brings Yellow no closer", info.Name, res.Move)
		}
	}
}

func TestMCTSIsReproducible(t *testing.T) {
	st := start(t)
	e := Infos()[0].Engine
	req := ai.Request{State: st, Limits: ai.Limits{Iterations: 4000}, Options: map[string]string{"seed": "9"}}
	a, err := e.Search(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := e.Search(context.Background(), req)
	if a.Move.String() != b.Move.String() || a.Score != b.Score {
		t.Errorf("one seed: %s %.3f then %s %.3f", a.Move, a.Score, b.Move, b.Score)
	}
}

func TestTheLastPieceGoesHome(t *testing.T) {
	// Yellow has three pieces home and the fourth one step away; every
	// engine takes it home.
	w := &less.Walls{}
	st, err := less.Game.ParseState("", nil, w.String()+" a7,a8,b7,c8 a1,a2,b1,b2 g7,g8,h7,h8 a5,a6,b5,b6 0 3 0 3,0,0,0")
	if err != nil {
		t.Fatal(err)
	}
	for _, info := range Infos() {
		res, err := info.Engine.Search(context.Background(), ai.Request{State: st, Limits: ai.Limits{Iterations: 2000, Depth: 2}})
		if err != nil {
			t.Fatal(err)
		}
		c := st.Clone().(*less.State)
		if err := c.Play(res.Move); err != nil {
			t.Fatal(err)
		}
		if !c.P.Home(less.Yellow) {
			t.Errorf("%s played %s and left Yellow short of home", info.Name, res.Move)
		}
	}
}

// A kind given only limits it does not take searches DefaultTime, not until
// its context ends: expectimax with an iteration count, MCTS with a depth.
func TestChooserIgnoresLimitsOfOtherKinds(t *testing.T) {
	w, _ := less.ParseWalls(less.FixtureLayout)
	p := *less.NewPosition(w)
	d := less.DistancesFor(w)
	for _, c := range []struct {
		kind string
		lim  Limits
	}{{KindExpectimax, Limits{Iterations: 1000}}, {KindMCTS, Limits{Depth: 3}}, {KindMCTS, Limits{Nodes: 10}}} {
		ctx, cancel := context.WithTimeout(context.Background(), 20*DefaultTime)
		ch, err := Chooser{Kind: c.kind}.Choose(ctx, p, d, c.lim, nil)
		cancel()
		if err != nil || !ch.Found || ch.Elapsed > 10*DefaultTime {
			t.Errorf("%s with %+v: found %v in %v, %v", c.kind, c.lim, ch.Found, ch.Elapsed, err)
		}
	}
}

// TestMCTSKeepsOneTreeForEverySeat: the engine's search for Yellow, its
// turn played, then the next seat's time-limited search starts from the
// node Yellow's tree grew for it (one kept tree serves every seat).
func TestMCTSKeepsOneTreeForEverySeat(t *testing.T) {
	var mcts ai.Engine
	for _, info := range Infos() {
		if info.Name == KindMCTS {
			mcts = info.Engine
		}
	}
	st := start(t)
	// Searched again until the tree is grown enough for the next seat's
	// node to hold visits, however starved the machine (a loaded CI under
	// -race ran a half-second search a few dozen iterations).
	var first ai.Result
	for range 20 {
		var err error
		if first, err = mcts.Search(t.Context(), ai.Request{State: st, Limits: ai.Limits{Time: 500 * time.Millisecond}}); err != nil {
			t.Fatal(err)
		}
		if first.Reused+first.Nodes >= 2000 {
			break
		}
	}
	next := st.Clone()
	if err := next.Play(first.Move); err != nil {
		t.Fatal(err)
	}
	again, err := mcts.Search(t.Context(), ai.Request{State: next, Limits: ai.Limits{Time: 100 * time.Millisecond}})
	if err != nil {
		t.Fatal(err)
	}
	if again.Reused < 10 {
		t.Errorf("the next seat's search reused %d visits", again.Reused)
	}
	fixed, _ := mcts.Search(t.Context(), ai.Request{State: next, Limits: ai.Limits{Iterations: 1000}})
	if fixed.Reused != 0 {
		t.Errorf("an iteration-limited search reused %d visits", fixed.Reused)
	}
	// The start of another layout hashes as the start of this one: the
	// walls keep the trees apart.
	again, _ = mcts.Search(t.Context(), ai.Request{State: st, Limits: ai.Limits{Time: 100 * time.Millisecond}})
	if again.Reused == 0 {
		t.Fatal("a search of the first position started afresh")
	}
	r := rand.New(rand.NewPCG(1, 2))
	other := &less.State{P: less.NewPosition(less.RandomWalls(0.3, 0.1, r.Float64))}
	if res, _ := mcts.Search(t.Context(), ai.Request{State: other, Limits: ai.Limits{Time: 100 * time.Millisecond}}); res.Reused != 0 {
		t.Errorf("the start of another layout reused %d visits", res.Reused)
	}
}

// The service's tree engines take the teammate model as an option: max
// plans the teammate's turns as the mover's own, so the search values the
// position differently; anything else is refused, naming the option.
func TestTeammateOption(t *testing.T) {
	st := start(t)
	for _, name := range []string{KindMCTS, KindUCT} {
		var e ai.Engine
		for _, info := range Infos() {
			if info.Name == name {
				e = info.Engine
			}
		}
		if e == nil {
			t.Fatalf("the service has no %s engine", name)
		}
		search := func(teammate string) (ai.Result, error) {
			return e.Search(context.Background(), ai.Request{State: st, Limits: ai.Limits{Iterations: 4000},
				Options: map[string]string{"seed": "9", "teammate": teammate}})
		}
		chance, err := search("chance")
		if err != nil {
			t.Fatal(err)
		}
		planned, err := search("max")
		if err != nil {
			t.Fatal(err)
		}
		if chance.Score == planned.Score {
			t.Errorf("%s: teammate=max valued the start %.4f, as teammate=chance did", name, planned.Score)
		}
		_, err = search("self")
		var oe *ai.OptionError
		if !errors.As(err, &oe) || oe.Name != "teammate" {
			t.Errorf("%s: teammate=self gave %v", name, err)
		}
	}
}

// The Chooser's horizon and scale reach its search: with one seed and one
// budget, each values the start otherwise than the defaults.
func TestChooserHorizonAndScale(t *testing.T) {
	p := *start(t).P
	d := less.DistancesFor(p.Walls())
	value := func(c Chooser) float64 {
		t.Helper()
		c.Kind, c.Seed = KindUCT, 9
		ch, err := c.Choose(context.Background(), p, d, Limits{Iterations: 4000}, nil)
		if err != nil || !ch.Found {
			t.Fatalf("%+v: %v (found %v)", c, err, ch.Found)
		}
		return ch.Value
	}
	base := value(Chooser{})
	if v := value(Chooser{Tree: Tree{HorizonTurns: HorizonTurns, Scale: Scale}}); v != base {
		t.Errorf("the defaults given explicitly valued the start %.4f, not %.4f", v, base)
	}
	for _, c := range []Chooser{{Tree: Tree{HorizonTurns: 4}}, {Tree: Tree{Scale: 2}}} {
		if v := value(c); v == base {
			t.Errorf("%+v valued the start %.4f, as the defaults do", c, v)
		}
	}
}
