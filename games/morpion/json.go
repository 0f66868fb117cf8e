package morpion

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
)

// JSON form of a grid, in the spec's reference frame:
// {"variant":"5T","score":N,"finished":bool,"moves":[{"x":..,"y":..,"dir":"e","start":{"x":..,"y":..}}]}
// where (x, y) is the dot a move adds and start the line's start.

// JSONGrid is the JSON form of a grid.
type JSONGrid struct {
	Variant  string     `json:"variant" example:"5T"`
	Score    int        `json:"score" example:"178"`
	Finished bool       `json:"finished"`
	Moves    []JSONMove `json:"moves"`
}

// JSONMove is one move: the dot it adds, the direction and the line's start.
type JSONMove struct {
	X     int       `json:"x"`
	Y     int       `json:"y"`
	Dir   string    `json:"dir" enums:"ne,e,se,s"`
	Start JSONPoint `json:"start"`
}

// JSONPoint is a point of the reference frame.
type JSONPoint struct {
	X int `json:"x"`
	Y int `json:"y"`
}

// ToJSON returns the JSON form of the grid.
func ToJSON(g *Grid) JSONGrid {
	out := JSONGrid{Variant: g.Variant.String(), Score: g.Score(), Finished: g.Finished(), Moves: make([]JSONMove, len(g.Moves))}
	for i, m := range g.Moves {
		x, y := m.Dot.XY()
		sx, sy := m.Line.Start().XY()
		out.Moves[i] = JSONMove{X: x, Y: y, Dir: m.Line.Dir().String(), Start: JSONPoint{X: sx, Y: sy}}
	}
	return out
}

// WriteJSON writes the grid as indented JSON.
func WriteJSON(g *Grid) string {
	b, _ := json.MarshalIndent(ToJSON(g), "", "  ")
	return string(b) + "\n"
}

// ParseJSON reads a grid in JSON form and checks every move. variant, when
// the text names none, is the variant; when it names one, they must agree.
// Score and finished, when present, must agree with the moves.
func ParseJSON(v Variant, text string) (*Grid, error) {
	if len(text) > MaxTextBytes {
		return nil, &ParseError{Reason: fmt.Sprintf("text of %d bytes exceeds %d", len(text), MaxTextBytes)}
	}
	var raw struct {
		Variant  *string    `json:"variant"`
		Score    *int       `json:"score"`
		Finished *bool      `json:"finished"`
		Moves    []JSONMove `json:"moves"`
	}
	dec := json.NewDecoder(bytes.NewReader([]byte(text)))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&raw); err != nil {
		return nil, jsonError(text, err)
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return nil, &ParseError{Reason: "data after the JSON value"}
	}
	if raw.Variant != nil {
		jv, err := ParseVariant(*raw.Variant)
		if err != nil {
			return nil, &ParseError{Reason: err.Error()}
		}
		if jv != v {
			return nil, &ParseError{Reason: fmt.Sprintf("the grid is %v, not %v", jv, v)}
		}
	}
	if len(raw.Moves) > MaxMoves {
		return nil, &ParseError{Reason: fmt.Sprintf("more than %d moves", MaxMoves)}
	}
	b := NewBoard(v)
	for i, m := range raw.Moves {
		desc := fmt.Sprintf("{x:%d y:%d dir:%s start:(%d,%d)}", m.X, m.Y, m.Dir, m.Start.X, m.Start.Y)
		d, err := ParseDir(m.Dir)
		if err != nil {
			return nil, &MoveError{N: i + 1, Move: desc, Reason: err.Error()}
		}
		l, fits := MakeLine(m.Start.X, m.Start.Y, d)
		dot, ok := Pt(m.X, m.Y)
		if !ok || !inRange(m.Start.X, m.Start.Y) {
			fits = false
		}
		if why := b.playChecked(l, fits, dot); why != "" {
			return nil, &MoveError{N: i + 1, Move: desc, Reason: why}
		}
	}
	g := GridOf(b)
	if raw.Score != nil && *raw.Score != g.Score() {
		return nil, &ParseError{Reason: fmt.Sprintf("score %d does not match the %d moves", *raw.Score, g.Score())}
	}
	if raw.Finished != nil && *raw.Finished != (b.NumLegal() == 0) {
		return nil, &ParseError{Reason: fmt.Sprintf("finished is %v but %d moves are legal after the grid", *raw.Finished, b.NumLegal())}
	}
	return g, nil
}

func inRange(x, y int) bool {
	_, ok := Pt(x, y)
	return ok
}

func jsonError(text string, err error) error {
	var se *json.SyntaxError
	var te *json.UnmarshalTypeError
	switch {
	case errors.As(err, &se):
		line, col := lineCol(text, int(se.Offset))
		return &ParseError{Line: line, Column: col, Reason: se.Error()}
	case errors.As(err, &te):
		line, col := lineCol(text, int(te.Offset))
		return &ParseError{Line: line, Column: col, Reason: fmt.Sprintf("%s must be %s, not %s", te.Field, te.Type, te.Value)}
	}
	return &ParseError{Reason: err.Error()}
}

// lineCol turns a byte offset into a line and column, from 1.
func lineCol(text string, off int) (int, int) {
	off = min(max(off, 0), len(text))
	line, start := 1, 0
	for i := range off {
		if text[i] == '\n' {
			line, start = line+1, i+1
		}
	}
	return line, off - start + 1
}
