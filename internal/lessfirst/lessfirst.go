// Package lessfirst is the tests' cheapest legal Less bot: it speaks the
// CodeCup protocol and plays each turn's first legal action, with no
// tables (our greedy engine's take a core-second at every game's start,
// which was most of the time of the tests that upload a Less bot). It
// writes a line to its standard error at the start of each game, so that
// the tests of who sees a bot's stderr have something to see.
package lessfirst

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strings"

	"gameai/games/less"
)

// ErrCrashed is Play's error when it stopped after its crashAfter-th
// action, as asked.
var ErrCrashed = errors.New("giving up after its actions")

// Play plays one game on in and out, and returns at Quit or the end of
// input (nil), at a line it cannot use (an error), or right after writing
// its crashAfter-th action when crashAfter > 0 (ErrCrashed).
func Play(in io.Reader, out, stderr io.Writer, name string, crashAfter int) error {
	lines := bufio.NewScanner(in)
	next := func() (string, bool) {
		if !lines.Scan() || strings.TrimSpace(lines.Text()) == "Quit" {
			return "", false
		}
		return strings.TrimSpace(lines.Text()), true
	}
	layout, ok := next()
	if !ok {
		return nil
	}
	w, err := less.ParseWalls(layout)
	if err != nil {
		return err
	}
	colour, ok := next()
	if !ok {
		return nil
	}
	me := -1
	for i, n := range less.PlayerNames {
		if strings.EqualFold(colour, n) {
			me = i
		}
	}
	if me < 0 {
		return fmt.Errorf("colour %q: want Yellow, Black, White or Red", colour)
	}
	_, _ = fmt.Fprintf(stderr, "%s: %s on %s\n", name, less.PlayerNames[me], layout)
	p := less.NewPosition(w)
	played := 0
	for turn := 0; turn < less.Turns; turn++ {
		pl := turn % 4
		a := less.Nil
		if pl == me {
			if as := p.Actions(); len(as) > 0 && !p.NilDue(me) {
				a = as[0]
			}
			if _, err := fmt.Fprintln(out, a); err != nil {
				return err // the referee has gone
			}
			if played++; played == crashAfter {
				_, _ = fmt.Fprintf(stderr, "%s: giving up after %d actions\n", name, played)
				return ErrCrashed
			}
		} else {
			line, ok := next()
			if !ok {
				return nil
			}
			if a, err = less.ParseAction(line); err != nil {
				return err
			}
		}
		if p.Over() || p.NilDue(pl) {
			continue // the rules pass this seat's turn
		}
		if err := p.Apply(a); err != nil {
			return fmt.Errorf("%s's action %s: %w", less.PlayerNames[pl], a, err)
		}
	}
	for {
		if _, ok := next(); !ok {
			return nil
		}
	}
}
