package morpion

// Problem is a board seen by the nested searches (ai/nested): move codes
// are line ids, the score is the number of lines, and Reset returns to the
// root cheaply.
type Problem struct {
	root *Board
	b    *Board
}

// NewProblem starts from a copy of root.
func NewProblem(root *Board) *Problem {
	r := *root
	b := r
	return &Problem{root: &r, b: &b}
}

// Board is the current position (do not modify).
func (p *Problem) Board() *Board { return p.b }

// Moves appends the legal line ids.
func (p *Problem) Moves(buf []int32) []int32 {
	for _, l := range p.b.Legal() {
		buf = append(buf, int32(l))
	}
	return buf
}

// Changes returns the lines the last Play made legal and those it made
// illegal (nested.Incremental).
func (p *Problem) Changes() (born, died []int32) { return p.b.Changed() }

func (p *Problem) Play(code int32) { p.b.Play(Line(code)) }
func (p *Problem) Undo()           { p.b.Undo() }
func (p *Problem) Reset()          { p.b.Reset(p.root) }
func (p *Problem) Depth() int      { return p.b.Score() - p.root.Score() }
func (p *Problem) Score() float64  { return float64(p.b.Score()) }
func (p *Problem) Codes() int      { return NLines }

// Clone copies the problem: same root, same position.
func (p *Problem) Clone() *Problem {
	b := *p.b
	return &Problem{root: p.root, b: &b}
}

// Grid is the game to the current position, root moves included.
func (p *Problem) Grid() *Grid { return GridOf(p.b) }

// Complete returns the root's grid followed by the moves of a sequence
// found from the root.
func (p *Problem) Complete(moves []int32) *Grid {
	b := *p.root
	for _, m := range moves {
		b.Play(Line(m))
	}
	return GridOf(&b)
}
