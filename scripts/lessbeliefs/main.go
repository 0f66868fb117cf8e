//go:build lessexp

// Command lessbeliefs reads the records of refereed Less games (gameai
// referee less --out) and replays, for every seat a named program held,
// the model of the other seats that a bot learning them
// (teammate=model, opponents=model) would have kept: after each of their
// turns, whether its tree would have planned that seat as a searcher or
// drawn it as it plays. It prints, by program, how many turns were
// observed and on how many the seat was drawn: for a program that
// searches that should be few, for a greedy one most (docs/strength.md).
//
//	go run -tags lessexp ./scripts/lessbeliefs -bot gameai:uct -games 16 ours-vs-runnerup+runnerup.txt
//
// With -margins 2,5,10 it also counts the turns after which a stricter
// rule would draw the seat: the drawn policies ahead by more than so many
// nats of log odds, rather than ahead at all. The last column counts each
// program's games by its moves that greedy never plays (Model.Strays; one
// rules greedy out).
package main

import (
	"bufio"
	"context"
	"flag"
	"fmt"
	"log"
	"math"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"gameai/ai/lessai"
	"gameai/ai/mcts"
	"gameai/games/less"
)

// record is what the replay needs of a game: its layout, programs and
// actions.
type record struct {
	layout  string
	seats   [4]string
	actions []string
}

var tag = regexp.MustCompile(`^\[(\w+) "(.*)"\]$`)

// readRecords parses the referee's text records: a header of tags, then
// "N Colour action" lines.
func readRecords(name string) ([]record, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var out []record
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		line := sc.Text()
		if m := tag.FindStringSubmatch(line); m != nil {
			if m[1] == "Layout" {
				out = append(out, record{layout: m[2]})
				continue
			}
			if i := slices.Index(less.PlayerNames[:], m[1]); i >= 0 && len(out) > 0 {
				out[len(out)-1].seats[i] = m[2]
			}
			continue
		}
		if fs := strings.Fields(line); len(fs) == 3 && len(out) > 0 {
			out[len(out)-1].actions = append(out[len(out)-1].actions, fs[2])
		}
	}
	return out, sc.Err()
}

// tally is a program's observed turns, those drawn as it plays, and
// those a stricter rule would draw: the model knows the seat and the
// drawn policies' best explains its turns by more than margins[k] nats
// (posterior log odds) over the searching ones' best.
type tally struct {
	seen, drawn int
	stricter    []int
	// games[k] counts the seat's games with k strays from greedy's moves
	// (Model.Strays; the last, strayLimit or more).
	games [strayLimit + 1]int
}

const strayLimit = 3

// margins are the stricter rules' margins in nats (-margins).
var margins []float64

func main() {
	bot := flag.String("bot", "gameai:uct", "the program whose seats keep the model (a prefix of its name in the records)")
	games := flag.Int("games", 0, "games to read from each file (0: all)")
	iters := flag.Int64("iterations", 2000, "iterations of the short search that scores a turn (a bot at 30 s a game runs some 2,000)")
	marginList := flag.String("margins", "", "also count the turns a stricter rule would draw: drawn policies ahead by more than each of these nats (e.g. 2,5,10)")
	flag.Parse()
	for _, f := range strings.FieldsFunc(*marginList, func(r rune) bool { return r == ',' }) {
		x, err := strconv.ParseFloat(f, 64)
		if err != nil || x < 0 {
			log.Fatalf("-margins: %q is not a margin in nats", f)
		}
		margins = append(margins, x)
	}
	if flag.NArg() == 0 || *iters < 1 || *games < 0 {
		log.Fatal("usage: lessbeliefs [-bot PREFIX] [-games N] [-iterations N] RECORDS...")
	}
	totals := map[string]*tally{}
	for _, name := range flag.Args() {
		recs, err := readRecords(name)
		if err != nil {
			log.Fatal(err)
		}
		if *games > 0 && len(recs) > *games {
			recs = recs[:*games]
		}
		for _, r := range recs {
			if err := replay(r, *bot, *iters, totals); err != nil {
				log.Fatalf("%s: %v", name, err)
			}
		}
	}
	names := make([]string, 0, len(totals))
	for n := range totals {
		names = append(names, n)
	}
	slices.Sort(names)
	fmt.Printf("%-40s %8s %8s %7s", "program (as another seat)", "turns", "drawn", "share")
	for _, m := range margins {
		fmt.Printf(" %9s", fmt.Sprintf(">%g nats", m))
	}
	fmt.Printf("   games with 0..%d+ strays\n", strayLimit)
	for _, n := range names {
		t := totals[n]
		share := func(k int) float64 { return 100 * float64(k) / float64(max(t.seen, 1)) }
		fmt.Printf("%-40s %8d %8d %6.1f%%", n, t.seen, t.drawn, share(t.drawn))
		for _, k := range t.stricter {
			fmt.Printf(" %8.1f%%", share(k))
		}
		fmt.Printf("   %v\n", t.games)
	}
}

// lead is how far, in nats of posterior log odds, the drawn policies'
// best explains seat's turns beyond the searching ones' best (+Inf or
// -Inf where one side's odds underflow).
func lead(m *lessai.Model, seat int) float64 {
	post := m.Posterior(seat)
	return math.Log(max(post[lessai.PolicyGreedy], post[lessai.PolicyUniform])) -
		math.Log(max(post[lessai.PolicySearch], post[lessai.PolicyWeight]))
}

// replay plays r from each seat bot held, observing the others as the bot
// would, and counts how each was planned after each of its turns.
func replay(r record, bot string, iters int64, totals map[string]*tally) error {
	w, err := less.ParseWalls(r.layout)
	if err != nil {
		return err
	}
	d := less.DistancesFor(w)
	for me := range 4 {
		if !strings.HasPrefix(r.seats[me], bot) {
			continue
		}
		var m lessai.Model
		p := *less.NewPosition(w)
		for i, text := range r.actions {
			pl := i % 4
			if p.Over() {
				break
			}
			if p.NilDue(pl) {
				continue
			}
			a, err := less.ParseAction(text)
			if err != nil {
				return fmt.Errorf("action %d: %w", i+1, err)
			}
			if pl != me {
				m.Observe(context.Background(), p, d, a, mcts.Limits{Iterations: iters})
				t := totals[r.seats[pl]]
				if t == nil {
					t = &tally{stricter: make([]int, len(margins))}
					totals[r.seats[pl]] = t
				}
				t.seen++
				if !m.Plan(pl).Search {
					t.drawn++
				}
				for k, x := range margins {
					if m.Knows(pl) && lead(&m, pl) > x {
						t.stricter[k]++
					}
				}
			}
			if p.Apply(a) != nil {
				p.Pass() // as the bot takes an illegal action
			}
		}
		for pl := range 4 {
			if pl != me && totals[r.seats[pl]] != nil {
				totals[r.seats[pl]].games[min(m.Strays[pl], strayLimit)]++
			}
		}
	}
	return nil
}
