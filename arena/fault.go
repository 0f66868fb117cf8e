package arena

import (
	"errors"

	"gameai/competition"
	"gameai/internal/lineio"
	"gameai/morrisuci"
)

// faultKind is what a program's failed move was: a claim that the game is
// over (bestmove none or draw: the referee forgives one where the rules
// allow it before asking), past its clock, a line
// over the protocol's limit, not a move of the protocol, killed by one of
// its limits (memory, CPU time: the program's runner says so with a
// competition.Faulter), or else a crash.
func faultKind(err error) competition.FaultKind {
	var f competition.Faulter
	var claim *morrisuci.ClaimError
	switch {
	case errors.As(err, &claim):
		return competition.FalseClaim
	case errors.Is(err, lineio.ErrTimeout):
		return competition.TimeOut
	case errors.Is(err, lineio.ErrLineTooLong):
		return competition.OutputLimit
	case errors.Is(err, morrisuci.ErrProtocol):
		return competition.Protocol
	case errors.As(err, &f):
		return f.FaultKind()
	}
	return competition.Crash
}

// FaultKindOf is the kind of a program's failed move, as the referee
// judges it: a session's conversation with an uploaded bot reads its
// failures the same way.
func FaultKindOf(err error) competition.FaultKind { return faultKind(err) }

// lost is how a reason begins for a program that ended during its turn.
func lost(k competition.FaultKind) string {
	switch k {
	case competition.Memory:
		return "ran out of memory"
	case competition.CPUTime:
		return "ran out of CPU time"
	}
	return "crashed"
}

// FaultError is a game's irregular end as an error, its fault kept as a
// value: callers that need its kind (competition.Faulter) or seat read it
// with errors.As instead of parsing its words.
type FaultError struct{ Fault Fault }

func (e *FaultError) Error() string { return e.Fault.Reason }

// FaultKind implements competition.Faulter.
func (e *FaultError) FaultKind() competition.FaultKind { return e.Fault.Kind }
