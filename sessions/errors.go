package sessions

import (
	"errors"
	"fmt"
)

// ErrChanged is a session another write changed meanwhile: what was
// asked was not done; read it again.
var ErrChanged = errors.New("the session changed meanwhile; read it again")

// ErrChangedDuringReply is a session changed while an engine's reply was
// searched: the reply was not played.
var ErrChangedDuringReply = errors.New("the session changed during the engine's reply; the reply was not played")

// A FullError is a session holding its most moves.
type FullError struct{ Max int }

func (e *FullError) Error() string { return fmt.Sprintf("a session holds at most %d moves", e.Max) }

// A GameRemovedError is a session of a game this server no longer serves.
type GameRemovedError struct{ Game string }

func (e *GameRemovedError) Error() string {
	return fmt.Sprintf("this server no longer serves %q", e.Game)
}

// An InvalidError is a field of a request a session refuses, with why.
type InvalidError struct{ Field, Why string }

func (e *InvalidError) Error() string { return e.Field + ": " + e.Why }

// A BotMoveError is a take-back that would take back an uploaded Less
// bot's move (Ply, from 1): CodeCup's protocol cannot tell a program the
// moves it played, so its program could not follow the game again.
type BotMoveError struct {
	Ply int
	Bot string
}

func (e *BotMoveError) Error() string {
	return fmt.Sprintf("move %d is %s's: CodeCup's protocol cannot tell a program the moves it played, so a Less session with an uploaded bot takes back only the moves after its last", e.Ply, e.Bot)
}
