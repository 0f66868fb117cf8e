package store

import "context"

// GameLogs keeps finished games in capped logs, each game under its
// number, so that a standing job (a ladder) writes a game once where it
// rewrote them all in its checkpoint after every game. A log is named by
// its writer ("ladder:less"); the games are the writer's own encoding.
// Adding game n again replaces it: a writer that cannot tell whether its
// last Add landed adds it again.
type GameLogs interface {
	// Add keeps game n in log, then drops the games beyond the keep
	// highest numbers. A game over MaxLoggedGame is ErrTooLarge.
	Add(ctx context.Context, log string, n int, game []byte, keep int) error
	// Get returns game n, ErrNotFound when the log does not (or no
	// longer) hold it.
	Get(ctx context.Context, log string, n int) ([]byte, error)
	// Latest returns up to limit games, the highest numbers first (an
	// empty log: none).
	Latest(ctx context.Context, log string, limit int) ([][]byte, error)
}

// MaxLoggedGame bounds one logged game: a ladder's Less game whose four
// uploaded bots each left their 16 KiB of stderr and a conversation of
// 240 lines of up to 4 KiB is under 4 MiB; a usual one is some 10 KB.
const MaxLoggedGame = 4 << 20
