package games

import (
	"fmt"
	"strings"
)

// ParseError says where a position or move text could not be read. Offset is
// a byte offset into the text (or -1 when the error is not at one place);
// Field names the part of the text, such as "row 3" or "move 12".
type ParseError struct {
	Field  string
	Offset int
	Reason string
}

func (e *ParseError) Error() string {
	var b strings.Builder
	b.WriteString("parse error")
	if e.Field != "" {
		fmt.Fprintf(&b, " in %s", e.Field)
	}
	if e.Offset >= 0 {
		fmt.Fprintf(&b, " at offset %d", e.Offset)
	}
	b.WriteString(": ")
	b.WriteString(e.Reason)
	return b.String()
}

// IllegalMoveError says that a well-formed move cannot be played here.
type IllegalMoveError struct {
	Move   string
	Reason string
}

func (e *IllegalMoveError) Error() string {
	return fmt.Sprintf("illegal move %q: %s", e.Move, e.Reason)
}

// OptionError says that a rule option is unknown or has a bad value.
type OptionError struct {
	Name   string
	Reason string
	// Unknown: no option has that name.
	Unknown bool
}

func (e *OptionError) Error() string {
	return fmt.Sprintf("option %q: %s", e.Name, e.Reason)
}

// UnknownVariantError says that a game has no such variant.
type UnknownVariantError struct {
	Game, Variant string
	Known         []string
}

func (e *UnknownVariantError) Error() string {
	return fmt.Sprintf("game %q has no variant %q (variants: %s)", e.Game, e.Variant, strings.Join(e.Known, ", "))
}
