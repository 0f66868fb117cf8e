package morrisdb

import (
	"cmp"
	"errors"
	"fmt"
	"os"
	"slices"
	"strings"

	"gameai/games/morris"
)

// DB is a directory of solved spaces, mapped into memory.
type DB struct {
	dir    string
	spaces map[Space]*mapped
	// byCount is spaces' values by pieces, for the engine's probe at
	// every node: an array read, where a map's costs a node a tenth of
	// its time.
	byCount [10][10]*values
}

// Open maps every space built in dir (none is not an error: a build
// starts from an empty directory).
func Open(dir string) (*DB, error) {
	db := &DB{dir: dir, spaces: map[Space]*mapped{}}
	spaces, err := filed(dir)
	if err != nil {
		return nil, err
	}
	if err := db.load(spaces...); err != nil {
		db.Close()
		return nil, err
	}
	return db, nil
}

// filed lists the spaces whose files are in dir, by their names alone
// (none when dir is not there).
func filed(dir string) ([]Space, error) {
	entries, err := os.ReadDir(dir)
	if err != nil && !errors.Is(err, os.ErrNotExist) {
		return nil, err
	}
	var out []Space
	for _, e := range entries {
		name, ok := strings.CutSuffix(e.Name(), ".mdb")
		if !ok {
			continue
		}
		if s, err := ParseSpace(name); err == nil {
			out = append(out, s)
		}
	}
	sortSpaces(out)
	return out, nil
}

func (db *DB) load(spaces ...Space) error {
	for _, s := range spaces {
		if db.spaces[s] != nil {
			continue
		}
		m, err := open(db.dir, s)
		if err != nil {
			return fmt.Errorf("%v: %w", s, err)
		}
		db.spaces[s] = m
		db.byCount[s.W][s.B] = m.vals
	}
	return nil
}

// has reports whether every one of spaces is built.
func (db *DB) has(spaces ...Space) bool {
	for _, s := range spaces {
		if db.spaces[s] == nil {
			return false
		}
	}
	return true
}

// values are a built space's values (nil when it is not built).
func (db *DB) values(s Space) *values {
	if m := db.spaces[s]; m != nil {
		return m.vals
	}
	return nil
}

// Spaces lists the spaces built, fewest pieces first.
func (db *DB) Spaces() []Space {
	var out []Space
	for s := range db.spaces {
		out = append(out, s)
	}
	sortSpaces(out)
	return out
}

// sortSpaces puts spaces fewest pieces first, each pair together.
func sortSpaces(s []Space) {
	slices.SortFunc(s, func(a, b Space) int {
		return cmp.Or(cmp.Compare(a.W+a.B, b.W+b.B), cmp.Compare(max(a.W, a.B), max(b.W, b.B)), cmp.Compare(b.W, a.W))
	})
}

// Lookup is the value of the position in which the side to move has the
// pieces mover and the other side other, both hands empty; ok is false
// when its space is not built.
func (db *DB) Lookup(mover, other morris.Bits) (v Value, ok bool) {
	s := Space{mover.Count(), other.Count()}
	if s.W > 9 || s.B > 9 {
		return 0, false
	}
	vals := db.byCount[s.W][s.B]
	if vals == nil {
		return 0, false
	}
	return vals.at(s.Index(mover, other)), true
}

// Close unmaps the files.
func (db *DB) Close() error {
	var err error
	for s, m := range db.spaces {
		err = cmp.Or(err, m.close())
		delete(db.spaces, s)
		db.byCount[s.W][s.B] = nil
	}
	return err
}

// Covers reports whether positions under r are the database's: Nine Men's
// Morris with flying, one removal a mill and pieces in mills safe (the
// N-move and repetition rules aside: the database's distances say how a
// win is converted within them).
func Covers(r *morris.Rules) bool {
	return r.Variant == morris.Nine && r.Pieces == 9 && r.Flying && !r.TwoOnDoubleMill && !r.RemoveFromMills && !r.Mixed
}

// Name says what the database holds, for an engine's version: "db 15
// spaces" changes when a build adds spaces.
func (db *DB) Name() string { return fmt.Sprintf("db %d spaces", len(db.spaces)) }
