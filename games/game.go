package games

// Move is one action of a game. Its String is the game's standard notation
// for it, and State.ParseMove of that text gives the move back.
type Move interface {
	String() string
}

// Game describes a game and makes its positions. A Game is immutable and safe
// for concurrent use; all state lives in State values.
type Game interface {
	// Name is the registry key, lower case, e.g. "morris".
	Name() string
	// Title is a human name, e.g. "Nine Men's Morris".
	Title() string
	// Variants lists the variant names; the first is the default.
	Variants() []string
	// Players is the number of players; a one-player game returns 1.
	Players() int
	// Options lists the rule options a position may be created with.
	Options() []OptionSpec
	// NewState returns the start position of a variant under resolved options.
	NewState(variant string, opts Options) (State, error)
	// ParseState reads a position in the game's own text format. Errors
	// are *ParseError values saying where the text went wrong.
	ParseState(variant string, opts Options, text string) (State, error)
}

// State is one position of a game, with enough history to apply the game's
// draw rules. States are not safe for concurrent use; Clone before sharing.
type State interface {
	// Game returns the game this position belongs to.
	Game() Game
	// Variant is the variant this position is played under.
	Variant() string
	// Options are the resolved rule options of this position.
	Options() Options
	// String prints the position so that ParseState reads it back.
	String() string
	// ToMove is the index of the player to move, or -1 when the game is over.
	ToMove() int
	// LegalMoves lists every legal move; empty exactly when Terminal.
	LegalMoves() []Move
	// ParseMove reads a move in the game's notation. It checks syntax only;
	// legality is checked by Play.
	ParseMove(text string) (Move, error)
	// Play applies a legal move; an illegal one returns *IllegalMoveError and
	// leaves the state unchanged.
	Play(m Move) error
	// Terminal reports whether the game is over.
	Terminal() bool
	// Result is the per-player outcome of a finished game: 1 win, 0.5 draw,
	// 0 loss for competitive games, the score itself for one-player games.
	// Before the end it is the provisional outcome the game defines.
	Result() []float64
	// Hash identifies the position (history-relevant parts included) for
	// caches and transposition tables.
	Hash() uint64
	// Clone returns an independent copy.
	Clone() State
}

// Scorer is a State of a game that keeps a score beside the outcome (Less:
// the points each player used plus its distance home, lower better); the
// service shows it as the game goes.
type Scorer interface {
	// Scores are each player's score as the game stands.
	Scores() []float64
}
