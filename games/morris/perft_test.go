package morris

import (
	"slices"
	"testing"

	"gameai/games"
)

// perftCase is a position and its perft counts by depth (from 1). The
// counts come from this package's generator and are checked by two other
// methods: copy-make instead of make/unmake, and, move list by move list
// at every node, the independent model in reference_test.go.
type perftCase struct {
	name    string
	variant Variant
	opts    map[string]string
	text    string // "" for the start position
	counts  []int64
	refUpTo int // depth to which the reference model checks every node
}

var perftCases = []perftCase{
	// The spec's counts: 24, 552, 12,144; no mill is possible before ply 5.
	{"start", Nine, nil, "", []int64{24, 552, 12144, 255024, 5140800}, 4},
	{"end of placing", Nine, nil, EndOfPlacing, []int64{11, 43, 456, 4210, 42297, 375122}, 4},
	{"moving, mill just closed", Nine, nil, "W../BBB/.WB/.B..WB/W../B../.BB w 0 0 0 30 b", []int64{7, 58, 408, 4946, 67371, 772426}, 4},
	{"flying", Nine, nil, "W.B/.W./.../B.BB../.B./.../BWB w 0 0 22 60 -", []int64{42, 549, 23766, 309706, 12512496}, 3},
	{"twelve men's morris", Twelve, nil, ".BB/.WB/WWB/BWWWB./WB./B.B/.W. w 2 2 0 20 -", []int64{7, 102, 690, 7765, 41895, 528001}, 4},
	{"lasker", Lasker, nil, "B../.BW/.BW/B..W.W/..W/W../... w 3 5 1 14 -", []int64{28, 716, 18364, 442276, 11400045}, 3},
	{"double mill removes two", Nine, map[string]string{OptTwoOnDoubleMill: "true"}, "BBB/WB./..B/W.W.../BBW/WWB/.W. w 1 1 0 16 -", []int64{18, 225, 3222, 26519, 271499}, 3},
	{"no flying, removal from mills", Nine, map[string]string{OptFlying: "false", OptRemoveFromMills: "true"}, "B../W../B.B/W.WWW./..B/..B/BBB w 0 0 10 40 -", []int64{14, 100, 778, 8015, 75965, 816299}, 4},
}

func (c perftCase) position(t testing.TB) *Position {
	t.Helper()
	o, err := games.ResolveOptions(OptionSpecs, c.opts)
	if err != nil {
		t.Fatal(err)
	}
	r := MustRules(c.variant, o)
	if c.text == "" {
		return NewPosition(r)
	}
	p, err := ParsePosition(r, c.text)
	if err != nil {
		t.Fatalf("%s: %v", c.name, err)
	}
	return p
}

// copyPerft counts by copying the position at every node instead of
// unmaking.
func copyPerft(p *Position, depth int) int64 {
	ms := p.GenMoves(nil)
	if depth == 1 {
		return int64(len(ms))
	}
	var n int64
	for _, m := range ms {
		q := p.Clone()
		q.Make(m)
		n += copyPerft(q, depth-1)
	}
	return n
}

// refWalk compares the generator's moves with the reference model's at
// every node to depth, and counts the leaves.
func refWalk(t *testing.T, p *Position, depth int, path []string) int64 {
	got := normalized(p.GenMoves(nil))
	want := newRef(p).moves()
	if !slices.Equal(got, want) {
		t.Fatalf("after %v (%s):\ngenerator %v\nreference %v", path, p, got, want)
	}
	if depth == 1 {
		return int64(len(got))
	}
	var n int64
	for _, m := range p.GenMoves(nil) {
		p.Make(m)
		n += refWalk(t, p, depth-1, append(path, m.String()))
		p.Unmake(m)
	}
	return n
}

func TestPerft(t *testing.T) {
	for _, c := range perftCases {
		t.Run(c.name, func(t *testing.T) {
			p := c.position(t)
			before := p.String()
			for d := 1; d <= len(c.counts); d++ {
				mk := Perft(p, d)
				if p.String() != before || p.Hash() != p.computeHash() {
					t.Fatalf("depth %d: make/unmake did not restore the position: %s", d, p)
				}
				// Copy-make allocates: the test runs it up to a million
				// leaves (the larger counts in the table were checked by it
				// when they were recorded).
				if mk <= 1_000_000 {
					if cp := copyPerft(p, d); cp != mk {
						t.Errorf("depth %d: make/unmake %d, copy-make %d", d, mk, cp)
					}
				}
				if mk != c.counts[d-1] {
					t.Errorf("depth %d: perft %d, want %d", d, mk, c.counts[d-1])
				}
				if d == c.refUpTo {
					if rw := refWalk(t, p, d, nil); rw != mk {
						t.Errorf("depth %d: perft %d, reference model %d", d, mk, rw)
					}
				}
			}
		})
	}
}
