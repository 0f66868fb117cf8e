package morris

// Symmetry is a permutation of the 24 points that maps the standard
// board's mills onto its mills and its adjacencies onto its adjacencies:
// a position and its image have the same legal moves, mills and value.
// Its tables map a set of points a byte at a time.
type Symmetry struct {
	To  [NPoints]uint8 // the image of each point
	tab [3][256]Bits
}

// Apply is the image of the set b.
func (s *Symmetry) Apply(b Bits) Bits {
	return s.tab[0][b&0xff] | s.tab[1][b>>8&0xff] | s.tab[2][b>>16&0xff]
}

// Symmetries are every permutation of the points that keeps the standard
// board's mills and its adjacencies, found by a search over the board
// itself (not written by hand), the identity first: the square's eight
// (four rotations, four reflections) times the swap of the inner and outer
// squares, 16 in all. The mills alone allow 48 (the three squares in any
// order), but a move from the outer square's midpoint reaches the middle
// square's, not the inner's: a symmetry must keep both. TestSymmetries
// checks the counts, the group, and both properties of each. The
// perfect-play database stores one position of each class they make.
var Symmetries = findSymmetries(true)

// findSymmetries assigns the points an image in turn, backtracking when
// two points that share a mill (or, with adjacency, that are neighbours)
// are sent to two that do not, or a mill whose points are all placed is
// sent off the mills.
func findSymmetries(adjacency bool) []Symmetry {
	g := standard
	isMill := map[Bits]bool{}
	for _, m := range g.mills {
		isMill[m] = true
	}
	// together[p][q]: p and q lie on one mill.
	var together [NPoints]Bits
	for _, m := range g.mills {
		for p := range NPoints {
			if m.Has(p) {
				together[p] |= m &^ (1 << uint(p))
			}
		}
	}
	var out []Symmetry
	var to [NPoints]int
	var used Bits
	var place func(p int)
	place = func(p int) {
		if p == NPoints {
			out = append(out, newSymmetry(to))
			return
		}
		for q := range NPoints {
			if used.Has(q) {
				continue
			}
			ok := true
			for r := range p {
				if together[p].Has(r) != together[q].Has(to[r]) || adjacency && g.adj[p].Has(r) != g.adj[q].Has(to[r]) {
					ok = false
					break
				}
			}
			if !ok {
				continue
			}
			to[p], used = q, used|1<<uint(q)
			for _, m := range g.millsOf[p] {
				if img, whole := imageOf(m, p, &to); whole && !isMill[img] {
					ok = false
				}
			}
			if ok {
				place(p + 1)
			}
			used &^= 1 << uint(q)
		}
	}
	place(0)
	return out
}

// imageOf is the image of the mill m when its points up to p have one.
func imageOf(m Bits, p int, to *[NPoints]int) (Bits, bool) {
	var img Bits
	for r := range NPoints {
		if m.Has(r) {
			if r > p {
				return 0, false
			}
			img |= 1 << uint(to[r])
		}
	}
	return img, true
}

func newSymmetry(to [NPoints]int) Symmetry {
	var s Symmetry
	for p, q := range to {
		s.To[p] = uint8(q)
	}
	for j := range s.tab {
		for b := range s.tab[j] {
			for q := range 8 {
				if b>>q&1 == 1 {
					s.tab[j][b] |= 1 << uint(to[8*j+q])
				}
			}
		}
	}
	return s
}

// Canonical is the representative of the class of the placement (a side's
// pieces and the other's) under Symmetries: the image whose pair, read as
// the number mover·2^24 + other, is least; and the number of distinct
// placements in the class (16 divided by how many symmetries fix it).
func Canonical(mover, other Bits) (Bits, Bits, int) {
	bm, bo := mover, other
	fixed := 0
	for i := range Symmetries {
		s := &Symmetries[i]
		m := s.Apply(mover)
		// The other side's image decides only a tie on the mover's, and
		// whether the placement is fixed.
		if m > bm && m != mover {
			continue
		}
		o := s.Apply(other)
		if m == mover && o == other {
			fixed++
		}
		if m < bm || m == bm && o < bo {
			bm, bo = m, o
		}
	}
	return bm, bo, len(Symmetries) / fixed
}
