// Command lesscrash is a Less bot that plays legal actions and crashes
// after its fifth, having written to standard error: the competitions'
// tests upload it as a bot that fails mid-game. It plays each turn's first
// legal action, with no tables: our engine's took a core-second at every
// game's start, the most of a competition test's time.
package main

import (
	"bufio"
	"fmt"
	"os"
	"strings"

	"gameai/games/less"
)

func main() {
	in := bufio.NewScanner(os.Stdin)
	next := func() string {
		if !in.Scan() || strings.TrimSpace(in.Text()) == "Quit" {
			os.Exit(0)
		}
		return strings.TrimSpace(in.Text())
	}
	w, err := less.ParseWalls(next())
	if err != nil {
		fail(err)
	}
	me := -1
	colour := next()
	for i, n := range less.PlayerNames {
		if strings.EqualFold(colour, n) {
			me = i
		}
	}
	if me < 0 {
		fail(fmt.Errorf("colour %q", colour))
	}
	p := less.NewPosition(w)
	played := 0
	for turn := 0; turn < less.Turns; turn++ {
		pl := turn % 4
		a := less.Nil
		if pl == me {
			if as := p.Actions(); len(as) > 0 && !p.NilDue(me) {
				a = as[0]
			}
			fmt.Println(a)
			if played++; played == 5 {
				fmt.Fprintln(os.Stderr, "lesscrash: giving up after five actions")
				os.Exit(3)
			}
		} else if a, err = less.ParseAction(next()); err != nil {
			fail(err)
		}
		if p.Over() || p.NilDue(pl) {
			continue // the rules pass this seat's turn
		}
		if err := p.Apply(a); err != nil {
			fail(err)
		}
	}
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "lesscrash:", err)
	os.Exit(2)
}
