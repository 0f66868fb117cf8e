package kinds

import (
	"log/slog"
	"time"

	"gameai/jobs"
	"gameai/store"
)

// Deps are what the handlers use besides the job itself.
type Deps struct {
	Store *store.Store
	Log   *slog.Logger
	// Players plays the jobs' games: Here, or OnWorkers through Redis.
	Players Players
	// LadderLooks gives a ladder the times at which it looks at its
	// settings and starts a game when its pace allows (nil: a ticker of a
	// second), and stops them: a test that drives it knows a look was
	// taken, and at what time the pace reads.
	LadderLooks func() (looks <-chan time.Time, stop func())
	// MorrisDB is the directory of the perfect-play database that builds
	// write ("": none, and a build fails).
	MorrisDB string
}

// ladderLooks is d.LadderLooks, or a ticker of a second.
func (d Deps) ladderLooks() (<-chan time.Time, func()) {
	if d.LadderLooks != nil {
		return d.LadderLooks()
	}
	t := time.NewTicker(time.Second)
	return t.C, t.Stop
}

// players is d.Players, or Here without an arena when none is given.
func (d Deps) players() Players {
	if d.Players == nil {
		return Here{DBDir: d.MorrisDB}
	}
	return d.Players
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
