package kinds

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"gameai/ai/morrisdb"
	"gameai/jobs"
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
// cancelled and asked again) goes on from the pairs already there.
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
		var done []morrisdb.Stats
		err = morrisdb.Build(ctx, d.MorrisDB, up, func(pr morrisdb.Progress) {
			f := float64(pr.PairIndex) / float64(pr.Pairs)
			msg := fmt.Sprintf("pair %d of %d: %v", pr.PairIndex+1, pr.Pairs, pr.Pair)
			if pr.Finished {
				done = append(done, pr.Stats...)
				f, msg = float64(pr.PairIndex+1)/float64(pr.Pairs), msg+" built"
			} else if pr.Level < 0 && pr.Total > 0 {
				f += float64(pr.Done) / float64(pr.Total) / float64(pr.Pairs) / 2 // the first of two passes
				msg += fmt.Sprintf(", first pass %.0f%%", 100*float64(pr.Done)/float64(pr.Total))
			} else {
				f += 0.5 / float64(pr.Pairs) // the retrograde pass's length is not known ahead
				msg += fmt.Sprintf(", retrograde pass at distance %d", pr.Level)
			}
			// A report that cannot be stored is retried at the next one.
			_ = rep.Progress(f, msg, MorrisDBBuildResult{Spaces: done})
		})
		if err != nil {
			return MorrisDBBuildResult{Spaces: done}, err
		}
		all, err := morrisdb.SpaceStats(d.MorrisDB, false)
		if err != nil {
			return nil, err
		}
		return MorrisDBBuildResult{Spaces: all, Note: "the engines probe the spaces built once the server and workers start again"}, nil
	}
}
