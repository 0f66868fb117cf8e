package mcts

import (
	"fmt"
	"strings"
)

// Describe says in words what a search with c does, with the defaults it
// fills in, so an engine's description is made from its configuration and
// never says another number than the one it runs with.
func (c Config) Describe() string {
	c = c.withDefaults()
	var b strings.Builder
	fmt.Fprintf(&b, "UCT (C %g", c.C)
	if c.RAVE {
		fmt.Fprintf(&b, ", RAVE with K %g", c.RaveK)
	}
	if c.Transpositions {
		b.WriteString(", transpositions")
	}
	fmt.Fprintf(&b, ", first-play urgency %g", c.FPU)
	if c.Bias != 0 {
		fmt.Fprintf(&b, ", progressive bias %g", c.Bias)
	}
	b.WriteString("); the tree ")
	if c.MaxDepth > 0 {
		fmt.Fprintf(&b, "at most %d moves deep and ", c.MaxDepth)
	}
	fmt.Fprintf(&b, "%d nodes a thread", c.MaxNodes)
	if c.ExpandAfter > 1 {
		fmt.Fprintf(&b, ", a move given its node on its %s visit", ordinal(c.ExpandAfter))
	}
	if c.PlayoutLimit > 0 {
		fmt.Fprintf(&b, "; playouts cut off after %d moves", c.PlayoutLimit)
	} else {
		b.WriteString("; playouts to the end")
	}
	if c.StopSettled {
		b.WriteString("; a timed search stops once the time left could not change its moves")
	}
	return b.String()
}

// ordinal writes n as "1st", "2nd", "3rd", "11th", "22nd".
func ordinal(n int) string {
	suffix := "th"
	switch {
	case n%100 >= 11 && n%100 <= 13:
	case n%10 == 1:
		suffix = "st"
	case n%10 == 2:
		suffix = "nd"
	case n%10 == 3:
		suffix = "rd"
	}
	return fmt.Sprintf("%d%s", n, suffix)
}
