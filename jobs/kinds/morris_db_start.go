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

// MorrisDBStart is the kind of the search for the value of the start of
// Nine Men's Morris on the server's database.
const MorrisDBStart = "morris-db-start"

// MorrisDBStartParams are the search's parameters (already checked).
type MorrisDBStartParams struct {
	// TableBits sizes the transposition table: 2^TableBits entries of 8
	// bytes.
	TableBits int `json:"table_bits"`
}

// MorrisDBStartResult is the start's value as far as it is proved, and
// every line of the first two placements with its value once solved.
type MorrisDBStartResult struct {
	// Value is "win", "draw" or "loss" for White once the lines solved
	// decide it; empty before. AtLeast and AtMost bound it meanwhile.
	Value   string               `json:"value,omitempty"`
	AtLeast string               `json:"at_least"`
	AtMost  string               `json:"at_most"`
	Solved  int                  `json:"solved"`
	Nodes   uint64               `json:"nodes"`
	Seconds float64              `json:"seconds"`
	Lines   []morrisdb.StartLine `json:"lines"`
}

func startResult(lines []morrisdb.StartLine) MorrisDBStartResult {
	lo, hi := morrisdb.StartBounds(lines)
	r := MorrisDBStartResult{AtLeast: morrisdb.OutcomeName(lo), AtMost: morrisdb.OutcomeName(hi), Lines: lines}
	if lo == hi {
		r.Value = morrisdb.OutcomeName(lo)
	}
	for _, l := range lines {
		if l.Solved {
			r.Solved++
			r.Nodes += l.Nodes
			r.Seconds += l.Seconds
		}
	}
	return r
}

// ErrMissingSpaces is a start's search on a database without every space.
var ErrMissingSpaces = errors.New("the placements lead to every space from 3-3 to 9-9")

// morrisDBStart solves the lines of the start's first two placements one
// by one, each kept in the job's checkpoint as it is solved: a job resumed
// after a restart goes on from the next line.
func morrisDBStart(d Deps) jobs.Handler {
	return func(ctx context.Context, j *store.Job, rep *jobs.Reporter) (any, error) {
		var p MorrisDBStartParams
		if err := json.Unmarshal(j.Params, &p); err != nil {
			return nil, fmt.Errorf("params: %w", err)
		}
		if d.MorrisDB == "" {
			return nil, ErrNoDBDir
		}
		lines := morrisdb.StartLines()
		if len(j.Checkpoint) > 0 && string(j.Checkpoint) != "null" {
			if err := json.Unmarshal(j.Checkpoint, &lines); err != nil || len(lines) != len(morrisdb.StartLines()) {
				return nil, fmt.Errorf("checkpoint: %v (%d lines)", err, len(lines))
			}
		}
		db, err := morrisdb.Open(d.MorrisDB)
		if err != nil {
			return nil, err
		}
		defer func() {
			if err := db.Close(); err != nil {
				d.Log.Warn("closing the Morris database", "err", err)
			}
		}()
		if missing := db.MissingForStart(); len(missing) > 0 {
			return nil, fmt.Errorf("%w; %d are not built (%v first)", ErrMissingSpaces, len(missing), missing[0])
		}
		o := morrisdb.NewOpening(db, p.TableBits)
		say := func() string {
			r := startResult(lines)
			msg := fmt.Sprintf("%d of %d lines solved, %d nodes", r.Solved, len(lines), o.Nodes)
			for _, l := range lines {
				if !l.Solved && r.Value == "" {
					msg += fmt.Sprintf(" (now in %s %s)", l.White, l.Black)
					break
				}
			}
			return msg + fmt.Sprintf("; the start for White: at least a %s, at most a %s", r.AtLeast, r.AtMost)
		}
		o.OnNodes = func(uint64) {
			r := startResult(lines)
			_ = rep.Progress(float64(r.Solved)/float64(len(lines)), say(), r)
		}
		err = o.ProveStart(ctx, lines, func(int) error {
			r := startResult(lines)
			if err := rep.Checkpoint(float64(r.Solved)/float64(len(lines)), say(), r, lines); err != nil {
				d.Log.Warn("checkpoint", "job", j.ID, "err", err)
			}
			return nil
		})
		if err != nil {
			return startResult(lines), err
		}
		return startResult(lines), nil
	}
}
