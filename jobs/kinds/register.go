package kinds

import (
	"log/slog"

	"gameai/arena"
	"gameai/jobs"
	"gameai/jobs/workers"
	"gameai/store"
)

// Deps are what the handlers use besides the job itself.
type Deps struct {
	Store *store.Store
	Log   *slog.Logger
	// Tasks sends the jobs' games to workers through Redis (nil: they are
	// played in this process).
	Tasks *workers.Dispatcher
	// Arena plays competitions' games in this process (without Redis).
	Arena *arena.Runner
	// MorrisDB is the directory of the perfect-play database that builds
	// write ("": none, and a build fails).
	MorrisDB string
}

// Register adds every kind's handler to the runner; call it before
// Runner.Resume so that live jobs of a previous run resume.
func Register(r *jobs.Runner, d Deps) {
	r.Handle(MorpionSearch, morpionSearch(d))
	r.Handle(MorrisTune, morrisTune(d))
	r.Handle(morrisTuneFormerKind, morrisTune(d))
	r.Handle(LessMatch, lessMatch(d))
	r.Handle(Competition, competitionJob(d))
	r.Handle(MorrisDBBuild, morrisDBBuild(d))
	r.Handle(MorrisDBStart, morrisDBStart(d))
	r.HandleStanding(Ladder, ladderJob(d))
}
