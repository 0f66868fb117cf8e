package morpion

import (
	"fmt"
	"strings"
)

// bounds returns the frame box holding the cross and every point of the
// grid's lines.
func bounds(g *Grid) (x0, y0, x1, y1 int) {
	x0, y0, x1, y1 = 0, 0, 9, 9
	for _, m := range g.Moves {
		for k := range 5 {
			x, y := m.Line.Point(k).XY()
			x0, y0, x1, y1 = min(x0, x), min(y0, y), max(x1, x), max(y1, y)
		}
	}
	return
}

// SVGOptions choose what a picture shows.
type SVGOptions struct {
	// Numbers writes each move's number beside its dot.
	Numbers bool
	// Cell is the distance between points in pixels (default 20).
	Cell int
}

// SVG draws the grid: the start cross as filled dots, the added dots as
// rings, every line, and optionally the move numbers.
func SVG(g *Grid, o SVGOptions) string {
	if o.Cell <= 0 {
		o.Cell = 20
	}
	x0, y0, x1, y1 := bounds(g)
	c := o.Cell
	pad := c
	px := func(x int) int { return pad + (x-x0)*c }
	py := func(y int) int { return pad + (y-y0)*c }
	w, h := 2*pad+(x1-x0)*c, 2*pad+(y1-y0)*c
	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d">`+"\n", w, h, w, h)
	fmt.Fprintf(&b, "<title>Morpion %v, %d moves</title>\n", g.Variant, g.Score())
	fmt.Fprintf(&b, `<rect width="%d" height="%d" fill="white"/>`+"\n", w, h)
	b.WriteString(`<g stroke="#e4e4e4" stroke-width="1">` + "\n")
	for x := x0; x <= x1; x++ {
		fmt.Fprintf(&b, `<line x1="%d" y1="%d" x2="%d" y2="%d"/>`+"\n", px(x), py(y0), px(x), py(y1))
	}
	for y := y0; y <= y1; y++ {
		fmt.Fprintf(&b, `<line x1="%d" y1="%d" x2="%d" y2="%d"/>`+"\n", px(x0), py(y), px(x1), py(y))
	}
	b.WriteString("</g>\n")
	b.WriteString(`<g class="moves" stroke="#1f4e9c" stroke-width="2" stroke-linecap="round">` + "\n")
	for _, m := range g.Moves {
		ax, ay := m.Line.Point(0).XY()
		bx, by := m.Line.Point(4).XY()
		fmt.Fprintf(&b, `<line x1="%d" y1="%d" x2="%d" y2="%d"/>`+"\n", px(ax), py(ay), px(bx), py(by))
	}
	b.WriteString("</g>\n")
	r := max(c/5, 2)
	b.WriteString(`<g fill="black">` + "\n")
	for y := range 10 {
		for x := range 10 {
			if InCross(x, y) {
				fmt.Fprintf(&b, `<circle class="cross" cx="%d" cy="%d" r="%d"/>`+"\n", px(x), py(y), r)
			}
		}
	}
	b.WriteString("</g>\n")
	b.WriteString(`<g fill="white" stroke="black" stroke-width="1.5">` + "\n")
	for _, m := range g.Moves {
		x, y := m.Dot.XY()
		fmt.Fprintf(&b, `<circle class="move" cx="%d" cy="%d" r="%d"/>`+"\n", px(x), py(y), r)
	}
	b.WriteString("</g>\n")
	if o.Numbers {
		fmt.Fprintf(&b, `<g font-family="sans-serif" font-size="%d" fill="#b00000">`+"\n", max(c*2/5, 6))
		for i, m := range g.Moves {
			x, y := m.Dot.XY()
			fmt.Fprintf(&b, `<text x="%d" y="%d">%d</text>`+"\n", px(x)+r, py(y)-r, i+1)
		}
		b.WriteString("</g>\n")
	}
	b.WriteString("</svg>\n")
	return b.String()
}

var textMarks = [4]byte{NE: '/', E: '-', SE: '\\', S: '|'}

// Text draws the grid for a terminal: 'X' for a dot of the cross, 'o' for
// an added dot, '.' for an empty point, and the lines between points as
// - | / \ (an 'x' marks two diagonals crossing between four points).
func Text(g *Grid) string {
	x0, y0, x1, y1 := bounds(g)
	w, h := 2*(x1-x0)+1, 2*(y1-y0)+1
	cells := make([][]byte, h)
	for i := range cells {
		cells[i] = []byte(strings.Repeat(" ", w))
	}
	for y := y0; y <= y1; y++ {
		for x := x0; x <= x1; x++ {
			cells[2*(y-y0)][2*(x-x0)] = '.'
		}
	}
	for y := range 10 {
		for x := range 10 {
			if InCross(x, y) {
				cells[2*(y-y0)][2*(x-x0)] = 'X'
			}
		}
	}
	for _, m := range g.Moves {
		x, y := m.Dot.XY()
		cells[2*(y-y0)][2*(x-x0)] = 'o'
		dx, dy := m.Line.Dir().Step()
		mark := textMarks[m.Line.Dir()]
		for k := range 4 {
			px, py := m.Line.Point(k).XY()
			cx, cy := 2*(px-x0)+dx, 2*(py-y0)+dy
			if cur := cells[cy][cx]; (cur == '/' && mark == '\\') || (cur == '\\' && mark == '/') {
				cells[cy][cx] = 'x'
			} else {
				cells[cy][cx] = mark
			}
		}
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%v, %d moves\n", g.Variant, g.Score())
	for _, row := range cells {
		b.WriteString(strings.TrimRight(string(row), " "))
		b.WriteByte('\n')
	}
	return b.String()
}
