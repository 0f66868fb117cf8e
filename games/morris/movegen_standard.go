package morris

// This file is move generation on the standard board, word-parallel like
// the evaluation's line counts (lines.go): which empty points complete a
// line is found for all 16 lines at once, so that no move needs its own
// mill test.

// closers is the set of points of e that complete a triple of x: points
// whose two partners in their triple are both in x.
func closers(x, e Bits) Bits {
	a, b, c := x&tripleBase, x>>1&tripleBase, x>>2&tripleBase
	ea, eb, ec := e&tripleBase, e>>1&tripleBase, e>>2&tripleBase
	return b&c&ea | (a&c&eb)<<1 | (a&b&ec)<<2
}

// lineClosers is closers for all 16 lines of the standard board, for the
// side own on the empty points (vown and vempty: the same in the vertical
// order): closeH completes a horizontal line, closeV a vertical one.
func lineClosers(own, vown, empty, vempty Bits) (closeH, closeV Bits) {
	return closers(own, empty), permute(&vunperm, closers(vown, vempty))
}

// vempty is the empty points in the vertical order.
func (p *Position) vempty() Bits { return all &^ (p.vocc[0] | p.vocc[1]) }

// millPiecesStandard is inMills on the standard board.
func millPiecesStandard(x Bits) Bits {
	hf, _ := triples(x, 0)
	vf, _ := triples(permute(&vperm, x), 0)
	return millSet(hf, vf)
}

// millSet is the pieces of the full triples hf (horizontal) and vf (in the
// vertical order), as points.
func millSet(hf, vf Bits) Bits { return spread(hf) | permute(&vunperm, spread(vf)) }

// placeStandard appends the placements of the side to move, whose pieces
// are own (p.vocc holds them in the vertical order), on the empty points.
func (p *Position) placeStandard(buf []Move, own, empty Bits) []Move {
	closeH, closeV := lineClosers(own, p.vocc[p.side], empty, p.vempty())
	closing := closeH | closeV
	for e := empty &^ closing; e != 0; e &= e - 1 {
		buf = append(buf, Place(trailing(e)))
	}
	for e := closing; e != 0; e &= e - 1 {
		to := trailing(e)
		buf = p.appendMill(buf, Place(to), to, own|1<<uint(to))
	}
	return buf
}

// slideStandard appends the slides of the side to move, whose pieces are
// own (a side that does not fly). A slide along a horizontal line leaves
// that line, so it can only complete the vertical line of its target, and
// the reverse: the horizontal slides look up the vertical closers, and the
// vertical ones (found in the permuted order, where vertical lines are
// triples) the horizontal closers. Slides are found per direction as sets
// of their from points, split into quiet ones and mills before any is
// appended.
func (p *Position) slideStandard(buf []Move, own, empty Bits) []Move {
	vown, vempty := p.vocc[p.side], p.vempty()
	closeH, closeV := lineClosers(own, vown, empty, vempty)
	vcloseH := permute(&vperm, closeH)
	// From points of slides to the next point of a triple (i -> i+1) and
	// to the previous one (i+1 -> i, keyed by i).
	right, left := own&(empty>>1)&hasRight, own>>1&empty&hasRight
	vright, vleft := vown&(vempty>>1)&hasRight, vown>>1&vempty&hasRight
	for r := right &^ (closeV >> 1); r != 0; r &= r - 1 {
		f := trailing(r)
		buf = append(buf, Slide(f, f+1))
	}
	for r := left &^ closeV; r != 0; r &= r - 1 {
		t := trailing(r)
		buf = append(buf, Slide(t+1, t))
	}
	for r := vright &^ (vcloseH >> 1); r != 0; r &= r - 1 {
		i := trailing(r)
		buf = append(buf, Slide(vpoint[i], vpoint[i+1]))
	}
	for r := vleft &^ vcloseH; r != 0; r &= r - 1 {
		i := trailing(r)
		buf = append(buf, Slide(vpoint[i+1], vpoint[i]))
	}
	// Mills: rare, and each takes the removals with it.
	for r := right & (closeV >> 1); r != 0; r &= r - 1 {
		f := trailing(r)
		buf = p.appendSlideMill(buf, own, f, f+1)
	}
	for r := left & closeV; r != 0; r &= r - 1 {
		t := trailing(r)
		buf = p.appendSlideMill(buf, own, t+1, t)
	}
	for r := vright & (vcloseH >> 1); r != 0; r &= r - 1 {
		i := trailing(r)
		buf = p.appendSlideMill(buf, own, vpoint[i], vpoint[i+1])
	}
	for r := vleft & vcloseH; r != 0; r &= r - 1 {
		i := trailing(r)
		buf = p.appendSlideMill(buf, own, vpoint[i+1], vpoint[i])
	}
	return buf
}

func (p *Position) appendSlideMill(buf []Move, own Bits, from, to int) []Move {
	return p.appendMill(buf, Slide(from, to), to, own&^(1<<uint(from))|1<<uint(to))
}
