package morpion

import (
	"cmp"
	"fmt"
	"math/big"
	"slices"
	"strings"
)

// The move-layer code (see the spec): the grid as layers of moves, each layer
// the grid's moves legal once the earlier layers are played, written as one
// bit per legal, not yet refused move in a canonical order, six bits a
// character.

const layerAlphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"

// layerCandidates lists the legal moves that are not taboo, sorted by the
// dot each would add (x, then y), then by line index.
func layerCandidates(b *Board, taboo *[NLines]bool, buf []Line) []Line {
	buf = buf[:0]
	for _, l := range b.Legal() {
		if !taboo[l] {
			buf = append(buf, l)
		}
	}
	slices.SortFunc(buf, func(p, q Line) int {
		px, py := b.Hole(p).XY()
		qx, qy := b.Hole(q).XY()
		return cmp.Or(cmp.Compare(px, qx), cmp.Compare(py, qy), cmp.Compare(p.order(), q.order()))
	})
	return buf
}

// Layers returns the grid's moves layer by layer, in the code's order.
func Layers(g *Grid) [][]Played {
	layers, _ := layerWalk(g)
	return layers
}

// layerWalk plays the grid layer by layer and returns the layers and the
// code's bits.
func layerWalk(g *Grid) ([][]Played, []bool) {
	var inGrid, taboo [NLines]bool
	for _, m := range g.Moves {
		inGrid[m.Line] = true
	}
	b := NewBoard(g.Variant)
	var layers [][]Played
	var bits []bool
	var buf []Line
	for {
		buf = layerCandidates(b, &taboo, buf)
		if len(buf) == 0 {
			break
		}
		var layer []Played
		for _, l := range buf {
			bits = append(bits, inGrid[l])
			if inGrid[l] {
				layer = append(layer, Played{Line: l, Dot: b.Hole(l)})
			} else {
				taboo[l] = true
			}
		}
		for _, m := range layer {
			b.Play(m.Line)
		}
		layers = append(layers, layer)
	}
	return layers, bits
}

// EncodeLayers writes the grid's move-layer code.
func EncodeLayers(g *Grid) string {
	_, bits := layerWalk(g)
	var sb strings.Builder
	for i := 0; i < len(bits); i += 6 {
		v := 0
		for j := range 6 {
			v <<= 1
			if i+j < len(bits) && bits[i+j] {
				v |= 1
			}
		}
		sb.WriteByte(layerAlphabet[v])
	}
	return sb.String()
}

// DecodeLayers reads a move-layer code. Every bit is checked: the code must
// end exactly where the last layer does, up to fewer than six zero bits of
// padding.
func DecodeLayers(v Variant, code string) (*Grid, error) {
	if len(code) > MaxTextBytes {
		return nil, &ParseError{Reason: fmt.Sprintf("code of %d characters exceeds %d", len(code), MaxTextBytes)}
	}
	vals := make([]byte, len(code))
	for i := range len(code) {
		k := strings.IndexByte(layerAlphabet, code[i])
		if k < 0 {
			return nil, &ParseError{Line: 1, Column: i + 1, Reason: fmt.Sprintf("%q is not a character of the code (A-Z a-z 0-9 + /)", code[i])}
		}
		vals[i] = byte(k)
	}
	bit := func(i int) bool { return vals[i/6]>>(5-i%6)&1 == 1 }
	nbits := 6 * len(code)
	var taboo [NLines]bool
	b := NewBoard(v)
	var buf, layer []Line
	at := 0
	for {
		buf = layerCandidates(b, &taboo, buf)
		if len(buf) == 0 {
			break
		}
		layer = layer[:0]
		for _, l := range buf {
			if at == nbits {
				return nil, &ParseError{Line: 1, Column: len(code) + 1, Reason: "the code ends in the middle of a layer"}
			}
			if bit(at) {
				layer = append(layer, l)
			} else {
				taboo[l] = true
			}
			at++
		}
		if b.Score()+len(layer) > MaxMoves {
			return nil, &ParseError{Line: 1, Column: at/6 + 1, Reason: fmt.Sprintf("more than %d moves", MaxMoves)}
		}
		for _, l := range layer {
			if !b.IsLegal(l) {
				// Two moves of one layer adding the same dot: not a grid.
				return nil, &ParseError{Line: 1, Column: at/6 + 1, Reason: fmt.Sprintf("layer %d holds two moves adding the dot %v", len(layer), b.Hole(l))}
			}
			b.Play(l)
		}
	}
	if nbits-at >= 6 {
		return nil, &ParseError{Line: 1, Column: at/6 + 2, Reason: fmt.Sprintf("%d characters after the end of the grid", (nbits-at)/6)}
	}
	for i := at; i < nbits; i++ {
		if bit(i) {
			return nil, &ParseError{Line: 1, Column: len(code), Reason: "padding bits after the grid must be 0"}
		}
	}
	return GridOf(b), nil
}

// LayerStats describes a grid's layers.
type LayerStats struct {
	Sizes []int
	// Orders is the number of orders in which the grid can be played: the
	// product of the factorials of the layer sizes.
	Orders *big.Int
}

// AnalyzeLayers returns the layer sizes and the number of orders.
func AnalyzeLayers(g *Grid) LayerStats {
	st := LayerStats{Orders: big.NewInt(1)}
	var f big.Int
	for _, l := range Layers(g) {
		st.Sizes = append(st.Sizes, len(l))
		st.Orders.Mul(st.Orders, f.MulRange(1, int64(len(l))))
	}
	return st
}
