package arena

import (
	"context"
	"fmt"
	"slices"
	"time"

	"gameai/codecup"
	"gameai/competition"
	"gameai/games/less"
)

// Layout is the wall layout of a board of a competition.
func Layout(seed uint64, board int) *less.Walls {
	return less.RandomWalls(less.WallDensity, less.DoubleWalls, boardRand(seed, board).Float64)
}

func (r Runner) playLess(ctx context.Context, s Spec) (Outcome, error) {
	clock := time.Duration(s.Clock.GameMS) * time.Millisecond
	w := Layout(s.Seed, s.Board)
	if s.Layout != "" {
		var err error
		if w, err = less.ParseWalls(s.Layout); err != nil {
			return Outcome{}, fmt.Errorf("layout: %w", err)
		}
	}
	var progs [4]codecup.Program
	uploaded := map[int]LessProgram{}
	for seat, e := range s.Seats {
		if e.Uploaded != nil {
			if r.Uploads == nil {
				return Outcome{}, fmt.Errorf("seat %d: %w", seat, ErrNotRunnable)
			}
			p, err := r.Uploads.LessBot(ctx, *e.Uploaded, clock)
			if err != nil {
				return Outcome{}, fmt.Errorf("%s: %w", e.Label(), err)
			}
			progs[seat], uploaded[seat] = p, p
			continue
		}
		if e.Local != nil {
			if e.Local.Less == nil {
				return Outcome{}, fmt.Errorf("seat %d: %s is no Less program", seat, e.ID)
			}
			progs[seat] = e.Local.Less
			continue
		}
		if len(e.Command) > 0 {
			progs[seat] = codecup.Exec{Label: e.ID, Argv: e.Command}
			continue
		}
		spec, _ := BuiltinSpec(competition.Less, e.ID)
		cfg, err := codecup.ParseSpec(spec, codecup.BotConfig{Budget: clock})
		if err != nil {
			return Outcome{}, fmt.Errorf("%s: %w", e.ID, err)
		}
		cfg.Budget = clock // the competition's clock, whatever the spec says
		cfg.Seed += seatSeed(s, seat)
		progs[seat] = codecup.Internal{Label: e.ID, Config: cfg}
	}
	var watch func(*LessRecord)
	if s.Watch != nil {
		// Seen as it starts: a game retried on another worker then
		// replaces at once what its first attempt had shown.
		s.Watch(Outcome{Result: competition.Result{N: s.N}, Board: w.String(), ThinkMS: make([]int64, 4)})
		watch = func(rec *LessRecord) {
			s.Watch(Outcome{Result: competition.Result{N: s.N}, Board: rec.Layout, Moves: slices.Clone(rec.Actions),
				TimesMS: slices.Clone(rec.TimesMS), ThinkMS: slices.Clone(rec.ClocksMS[:])})
		}
	}
	rec, err := refereeLess(ctx, progs, w, clock, watch)
	if err != nil {
		return Outcome{}, err
	}
	o := Outcome{Less: rec, Board: rec.Layout, Moves: rec.Actions, TimesMS: rec.TimesMS, Record: rec.String(),
		ThinkMS: rec.ClocksMS[:], Result: competition.Result{N: s.N, Score: make([]float64, 4), Margin: make([]int, 4)}}
	o.Points = make([]int, 4)
	for seat := range 4 {
		t := less.Team(seat)
		o.Points[seat] = rec.Teams[t]
		m := rec.Teams[1-t] - rec.Teams[t]
		o.Result.Margin[seat] = m
		o.Result.Score[seat] = score(m)
	}
	if f := rec.Forfeit; f != nil {
		o.Fault = f
		o.Result.Faults = []int{f.Seat}
		o.Reason = fmt.Sprintf("%s (%s) lost irregularly at turn %d: %s", s.Seats[f.Seat].Label(), less.PlayerNames[f.Seat],
			f.Turn, f.Reason)
	} else {
		o.Reason = fmt.Sprintf("Yellow and White %d, Black and Red %d (the lower wins)", rec.Teams[0], rec.Teams[1])
	}
	if len(uploaded) > 0 {
		o.Stderr, o.Transcripts, o.Used = make([]string, 4), make([]string, 4), make([]string, 4)
		for seat, p := range uploaded {
			tr := p.Trace()
			o.Stderr[seat], o.Transcripts[seat], o.Used[seat] = tr.Stderr, tr.Transcript, tr.Used
		}
	}
	return o, nil
}

// score is a side's points for a margin: 1 a win, ½ a draw, 0 a loss.
func score(margin int) float64 {
	switch {
	case margin > 0:
		return 1
	case margin < 0:
		return 0
	}
	return 0.5
}
