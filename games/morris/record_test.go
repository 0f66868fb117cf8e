package morris

import (
	"math/rand/v2"
	"strings"
	"testing"
)

func TestRecordRoundTrips(t *testing.T) {
	for _, c := range perftCases {
		p := c.position(t)
		rec := &GameRecord{Tags: map[string]string{"White": "a", "Black": "b", "Variant": c.variant.String(),
			"Start": p.String(), "Rules": RulesTag(p.rules)}}
		rng := rand.New(rand.NewPCG(3, 4))
		for range 80 {
			ms := p.GenMoves(nil)
			if len(ms) == 0 || p.Outcome().Over {
				break
			}
			m := ms[rng.IntN(len(ms))]
			p.Make(m)
			rec.Moves = append(rec.Moves, m)
		}
		rec.Tags["Result"] = Unfinished
		text := rec.String()
		back, err := ParseGameRecord(text)
		if err != nil {
			t.Fatalf("%s: %v\n%s", c.name, err, text)
		}
		if back.String() != text {
			t.Errorf("%s: written\n%s\nread back as\n%s", c.name, text, back)
		}
		end, err := back.Replay()
		if err != nil || end.String() != p.String() {
			t.Errorf("%s: replay gives %v (%v), want %s", c.name, end, err, p)
		}
	}
}

func TestRecordErrors(t *testing.T) {
	for _, c := range []struct{ text, want string }{
		{"[White \"x\"]\n\n1. d6 d6", "move 2 d6: d6 is not empty"},
		{"[White x]\n\n1. d6", "quoted"},
		{"[Variant \"thirteen\"]\n\n1. d6", "variant"},
		{"[Rules \"flying\"]\n\n1. d6", "name=value"},
		{"[Rules \"flying=maybe\"]\n\n1. d6", "flying"},
		{"1. d6 q9", "move 2"},
	} {
		_, err := ParseGameRecord(c.text)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: %v, want an error with %q", c.text, err, c.want)
		}
	}
	r, err := ParseGameRecord("1. d6 d2 2. b6 f2 3. f6xd2 1-0\n")
	if err != nil || len(r.Moves) != 5 || r.Moves[4].String() != "f6xd2" {
		t.Errorf("bare moves: %v %v", r, err)
	}
}

// A file of records, as a match writes it, reads back record by record,
// tags-only records and blank lines included; an error names the record.
func TestParseGameRecords(t *testing.T) {
	text := "[Round \"1\"]\n[Result \"1-0\"]\n\n1. d6 d2 2. b6 f2 3. f6xd2\ng4 1-0\n\n\n[Round \"2\"]\n\n[Round \"3\"]\n\n1. d6\n"
	rs, err := ParseGameRecords(text)
	if err != nil {
		t.Fatal(err)
	}
	if len(rs) != 3 || len(rs[0].Moves) != 6 || len(rs[1].Moves) != 0 || len(rs[2].Moves) != 1 || rs[2].Tags["Round"] != "3" {
		t.Fatalf("%d records: %v", len(rs), rs)
	}
	if _, err := ParseGameRecords(text + "\n[Round \"4\"]\n\n1. d6 d6\n"); err == nil || !strings.HasPrefix(err.Error(), "record 4: move 2") {
		t.Errorf("an illegal move in the fourth record: %v", err)
	}
	p, err := rs[0].Start()
	if err != nil || p.InHand(White) != 9 {
		t.Errorf("the start: %v, %v", p, err)
	}
}
