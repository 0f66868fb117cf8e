// Package jobkinds holds the kinds of long-running work the service runs as
// jobs (Morpion record searches, Morris tuning tournaments, refereed Less
// matches): each kind's parameters, its handler for the jobs runner, and
// what it checkpoints so that a restarted server resumes it.
package jobkinds

import (
	"log/slog"

	"gameai/jobs"
	"gameai/store"
)

// Deps are what the handlers use besides the job itself.
type Deps struct {
	Store *store.Store
	Log   *slog.Logger
}

// Register adds every kind's handler to the runner; call it before
// Runner.Resume so that live jobs of a previous run resume.
func Register(r *jobs.Runner, d Deps) {
	r.Handle(MorpionSearch, morpionSearch(d))
	r.Handle(MorrisTune, morrisTune(d))
	r.Handle(LessMatch, lessMatch(d))
}
