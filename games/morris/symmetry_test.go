package morris

import (
	"slices"
	"testing"
)

// The search over the mills finds 16 symmetries, the identity first; they
// are a group (closed under composition, each with an inverse); each maps
// every mill onto a mill and keeps adjacency (so moves, not only mills);
// and they include the swap of the inner and outer squares and a quarter
// turn, read off the picture in board.go.
func TestSymmetries(t *testing.T) {
	if len(Symmetries) != 16 {
		t.Fatalf("%d symmetries, want 16", len(Symmetries))
	}
	if n := len(findSymmetries(false)); n != 48 {
		t.Errorf("%d permutations keep the mills alone, want 48 (the 16 times the orders of the three squares)", n)
	}
	key := func(to [NPoints]uint8) string { return string(to[:]) }
	have := map[string]bool{}
	for i, s := range Symmetries {
		have[key(s.To)] = true
		if i == 0 {
			for p := range NPoints {
				if int(s.To[p]) != p {
					t.Fatalf("the first symmetry is not the identity: %v", s.To)
				}
			}
		}
		for _, m := range standard.mills {
			if !slices.Contains(standard.mills, s.Apply(m)) {
				t.Errorf("symmetry %d sends mill %024b off the mills", i, m)
			}
		}
		for p := range NPoints {
			if s.Apply(Adjacent(p)) != Adjacent(int(s.To[p])) {
				t.Errorf("symmetry %d does not keep the neighbours of %s", i, pointNames[p])
			}
			if s.Apply(1<<uint(p)) != 1<<uint(s.To[p]) {
				t.Errorf("symmetry %d's tables disagree with its permutation at %s", i, pointNames[p])
			}
		}
	}
	if len(have) != 16 {
		t.Fatalf("%d distinct symmetries", len(have))
	}
	for _, a := range Symmetries {
		for _, b := range Symmetries {
			var c [NPoints]uint8
			for p := range NPoints {
				c[p] = b.To[a.To[p]]
			}
			if !have[key(c)] {
				t.Fatalf("the composition of %v and %v is not among them", a.To, b.To)
			}
		}
	}
	named := func(pairs ...string) [NPoints]uint8 {
		var to [NPoints]uint8
		for i := 0; i < len(pairs); i += 2 {
			from, _ := ParsePoint(pairs[i])
			img, _ := ParsePoint(pairs[i+1])
			to[from] = uint8(img)
		}
		return to
	}
	swap := named("a7", "c5", "d7", "d5", "g7", "e5", "b6", "b6", "d6", "d6", "f6", "f6", "c5", "a7", "d5", "d7", "e5", "g7",
		"a4", "c4", "b4", "b4", "c4", "a4", "e4", "g4", "f4", "f4", "g4", "e4",
		"c3", "a1", "d3", "d1", "e3", "g1", "b2", "b2", "d2", "d2", "f2", "f2", "a1", "c3", "d1", "d3", "g1", "e3")
	// A quarter turn clockwise: a7 to g7, d7 to g4, g7 to g1, ...
	turn := named("a7", "g7", "d7", "g4", "g7", "g1", "b6", "f6", "d6", "f4", "f6", "f2", "c5", "e5", "d5", "e4", "e5", "e3",
		"a4", "d7", "b4", "d6", "c4", "d5", "e4", "d3", "f4", "d2", "g4", "d1",
		"c3", "c5", "d3", "c4", "e3", "c3", "b2", "b6", "d2", "b4", "f2", "b2", "a1", "a7", "d1", "a4", "g1", "a1")
	for name, to := range map[string][NPoints]uint8{"the swap of the squares": swap, "a quarter turn": turn} {
		if !have[key(to)] {
			t.Errorf("%s is not found", name)
		}
	}
}

// A canonical placement is the same for every image of a placement, is
// itself an image of it, and the class's size is the number of distinct
// images.
func TestCanonical(t *testing.T) {
	mover := Bits(1<<0 | 1<<1 | 1<<9)   // a7 d7 a4
	other := Bits(1<<23 | 1<<13 | 1<<7) // g1 f4 d5
	cm, co, n := Canonical(mover, other)
	images := map[[2]Bits]bool{}
	for _, s := range Symmetries {
		m, o := s.Apply(mover), s.Apply(other)
		images[[2]Bits{m, o}] = true
		if gm, gotO, gn := Canonical(m, o); gm != cm || gotO != co || gn != n {
			t.Errorf("an image's canonical form differs: %v %v %d against %v %v %d", gm, gotO, gn, cm, co, n)
		}
	}
	if !images[[2]Bits{cm, co}] || n != len(images) {
		t.Errorf("canonical %v %v of a class of %d images, said %d", cm, co, len(images), n)
	}
	// The empty board and a symmetric placement are their own class.
	if _, _, n := Canonical(0, 0); n != 1 {
		t.Errorf("the empty board's class has %d", n)
	}
}

// BenchmarkCanonical: a placement's class representative, what a probe of
// a database stored by class would add to today's (16 images of two sets,
// a byte table at a time).
func BenchmarkCanonical(b *testing.B) {
	mover := Bits(1<<0 | 1<<1 | 1<<9 | 1<<12 | 1<<20 | 1<<5 | 1<<17)
	other := Bits(1<<23 | 1<<13 | 1<<7 | 1<<3 | 1<<15 | 1<<22 | 1<<10)
	var sink Bits
	for b.Loop() {
		m, o, _ := Canonical(mover, other)
		sink ^= m ^ o
		mover = mover>>1 | mover<<23&all // another placement each time
	}
	_ = sink
}
