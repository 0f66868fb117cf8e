package kinds

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"gameai/ai/morrisdb"
	"gameai/jobs"
	"gameai/jobs/workers"
	"gameai/store"
)

// MorrisDBBuild is the kind of a build of the perfect-play database into
// the server's --morris-db directory.
const MorrisDBBuild = "morris-db-build"

// MorrisDBBuildParams are a build's parameters (already checked).
type MorrisDBBuildParams struct {
	// UpTo is the largest space, W-B: it and every space it depends on.
	UpTo string `json:"up_to"`
}

// MorrisDBBuildResult is every space built in the directory, with its
// counts, build time and rate.
type MorrisDBBuildResult struct {
	Spaces []morrisdb.Stats `json:"spaces"`
	// Note says when the engines probe what was built.
	Note string `json:"note"`
}

// ErrNoDBDir is a build asked of a server with no database directory.
var ErrNoDBDir = errors.New("the server has no database directory: start it with --morris-db DIR")

// morrisDBBuild solves the spaces pair by pair; a pair's files are
// written whole once solved, so a job resumed after a restart (or one
// cancelled and asked again) goes on from the pairs already there. With
// workers (Redis), the pairs of each wave (morrisdb.Waves: one count of
// pieces, none needing another) are tasks that workers sharing the
// directory take at once; without, this process solves them in turn.
func morrisDBBuild(d Deps) jobs.Handler {
	return func(ctx context.Context, j *store.Job, rep *jobs.Reporter) (any, error) {
		var p MorrisDBBuildParams
		if err := json.Unmarshal(j.Params, &p); err != nil {
			return nil, fmt.Errorf("params: %w", err)
		}
		if d.MorrisDB == "" {
			return nil, ErrNoDBDir
		}
		up, err := morrisdb.ParseSpace(p.UpTo)
		if err != nil {
			return nil, err
		}
		waves, err := morrisdb.Waves(up)
		if err != nil {
			return nil, err
		}
		tr := newBuildTracker(waves, time.Now())
		var sofar []morrisdb.Stats
		solved := map[morrisdb.Space]bool{} // a pair's last state may be heard twice
		err = d.players().Job(j.ID).MorrisDB(ctx, up, func(pair morrisdb.Space, st workers.MorrisDBPairState) {
			tr.wave = tr.waveOf(pair)
			tr.update(pair, st)
			if len(st.Stats) > 0 && !solved[pair] {
				solved[pair] = true
				sofar = append(sofar, st.Stats...)
			}
			// A report that cannot be stored is retried at the next one.
			_ = rep.Progress(tr.fraction(), tr.message(time.Now()), MorrisDBBuildResult{Spaces: sofar})
		})
		if err != nil {
			return MorrisDBBuildResult{Spaces: sofar}, err
		}
		all, err := morrisdb.SpaceStats(d.MorrisDB, false)
		if err != nil {
			return nil, err
		}
		return MorrisDBBuildResult{Spaces: all, Note: "the engines probe the spaces built once the server and workers start again"}, nil
	}
}
