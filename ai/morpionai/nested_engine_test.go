package morpionai

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"testing"
	"time"

	"gameai/ai"
	"gameai/ai/nested"
	"gameai/games"
	"gameai/games/morpion"
)

// From a position in the middle of a game, NRPA and NMCS answer with a
// legal continuation to the end, reproducibly for one thread, one seed and
// a playout budget, and better than the mean random game.
func TestNestedEnginesFromAPosition(t *testing.T) {
	for _, algo := range []string{"nrpa", "nmcs"} {
		t.Run(algo, func(t *testing.T) {
			st, _ := morpion.Game.NewState("5T", nil)
			// Ten moves in: the first legal move ten times.
			for range 10 {
				if err := st.Play(st.LegalMoves()[0]); err != nil {
					t.Fatal(err)
				}
			}
			req := ai.Request{State: st.Clone(), Limits: ai.Limits{Iterations: 3000},
				Options: map[string]string{"seed": "7", "level": "2"}}
			a, err := Nested{Algorithm: algo}.Search(context.Background(), req)
			if err != nil {
				t.Fatal(err)
			}
			req.State = st.Clone()
			b, _ := Nested{Algorithm: algo}.Search(context.Background(), req)
			if a.Move.String() != b.Move.String() || a.Score != b.Score {
				t.Errorf("same seed, different answers: %v %v / %v %v", a.Move, a.Score, b.Move, b.Score)
			}
			if a.Score < 70 || len(a.PV) != int(a.Score)-10 || a.Depth != len(a.PV) || a.Nodes < 3000 || a.Nodes > 3100 {
				t.Errorf("score %v, pv %d, depth %d, nodes %d", a.Score, len(a.PV), a.Depth, a.Nodes)
			}
			if a.PV[0].String() != a.Move.String() {
				t.Errorf("move %v is not the pv's first %v", a.Move, a.PV[0])
			}
			pvReachesScore(t, st, a)
		})
	}
}

func TestNestedEngineOptionsAndEnd(t *testing.T) {
	st, _ := morpion.Game.NewState("5D", nil)
	for _, opts := range []map[string]string{{"level": "0"}, {"level": "9"}, {"threads": "0"}, {"threads": "100000"},
		{"seed": "-1"}, {"depth": "3"}, {"layers": "yes"}, {"repetitions": "-2"}, {"extend": "maybe"}} {
		var oe *ai.OptionError
		if _, err := (Nested{Algorithm: "nrpa"}).Search(context.Background(), ai.Request{State: st, Options: opts,
			Limits: ai.Limits{Iterations: 10}}); !errors.As(err, &oe) {
			t.Errorf("options %v: %v, want an option error", opts, err)
		}
	}
	// NRPA's adaptation options reach it (another grid for one seed: at
	// level 2, where an extended level 1 moves every later adaptation);
	// NMCS has no policy and refuses them.
	plain, err := (Nested{Algorithm: "nrpa"}).Search(context.Background(), ai.Request{State: st.Clone(),
		Limits: ai.Limits{Iterations: 2000}, Options: map[string]string{"level": "2"}})
	if err != nil {
		t.Fatal(err)
	}
	for _, opts := range []map[string]string{{"layers": "true"}, {"repetitions": "1"}, {"extend": "true"}} {
		opts["level"] = "2"
		res, err := (Nested{Algorithm: "nrpa"}).Search(context.Background(), ai.Request{State: st.Clone(),
			Limits: ai.Limits{Iterations: 2000}, Options: opts})
		if err != nil {
			t.Fatal(err)
		}
		if fmt.Sprint(res.PV) == fmt.Sprint(plain.PV) {
			t.Errorf("options %v: the grid of plain NRPA, %v", opts, res.PV)
		}
		var oe *ai.OptionError
		if _, err := (Nested{Algorithm: "nmcs"}).Search(context.Background(), ai.Request{State: st.Clone(), Options: opts,
			Limits: ai.Limits{Iterations: 10}}); !errors.As(err, &oe) {
			t.Errorf("nmcs with %v: %v, want an option error", opts, err)
		}
	}
	for !st.Terminal() {
		_ = st.Play(st.LegalMoves()[0])
	}
	if _, err := (Nested{Algorithm: "nmcs"}).Search(context.Background(), ai.Request{State: st, Limits: ai.Limits{Iterations: 10}}); !errors.Is(err, ai.ErrNoMove) {
		t.Errorf("finished game: %v, want ErrNoMove", err)
	}
}

// The nrpa engine's level, patience, layers and extend left out are the
// budget's row; the options given are kept.
func TestNRPAEngineTakesTheBudgetsRow(t *testing.T) {
	resolve := func(given map[string]string) games.Options {
		o, err := ai.ResolveOptions(nestedTables["nrpa"], given)
		if err != nil {
			t.Fatal(err)
		}
		return o
	}
	for _, c := range []struct {
		lim   ai.Limits
		given map[string]string
	}{
		{ai.Limits{Time: 10 * time.Minute}, nil},
		{ai.Limits{Time: time.Second}, nil},
		{ai.Limits{}, nil},
		{ai.Limits{Iterations: 30_000_000}, nil},
		{ai.Limits{Time: 10 * time.Minute}, map[string]string{"level": "2", "layers": "false"}},
	} {
		level, nc := nrpaSettings("5T", c.lim, resolve(c.given), c.given)
		ms, iters := c.lim.Time.Milliseconds(), c.lim.Iterations
		if ms == 0 && iters == 0 {
			ms = DefaultTime.Milliseconds()
		}
		row := PresetFor("5T", ms, iters, 1)
		want := nested.NRPAConfig{Layers: row.Layers, Extend: row.Extend, Patience: row.Patience}
		wantLevel := row.Level
		if v, ok := c.given["level"]; ok {
			wantLevel, _ = strconv.Atoi(v)
		}
		if _, ok := c.given["layers"]; ok {
			want.Layers = c.given["layers"] == "true"
		}
		if level != wantLevel || nc != want {
			t.Errorf("%+v %v: level %d %+v, want level %d %+v", c.lim, c.given, level, nc, wantLevel, want)
		}
	}
}
