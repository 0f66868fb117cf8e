package morrisai

import (
	"sync"

	"gameai/ai/morrisdb"
	"gameai/games/morris"
)

// Knowledge is what the Morris engines know beyond a position and its
// evaluation: the perfect-play database, the book of the first placements
// and the refuter that proves placements on the database. It is built once
// where a program is wired (the server, the bot) and handed to the engines
// that should use it; two engines with different knowledge live side by
// side in one process. A nil *Knowledge knows nothing: the evaluation
// alone.
type Knowledge struct {
	db   *morrisdb.DB
	book *morrisdb.Book
	ref  refuter
	// bits sizes the refuter's table (0: refuteTableBits; the tests' is
	// small).
	bits int
}

// NewKnowledge is the knowledge of db and book (either may be nil). A
// database with no space built counts as none.
func NewKnowledge(db *morrisdb.DB, book *morrisdb.Book) *Knowledge {
	if db != nil && len(db.Spaces()) == 0 {
		db = nil
	}
	if db == nil && book == nil {
		return nil
	}
	return &Knowledge{db: db, book: book}
}

// DB is the database the engines probe, or nil.
func (k *Knowledge) DB() *morrisdb.DB {
	if k == nil {
		return nil
	}
	return k.db
}

// Book is the book the engines play from, or nil.
func (k *Knowledge) Book() *morrisdb.Book {
	if k == nil {
		return nil
	}
	return k.book
}

// Name names the knowledge in an engine's version ("" when none): answers
// made with a database differ from the evaluation's alone, so cached ones
// must not be mixed.
func (k *Knowledge) Name() string {
	if k.DB() == nil {
		return ""
	}
	return k.db.Name()
}

// Pos is p as alpha-beta sees it, evaluated by c, probing the database
// when there is one and p's rules are its rules, and playing from the book.
func (k *Knowledge) Pos(p *morris.Position, c *morris.Coefficients) Pos {
	pos := Pos{P: p, C: c, Book: k.Book()}
	if db := k.DB(); db != nil && morrisdb.Covers(p.Rules()) {
		pos.DB = db
	}
	return pos
}

// NewPos is p as alpha-beta sees it with no knowledge: the evaluation c
// alone.
func NewPos(p *morris.Position, c *morris.Coefficients) Pos { return Pos{P: p, C: c} }

// Probe is the database's value of p for the side to move ("win in 13",
// "draw", "loss in 4"); ok is false when there is no database or it does
// not cover p.
func (k *Knowledge) Probe(p *morris.Position) (v morrisdb.Value, ok bool) {
	return k.Pos(p, nil).probe()
}

// refuter is the knowledge's proof search: one search at a time takes it
// (a concurrent one goes unchecked, and says so, rather than wait or
// allocate another table of 256 MB).
type refuter struct {
	mu sync.Mutex
	o  *morrisdb.Opening
}

// take is the refuter's search, its table made at the first call, when no
// other search holds it; done gives it back.
func (k *Knowledge) take() (o *morrisdb.Opening, done func(), ok bool) {
	if k.DB() == nil || !k.ref.mu.TryLock() {
		return nil, nil, false
	}
	if k.ref.o == nil {
		bits := k.bits
		if bits == 0 {
			bits = refuteTableBits
		}
		k.ref.o = morrisdb.NewOpening(k.db, bits)
		k.ref.o.Threats = true // its proofs are of wins: a loss refuted
	}
	return k.ref.o, k.ref.mu.Unlock, true
}

// Prepare makes the refuter's table before any search asks for it, its
// memory written (Opening.Warm): a bot does it at start, so that its first
// proof, at the 6th ply with the table empty, runs at full speed. A
// database without every space the placements lead to is left alone (the
// refuter could not prove anything on it).
func (k *Knowledge) Prepare() {
	if k.DB() == nil || len(k.db.MissingForStart()) > 0 {
		return
	}
	if o, done, ok := k.take(); ok {
		o.Warm()
		done()
	}
}
