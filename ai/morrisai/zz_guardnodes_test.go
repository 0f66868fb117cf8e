package morrisai

import (
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"gameai/ai/morrisdb"
	"gameai/games/morris"
)

func TestZZGuardNodes(t *testing.T) {
	dir, file := os.Getenv("GUARD_DB"), os.Getenv("LOST_FILE")
	if dir == "" {
		t.Skip()
	}
	db, err := morrisdb.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	data, _ := os.ReadFile(file)
	recs, err := morris.ParseGameRecords(string(data))
	if err != nil {
		t.Fatal(err)
	}
	for _, round := range strings.Split(os.Getenv("ROUNDS"), ",") {
		for _, rec := range recs {
			if rec.Tags["Round"] != round {
				continue
			}
			ours := morris.White
			if strings.HasPrefix(rec.Tags["White"], "exe:sanmill") {
				ours = morris.Black
			}
			guardOpening.db = nil // a fresh table, as a bot's first move has
			p := morris.NewPosition(morris.StandardRules)
			line := ""
			for i, m := range rec.Moves {
				if p.InHand(0) == 0 && p.InHand(1) == 0 {
					break
				}
				if i >= 4 && p.SideToMove() == ours {
					var n0 uint64
					if guardOpening.o != nil && guardOpening.db == db {
						n0 = guardOpening.o.Nodes
					}
					g := guard(t.Context(), db, p, time.Now().Add(time.Hour))
					q := p.Clone()
					q.Make(m)
					line += fmt.Sprintf(" ply %d: %d nodes, played worse %v;", i+1, guardOpening.o.Nodes-n0, g != nil && g.worse[q.Hash()])
				}
				p.Make(m)
			}
			t.Logf("round %s: %s", round, line)
		}
	}
}
