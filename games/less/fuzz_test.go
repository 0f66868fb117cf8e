package less

import "testing"

func FuzzParseWalls(f *testing.F) {
	f.Add(FixtureLayout)
	f.Add("0")
	f.Fuzz(func(t *testing.T, text string) {
		w, err := ParseWalls(text)
		if err != nil {
			return
		}
		back, err := ParseWalls(w.String())
		if err != nil || *back != *w {
			t.Fatalf("%q does not round-trip", text)
		}
		// The two sides of every edge agree.
		for s := range NSquares {
			for d := range 4 {
				if n := neighbour[s][d]; n >= 0 && w[s][d] != w[n][(d+2)%4] {
					t.Fatalf("edge %d-%d: %d and %d", s, n, w[s][d], w[n][(d+2)%4])
				}
			}
		}
	})
}

func FuzzParseAction(f *testing.F) {
	for _, s := range []string{"Nil", "h2h3", "h2h3:h1f1:g1e1", "a1a2:", "z9z9", "h2h3:h1f1:g1e1:a1a2"} {
		f.Add(s)
	}
	w, _ := ParseWalls(FixtureLayout)
	start := NewPosition(w)
	f.Fuzz(func(t *testing.T, text string) {
		a, err := ParseAction(text)
		if err != nil {
			return
		}
		back, err := ParseAction(a.String())
		if err != nil || back != a {
			t.Fatalf("%q -> %s -> %v", text, a, err)
		}
		// Applying it either works or leaves the position as it was.
		p := *start
		if err := p.Apply(a); err != nil && p != *start {
			t.Fatalf("a refused %s changed the position", a)
		}
	})
}

func FuzzParsePosition(f *testing.F) {
	f.Add(FixtureLayout)
	f.Add(FixtureLayout + " g1,g2,h1,h2 a1,a2,b1,b2 g7,g8,h7,h8 a7,a8,b7,b8 0 3 0 3,0,0,0")
	f.Add(FixtureLayout + " a7,a8,b7,b8 d4,d5,e4,e5 a1,a2,b1,b2 c3,c4,c5,c6 79 3 0 60,60,60,60")
	f.Fuzz(func(t *testing.T, text string) {
		p, err := ParsePosition(text)
		if err != nil {
			return
		}
		q, err := ParsePosition(p.Text())
		if err != nil || q.Text() != p.Text() {
			t.Fatalf("%q -> %q -> %v", text, p.Text(), err)
		}
		for _, a := range p.Actions() {
			r := *p
			if err := r.Apply(a); err != nil {
				t.Fatalf("listed action %s is illegal: %v", a, err)
			}
		}
	})
}
