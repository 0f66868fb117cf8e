package lessfirst

import (
	"bufio"
	"bytes"
	"errors"
	"io"
	"math/rand/v2"
	"strings"
	"testing"

	"gameai/games/less"
)

// TestFourPlayAWholeGame: four of them, one a seat, play a game to its
// end on random layouts; a referee applies every action it is sent, so
// an illegal one fails the test. Each says its colour on stderr.
func TestFourPlayAWholeGame(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for game := range 5 {
		w := less.RandomWalls(0.3, 0.1, r.Float64)
		p := less.NewPosition(w)
		var ins [4]*io.PipeWriter
		var outs [4]*bufio.Scanner
		errs := make(chan error, 4)
		var stderr [4]bytes.Buffer
		for seat := range 4 {
			inR, inW := io.Pipe()
			outR, outW := io.Pipe()
			ins[seat], outs[seat] = inW, bufio.NewScanner(outR)
			go func() {
				errs <- Play(inR, outW, &stderr[seat], "first", 0)
				outW.Close()
			}()
		}
		send := func(seat int, line string) {
			if _, err := io.WriteString(ins[seat], line+"\n"); err != nil {
				t.Fatalf("game %d: to seat %d: %v", game, seat, err)
			}
		}
		for seat := range 4 {
			send(seat, w.String())
			send(seat, less.PlayerNames[seat])
		}
		moves := 0
		for turn := 0; turn < less.Turns && !p.Over(); turn++ {
			pl := turn % 4
			if !outs[pl].Scan() {
				t.Fatalf("game %d, turn %d: seat %d said nothing", game, turn+1, pl)
			}
			a, err := less.ParseAction(outs[pl].Text())
			if err != nil {
				t.Fatalf("game %d, turn %d: %v", game, turn+1, err)
			}
			if p.NilDue(pl) {
				if a.N != 0 {
					t.Fatalf("game %d, turn %d: seat %d moved where its turn passes", game, turn+1, pl)
				}
			} else if err := p.Apply(a); err != nil {
				t.Fatalf("game %d, turn %d: seat %d: %v", game, turn+1, pl, err)
			}
			moves += int(a.N)
			for other := range 4 {
				if other != pl {
					send(other, a.String())
				}
			}
		}
		for seat := range 4 {
			send(seat, "Quit")
		}
		for range 4 {
			if err := <-errs; err != nil {
				t.Errorf("game %d: %v", game, err)
			}
		}
		for seat := range 4 {
			if !strings.Contains(stderr[seat].String(), less.PlayerNames[seat]+" on ") {
				t.Errorf("game %d: seat %d's stderr %q", game, seat, stderr[seat].String())
			}
		}
		if moves < 40 {
			t.Errorf("game %d: %d moves in all", game, moves)
		}
	}
}

// TestItCrashesWhenAsked: after its crashAfter-th action it says so on
// stderr and returns ErrCrashed (Yellow moves first: its first action).
func TestItCrashesWhenAsked(t *testing.T) {
	w := less.RandomWalls(0.3, 0.1, rand.New(rand.NewPCG(3, 4)).Float64)
	var out, stderr bytes.Buffer
	err := Play(strings.NewReader(w.String()+"\nYellow\n"), &out, &stderr, "crash", 1)
	if !errors.Is(err, ErrCrashed) || strings.Count(out.String(), "\n") != 1 || !strings.Contains(stderr.String(), "giving up after 1 actions") {
		t.Fatalf("%v; wrote %q, stderr %q", err, out.String(), stderr.String())
	}
}
