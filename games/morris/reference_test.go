package morris

import (
	"slices"
	"strings"
)

// ref is a second, deliberately plain model of the rules, written from the
// spec's text with point names and maps: it shares no table or code with
// the package, so a move generator bug shows as a disagreement.
type ref struct {
	pts          map[string]byte // "d6" -> 'W' or 'B'
	hand         [2]int
	side         int
	rules        *Rules // read for its option flags only
	mills        [][3]string
	adj          map[string][]string
	allPointsStr []string
}

var (
	refStandardMills = "a7-d7-g7 b6-d6-f6 c5-d5-e5 a4-b4-c4 e4-f4-g4 c3-d3-e3 b2-d2-f2 a1-d1-g1 " +
		"a7-a4-a1 b6-b4-b2 c5-c4-c3 d7-d6-d5 d3-d2-d1 e5-e4-e3 f6-f4-f2 g7-g4-g1"
	refDiagonalMills = " a7-b6-c5 g7-f6-e5 a1-b2-c3 g1-f2-e3"
)

func newRef(p *Position) *ref {
	text := refStandardMills
	if p.rules.Variant == Twelve {
		text += refDiagonalMills
	}
	r := &ref{pts: map[string]byte{}, hand: [2]int{int(p.hand[0]), int(p.hand[1])}, side: int(p.side),
		rules: p.rules, adj: map[string][]string{}}
	seen := map[string]bool{}
	for _, m := range strings.Fields(text) {
		n := strings.Split(m, "-")
		r.mills = append(r.mills, [3]string{n[0], n[1], n[2]})
		for i := range 2 {
			r.adj[n[i]] = append(r.adj[n[i]], n[i+1])
			r.adj[n[i+1]] = append(r.adj[n[i+1]], n[i])
		}
		for _, x := range n {
			if !seen[x] {
				seen[x] = true
				r.allPointsStr = append(r.allPointsStr, x)
			}
		}
	}
	// Read the board through the position text, not the bit sets.
	board := strings.Fields(p.String())[0]
	ranks := strings.Split(board, "/")
	for i, rank := range ranks {
		var names []string
		for _, x := range r.allPointsStr {
			if x[1] == byte('7'-i) {
				names = append(names, x)
			}
		}
		slices.Sort(names)
		for k, c := range rank {
			if c != '.' {
				r.pts[names[k]] = byte(c)
			}
		}
	}
	return r
}

func (r *ref) color(s int) byte { return "WB"[s] }

func (r *ref) count(s int) int {
	n := 0
	for _, c := range r.pts {
		if c == r.color(s) {
			n++
		}
	}
	return n
}

func (r *ref) inMill(pt string) bool {
	c := r.pts[pt]
	for _, m := range r.mills {
		if (m[0] == pt || m[1] == pt || m[2] == pt) && r.pts[m[0]] == c && r.pts[m[1]] == c && r.pts[m[2]] == c {
			return true
		}
	}
	return false
}

// millsAt counts the mills of color c through pt.
func (r *ref) millsAt(pt string, c byte) int {
	n := 0
	for _, m := range r.mills {
		if (m[0] == pt || m[1] == pt || m[2] == pt) && r.pts[m[0]] == c && r.pts[m[1]] == c && r.pts[m[2]] == c {
			n++
		}
	}
	return n
}

// removable lists the points of side s a mill may remove.
func (r *ref) removable(s int) []string {
	var all, free []string
	for pt, c := range r.pts {
		if c == r.color(s) {
			all = append(all, pt)
			if !r.inMill(pt) {
				free = append(free, pt)
			}
		}
	}
	if r.rules.RemoveFromMills || len(free) == 0 {
		return all
	}
	return free
}

// moves lists the legal moves in record notation, sorted.
func (r *ref) moves() []string {
	us, them := r.side, 1-r.side
	if r.count(us)+r.hand[us] < 3 || r.count(them)+r.hand[them] < 3 {
		return nil
	}
	var out []string
	var empty []string
	for _, pt := range r.allPointsStr {
		if r.pts[pt] == 0 {
			empty = append(empty, pt)
		}
	}
	try := func(from, to string) {
		name := to
		if from != "" {
			name = from + "-" + to
			delete(r.pts, from)
		}
		r.pts[to] = r.color(us)
		n := r.millsAt(to, r.color(us))
		rem := r.removable(them)
		switch {
		case n == 0 || len(rem) == 0:
			out = append(out, name)
		case n >= 2 && r.rules.TwoOnDoubleMill && r.count(them) >= 2:
			pairs := map[string]bool{}
			for _, a := range rem {
				delete(r.pts, a)
				for _, b := range r.removable(them) {
					x, y := a, b
					if y < x {
						x, y = y, x
					}
					pairs[x+" "+y] = true
				}
				r.pts[a] = r.color(them)
			}
			for k := range pairs {
				x, y, _ := strings.Cut(k, " ")
				// Written in the order the generator writes: lower point
				// index first when both orders are legal.
				out = append(out, name+"x"+x+"x"+y)
			}
		default:
			for _, a := range rem {
				out = append(out, name+"x"+a)
			}
		}
		delete(r.pts, to)
		if from != "" {
			r.pts[from] = r.color(us)
		}
	}
	if r.hand[us] > 0 {
		for _, to := range empty {
			try("", to)
		}
	}
	if r.hand[us] == 0 || r.rules.Mixed {
		fly := r.rules.Flying && r.hand[us] == 0 && r.count(us) == 3
		for _, from := range slices.Clone(r.allPointsStr) {
			if r.pts[from] != r.color(us) {
				continue
			}
			for _, to := range empty {
				if fly || slices.Contains(r.adj[from], to) {
					try(from, to)
				}
			}
		}
	}
	slices.Sort(out)
	return out
}

// normalized writes generator moves the way ref does: a pair of removals
// in name order.
func normalized(ms []Move) []string {
	out := make([]string, len(ms))
	for i, m := range ms {
		s := m.String()
		if m.Removal2() >= 0 {
			a, b := pointNames[m.Removal()], pointNames[m.Removal2()]
			if b < a {
				a, b = b, a
			}
			s = strings.SplitN(s, "x", 2)[0] + "x" + a + "x" + b
		}
		out[i] = s
	}
	slices.Sort(out)
	return out
}
