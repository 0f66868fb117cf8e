package nested

// Incremental is a Problem that says how its legal moves changed with the
// last Play. NRPA then keeps its own list of the legal moves, each with its
// exponential, in step with the problem's instead of reading the whole list
// and looking every weight up again at every move; and it learns when each
// move was legal, which makes the adaptation linear in the moves that were
// ever legal rather than in the sum of the list lengths.
type Incremental interface {
	Problem
	// Changes returns the moves the last Play made legal and those it
	// made illegal (the move played among them, unless it stays legal),
	// valid until the next Play or Reset; the caller does not modify them.
	Changes() (born, died []int32)
}

// incremental returns p itself when it reports its changes, or a wrapper
// that finds them by comparing successive move lists.
func incremental(p Problem) Incremental {
	if q, ok := p.(Incremental); ok {
		return q
	}
	return &differ{Problem: p, in: newMarks(p.Codes())}
}

// differ gives any Problem the Incremental interface: after each Play it
// reads the new move list and compares it with the previous one. It
// follows play from a Reset (NRPA's playouts always start with one).
type differ struct {
	Problem
	prev, cur  []int32
	born, died []int32
	in         marks
}

func (d *differ) Reset() {
	d.Problem.Reset()
	d.prev = d.Moves(d.prev[:0])
	d.born, d.died = d.born[:0], d.died[:0]
}

func (d *differ) Play(code int32) {
	d.Problem.Play(code)
	d.cur = d.Moves(d.cur[:0])
	d.died = d.minus(d.died[:0], d.prev, d.cur)
	d.born = d.minus(d.born[:0], d.cur, d.prev)
	d.prev, d.cur = d.cur, d.prev
}

// minus appends to out the moves of a that are not in b.
func (d *differ) minus(out, a, b []int32) []int32 {
	d.in.clear()
	for _, m := range b {
		d.in.add(m)
	}
	for _, m := range a {
		if !d.in.has(m) {
			out = append(out, m)
		}
	}
	return out
}

func (d *differ) Changes() (born, died []int32) { return d.born, d.died }

// frontier is NRPA's copy of the legal moves during a playout: each with
// its exponential under the playout's policy (fixed for the playout) and
// the step at which it became legal, kept together so that drawing a move
// reads one short array in order.
type frontier struct {
	items []item
	pos   []int32 // index in items by code, or -1
}

type item struct {
	e    float32
	code int32
	born int32
}

func newFrontier(codes int) frontier {
	f := frontier{pos: make([]int32, codes)}
	for i := range f.pos {
		f.pos[i] = -1
	}
	return f
}

func (f *frontier) clear() {
	for _, it := range f.items {
		f.pos[it.code] = -1
	}
	f.items = f.items[:0]
}

func (f *frontier) add(code int32, e float32, step int32) {
	f.pos[code] = int32(len(f.items))
	f.items = append(f.items, item{e: e, code: code, born: step})
}

// remove takes code out and returns the step at which it became legal and
// its exponential.
func (f *frontier) remove(code int32) (int32, float32) {
	i := f.pos[code]
	it := f.items[i]
	last := f.items[len(f.items)-1]
	f.items[i] = last
	f.pos[last.code] = i
	f.pos[code] = -1
	f.items = f.items[:len(f.items)-1]
	return it.born, it.e
}

func (f *frontier) sum() float64 {
	z := 0.0
	for _, it := range f.items {
		z += float64(it.e)
	}
	return z
}
