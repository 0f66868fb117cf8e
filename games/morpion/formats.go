package morpion

import (
	"fmt"
	"strings"
)

// Format names a text form of a grid.
type Format string

// The formats a grid can be read from (all but svg and text) and written to.
const (
	FormatPentasol Format = "pentasol"
	FormatJSON     Format = "json"
	FormatLayers   Format = "layers"
	FormatSVG      Format = "svg"
	FormatText     Format = "text"
	// FormatAuto reads JSON when the text starts with '{', Pentasol when it
	// starts with '(', and a layer code otherwise.
	FormatAuto Format = "auto"
)

// ReadFormats and WriteFormats list the formats by direction.
var (
	ReadFormats  = []Format{FormatPentasol, FormatJSON, FormatLayers, FormatAuto}
	WriteFormats = []Format{FormatPentasol, FormatJSON, FormatLayers, FormatSVG, FormatText}
)

// Read parses a grid in a format.
func Read(v Variant, f Format, text string) (*Grid, error) {
	auto := f == FormatAuto
	if auto {
		f = Detect(text)
	}
	switch f {
	case FormatPentasol:
		return ParsePentasol(v, text)
	case FormatJSON:
		return ParseJSON(v, text)
	case FormatLayers:
		g, err := DecodeLayers(v, strings.TrimSpace(text))
		if err != nil && auto {
			// Anything that is neither JSON nor Pentasol is taken for a
			// layer code; say so, or a mistyped grid fails with a puzzling
			// reason.
			return nil, fmt.Errorf("not JSON ({...}) nor Pentasol ((x,y) ...), so read as a layer code: %w", err)
		}
		return g, err
	}
	return nil, fmt.Errorf("cannot read format %q (want pentasol, json, layers or auto)", f)
}

// Detect guesses a text's format from its first non-blank character.
func Detect(text string) Format {
	t := strings.TrimSpace(text)
	switch {
	case strings.HasPrefix(t, "{"):
		return FormatJSON
	case strings.HasPrefix(t, "("), strings.HasPrefix(t, "#"):
		return FormatPentasol
	}
	return FormatLayers
}

// Write prints a grid in a format.
func Write(g *Grid, f Format) (string, error) {
	switch f {
	case FormatPentasol:
		return WritePentasol(g), nil
	case FormatJSON:
		return WriteJSON(g), nil
	case FormatLayers:
		return EncodeLayers(g) + "\n", nil
	case FormatSVG:
		return SVG(g, SVGOptions{}), nil
	case FormatText:
		return Text(g), nil
	}
	return "", fmt.Errorf("cannot write format %q (want pentasol, json, layers, svg or text)", f)
}
