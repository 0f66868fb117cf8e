package morris

import (
	"strings"
	"testing"
)

func FuzzParsePosition(f *testing.F) {
	for _, c := range perftCases {
		if c.text != "" {
			f.Add(c.text)
		}
	}
	f.Add(".../.../.../....../.../.../... w 9 9 0 0 -")
	f.Add("WWW/WWW/WWW/WWWWWW/.../.../... b 0 0 0 0 w")
	f.Add("B../.../B.B/...B../..B/..B/BBB B 0 0 0 11000000000 B")
	f.Fuzz(func(t *testing.T, text string) {
		p, err := ParsePosition(StandardRules, text)
		if err != nil {
			return
		}
		// An accepted position prints and reads back the same, and its
		// moves are legal by make and unmake.
		q, err := ParsePosition(StandardRules, p.String())
		if err != nil || q.String() != p.String() || q.Hash() != p.Hash() {
			t.Fatalf("%q -> %q -> %v", text, p.String(), err)
		}
		before := p.String()
		for _, m := range p.GenMoves(nil) {
			p.Make(m)
			p.Unmake(m)
		}
		if p.String() != before {
			t.Fatalf("make/unmake changed %q", before)
		}
	})
}

func FuzzParseMove(f *testing.F) {
	for _, s := range []string{"d6", "d6-d5", "c3xa4", "d5-c5xg7xa1", "X", "a1-", "xxx"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		m, err := ParseMove(text)
		if err != nil {
			return
		}
		back, err := ParseMove(m.String())
		if err != nil || back != m {
			t.Fatalf("%q -> %s -> %v", text, m, err)
		}
	})
}

func FuzzParseGameRecord(f *testing.F) {
	f.Add("[White \"a\"]\n[Result \"1-0\"]\n\n1. d6 d2 2. b6 f2 3. f6xd2 1-0\n")
	f.Add("[Variant \"lasker\"]\n[Rules \"flying=false\"]\n\n1. d6 d6-d5\n")
	f.Fuzz(func(t *testing.T, text string) {
		r, err := ParseGameRecord(text)
		if err != nil {
			return
		}
		back, err := ParseGameRecord(r.String())
		if err != nil || back.String() != r.String() {
			t.Fatalf("record does not round-trip: %v\n%s", err, r)
		}
	})
}

func FuzzParseGameRecords(f *testing.F) {
	f.Add("[White \"a\"]\n[Result \"1-0\"]\n\n1. d6 d2 2. b6 f2 3. f6xd2 1-0\n\n[Round \"2\"]\n\n1. d6\n")
	f.Add("[Round \"1\"]\n\n[Round \"2\"]\n\n1. d6 d2\n")
	f.Fuzz(func(t *testing.T, text string) {
		rs, err := ParseGameRecords(text)
		if err != nil {
			return
		}
		for _, r := range rs {
			if len(r.Tags) == 0 && len(rs) > 1 {
				t.Fatalf("a record without tags among %d: only a file's one record has none", len(rs))
			}
		}
		var b strings.Builder
		for _, r := range rs {
			b.WriteString(r.String())
			b.WriteString("\n")
		}
		back, err := ParseGameRecords(b.String())
		if err != nil || len(back) != len(rs) {
			t.Fatalf("records do not round-trip: %v, %d of %d\n%s", err, len(back), len(rs), b.String())
		}
		for i := range rs {
			if back[i].String() != rs[i].String() {
				t.Fatalf("record %d does not round-trip:\n%s\n%s", i+1, rs[i], back[i])
			}
		}
	})
}
