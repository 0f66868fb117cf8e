package morris

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
)

// GameRecord is a played game: tags (PGN-like: White, Black, Variant, Result,
// Termination, ...), the start position when it is not the standard one,
// and the moves in record notation.
//
//	[White "alphabeta strategy=ga-2019-best depth=4"]
//	[Black "alphabeta strategy=petcu-e32 depth=4"]
//	[Variant "nine"]
//	[Result "1-0"]
//	[Termination "black has fewer than 3 pieces"]
//
//	1. d6 f4 2. b6 f2 3. f6xf4 ...
type GameRecord struct {
	Tags  map[string]string
	Moves []Move
}

// Result texts.
const (
	WhiteWins  = "1-0"
	BlackWins  = "0-1"
	Draw       = "1/2-1/2"
	Unfinished = "*"
)

// tagOrder puts the usual tags first.
var tagOrder = []string{"Event", "Date", "Round", "White", "Black", "Variant", "Rules", "Start", "Result", "Termination"}

// String writes the record.
func (r *GameRecord) String() string {
	var b strings.Builder
	keys := slices.Collect(maps.Keys(r.Tags))
	slices.SortFunc(keys, func(x, y string) int {
		ix, iy := slices.Index(tagOrder, x), slices.Index(tagOrder, y)
		switch {
		case ix >= 0 && iy >= 0:
			return ix - iy
		case ix >= 0:
			return -1
		case iy >= 0:
			return 1
		}
		return strings.Compare(x, y)
	})
	for _, k := range keys {
		fmt.Fprintf(&b, "[%s %s]\n", k, strconv.Quote(r.Tags[k]))
	}
	b.WriteByte('\n')
	line := 0
	for i, m := range r.Moves {
		tok := m.String()
		if i%2 == 0 {
			tok = strconv.Itoa(i/2+1) + ". " + tok
		}
		if line > 0 && line+1+len(tok) > 78 {
			b.WriteByte('\n')
			line = 0
		} else if line > 0 {
			b.WriteByte(' ')
			line++
		}
		b.WriteString(tok)
		line += len(tok)
	}
	if res := r.Tags["Result"]; res != "" {
		if line > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(res)
	}
	b.WriteByte('\n')
	return b.String()
}

// ParseGameRecord reads one record and checks its moves by the rules of its
// Variant tag (standard options unless a Rules tag gives them as
// name=value pairs) from its Start tag's position or the start.
func ParseGameRecord(text string) (*GameRecord, error) {
	r := &GameRecord{Tags: map[string]string{}}
	lines := strings.Split(text, "\n")
	i := 0
	for ; i < len(lines); i++ {
		l := strings.TrimSpace(lines[i])
		if l == "" {
			if len(r.Tags) > 0 {
				i++
				break
			}
			continue
		}
		if !strings.HasPrefix(l, "[") {
			break
		}
		if !strings.HasSuffix(l, "]") {
			return nil, fmt.Errorf("line %d: a tag must end with ]", i+1)
		}
		name, value, ok := strings.Cut(strings.TrimSuffix(strings.TrimPrefix(l, "["), "]"), " ")
		if !ok {
			return nil, fmt.Errorf("line %d: want [Name \"value\"]", i+1)
		}
		v, err := strconv.Unquote(strings.TrimSpace(value))
		if err != nil {
			return nil, fmt.Errorf("line %d: tag %s: the value must be a quoted string", i+1, name)
		}
		// The Result tag is written again after the moves, where only a
		// result token can stand.
		if name == "Result" && !isResult(v) {
			return nil, fmt.Errorf("line %d: tag Result %q: want %s, %s, %s or %s", i+1, v, WhiteWins, BlackWins, Draw, Unfinished)
		}
		r.Tags[name] = v
	}
	p, err := r.startPosition()
	if err != nil {
		return nil, err
	}
	for _, tok := range strings.Fields(strings.Join(lines[i:], " ")) {
		switch {
		case strings.HasSuffix(tok, ".") && strings.Trim(tok, "0123456789") == ".":
			continue
		case isResult(tok):
			continue
		}
		m, err := ParseMove(tok)
		if err != nil {
			return nil, fmt.Errorf("move %d: %w", len(r.Moves)+1, err)
		}
		if bad := p.Illegal(m); bad != nil {
			return nil, fmt.Errorf("move %d %s: %s", len(r.Moves)+1, tok, bad.Reason)
		}
		p.Make(m)
		r.Moves = append(r.Moves, m)
	}
	return r, nil
}

// ParseGameRecords reads the records of a file, one after another (as
// `gameai match morris --out` writes them): a record's tags, a blank line,
// its moves; a tag line after its moves (or after the blank line) starts
// the next. An error names the record by its place in the file.
func ParseGameRecords(text string) ([]*GameRecord, error) {
	var chunks []string
	var cur strings.Builder
	// state: 0 before any tag, 1 in the tags, 2 past them.
	state := 0
	for _, line := range strings.SplitAfter(text, "\n") {
		l := strings.TrimSpace(line)
		switch {
		case strings.HasPrefix(l, "[") && state == 2:
			chunks = append(chunks, cur.String())
			cur.Reset()
			state = 1
		case strings.HasPrefix(l, "["):
			state = 1
		case l == "" && state == 1, l != "" && state != 0:
			state = 2
		}
		cur.WriteString(line)
	}
	if strings.TrimSpace(cur.String()) != "" {
		chunks = append(chunks, cur.String())
	}
	out := make([]*GameRecord, 0, len(chunks))
	for i, c := range chunks {
		r, err := ParseGameRecord(c)
		if err != nil {
			return nil, fmt.Errorf("record %d: %w", i+1, err)
		}
		if len(r.Tags) > 0 || len(r.Moves) > 0 { // a lone result token records nothing
			out = append(out, r)
		}
	}
	return out, nil
}

// Start is the position the record's moves start from (its Variant, Rules
// and Start tags).
func (r *GameRecord) Start() (*Position, error) { return r.startPosition() }

func isResult(s string) bool {
	return s == WhiteWins || s == BlackWins || s == Draw || s == Unfinished
}

// startPosition is the position the record's moves start from.
func (r *GameRecord) startPosition() (*Position, error) {
	v := Nine
	if name := r.Tags["Variant"]; name != "" {
		var err error
		if v, err = ParseVariant(name); err != nil {
			return nil, err
		}
	}
	opts := map[string]string{}
	for _, kv := range strings.Fields(r.Tags["Rules"]) {
		k, val, ok := strings.Cut(kv, "=")
		if !ok {
			return nil, fmt.Errorf("Rules tag: %q is not name=value", kv)
		}
		opts[k] = val
	}
	resolved, err := resolve(opts)
	if err != nil {
		return nil, fmt.Errorf("Rules tag: %w", err)
	}
	rules, err := NewRules(v, resolved)
	if err != nil {
		return nil, err
	}
	if start := r.Tags["Start"]; start != "" {
		return ParsePosition(rules, start)
	}
	return NewPosition(rules), nil
}

// Replay returns the position after the record's moves.
func (r *GameRecord) Replay() (*Position, error) {
	p, err := r.startPosition()
	if err != nil {
		return nil, err
	}
	for i, m := range r.Moves {
		if bad := p.Illegal(m); bad != nil {
			return nil, fmt.Errorf("move %d %s: %s", i+1, m, bad.Reason)
		}
		p.Make(m)
	}
	return p, nil
}

// RulesTag writes the options of rules that differ from the defaults, for
// a record's Rules tag ("" when all are the defaults).
func RulesTag(r *Rules) string {
	def := MustRules(r.Variant, nil).Options()
	var parts []string
	for _, k := range slices.Sorted(maps.Keys(r.Options())) {
		if v := r.Options()[k]; v != def[k] {
			parts = append(parts, k+"="+v)
		}
	}
	return strings.Join(parts, " ")
}
