package morrisai

import (
	"fmt"
	"strconv"
	"strings"

	"gameai/games/morris"
	"gameai/internal/xrand"
)

// OpponentError says which item of an opponent list is wrong and why.
type OpponentError struct {
	Index  int
	Item   string
	Reason string
}

func (e *OpponentError) Error() string { return fmt.Sprintf("opponent %q: %s", e.Item, e.Reason) }

// Lookup finds an opponent the list's grammar does not name (the command
// line: results:FILE; the service: a trained strategy); ok is false for an
// item it does not know.
type Lookup func(item string) (o Opponent, ok bool, err error)

// ResolveOpponents reads an opponent list, the one grammar of the command
// line and the service: a preset's name; "default" (the study's eight: the
// six presets and two random strategies); "random" (one random strategy),
// or random:N (N of them); NAME=c0,...,c18 (explicit coefficients); and
// whatever lookup knows. An empty list is "default". Random strategies are
// drawn from seed alone, so equal lists and seeds give equal opponents.
func ResolveOpponents(items []string, seed uint64, lookup Lookup) ([]Opponent, error) {
	if len(items) == 0 {
		return DefaultOpponents(seed), nil
	}
	var out []Opponent
	r := xrand.New(seed ^ 0xc0ffee)
	randoms := 0
	for i, item := range items {
		bad := func(reason string) error { return &OpponentError{Index: i, Item: item, Reason: reason} }
		switch {
		case item == "default":
			out = append(out, DefaultOpponents(seed)...)
		case item == "random" || strings.HasPrefix(item, "random:"):
			n := 1
			if c, ok := strings.CutPrefix(item, "random:"); ok {
				var err error
				if n, err = strconv.Atoi(c); err != nil || n < 1 || n > 10000 {
					return nil, bad("want random:N with N in 1..10000")
				}
			}
			for range n {
				randoms++
				out = append(out, Opponent{Name: fmt.Sprintf("random-%d-%d", seed, randoms), Coef: RandomCoefficients(r)})
			}
		case strings.Contains(item, "="):
			name, text, _ := strings.Cut(item, "=")
			if strings.TrimSpace(name) == "" {
				return nil, bad("NAME=coefficients needs a name")
			}
			c, err := ParseCoefficients(text)
			if err != nil {
				return nil, bad(err.Error())
			}
			out = append(out, Opponent{Name: name, Coef: c})
		default:
			if p, ok := morris.Preset(item); ok {
				out = append(out, Opponent{Name: p.Name, Coef: p.Coefficients})
				continue
			}
			if lookup != nil {
				o, ok, err := lookup(item)
				if err != nil {
					return nil, err
				}
				if ok {
					out = append(out, o)
					continue
				}
			}
			return nil, bad("not a preset, default, random, random:N, NAME=coefficients or a trained strategy")
		}
	}
	return out, nil
}
