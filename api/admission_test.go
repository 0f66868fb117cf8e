package api_test

import (
	"strings"
	"testing"
	"time"

	"gameai/api"
	"gameai/starters"
)

// TestAnAdmissionIsWatchedAsItGoes uploads the Python Less starter and
// follows GET /v1/bots/{id}/admission while it is admitted: the build is a
// step, each validation game is game k of 4 with its seat, and a game in
// play comes with its moves and a position for each, to draw on a board.
// Once the bot is ready the admission is gone (404) and each validation
// game replays: seats, moves and one position more than moves.
func TestAnAdmissionIsWatchedAsItGoes(t *testing.T) {
	e, h := sandboxed(t)
	s, _ := starters.Get("less", "python")
	var b api.BotResponse
	ann := e.owner(t, "ann", "")
	e.upload(t, ann, "less", "starter", "python", s.Source).ok(t, 202).json(t, &b)

	steps := map[string]bool{}
	games := map[int]bool{}
	sawLive := false
	deadline := time.Now().Add(2 * time.Minute)
	for first := true; time.Now().Before(deadline); first = false {
		if !first {
			time.Sleep(10 * time.Millisecond) // a poll, as the page's: the admission goes on meanwhile
		}
		r := e.do(t, "GET", "/v1/bots/"+b.ID+"/admission", nil)
		if r.status == 404 {
			var now api.BotResponse
			e.do(t, "GET", "/v1/bots/"+b.ID, nil).ok(t, 200).json(t, &now)
			if now.Status == "ready" || now.Status == "rejected" {
				break
			}
			continue // queued, not yet started
		}
		var a api.AdmissionResponse
		r.ok(t, 200).json(t, &a)
		steps[a.Step] = true
		if a.ElapsedMS < a.StepMS || a.StepMS < 0 {
			t.Errorf("the admission's %d ms and its step's %d ms", a.ElapsedMS, a.StepMS)
		}
		if a.Step == "validation" {
			if a.Games != 4 || a.Game < 1 || a.Game > 4 || a.Seat == "" {
				t.Fatalf("a validation step: %+v", a)
			}
			games[a.Game] = true
			if g := a.Live; g != nil && len(g.Moves) > 0 {
				sawLive = true
				if !g.Live || len(g.Seats) != 4 || g.Seats[a.Game-1] != b.ID || len(g.Positions) != len(g.Moves)+1 {
					t.Fatalf("game %d live: %d seats (%v), %d moves, %d positions", a.Game, len(g.Seats), g.Seats, len(g.Moves), len(g.Positions))
				}
			}
		}
	}
	h.Wait()
	if !steps["build"] && !steps["validation"] || len(games) < 2 || !sawLive {
		t.Errorf("watched: steps %v, games %v, a live game seen %v", steps, games, sawLive)
	}
	e.do(t, "GET", "/v1/bots/"+b.ID+"/admission", nil).problem(t, 404)
	var done api.BotResponse
	e.do(t, "GET", "/v1/bots/"+b.ID, nil).ok(t, 200).json(t, &done)
	if done.Status != "ready" || len(done.Validation) != 4 {
		t.Fatalf("the starter: %s %q", done.Status, done.Reason)
	}
	for i, v := range done.Validation {
		if len(v.Seats) != 4 || v.Seats[i] != b.ID || len(v.Moves) == 0 || len(v.Positions) != len(v.Moves)+1 || len(v.Clocks) != 4 {
			t.Errorf("validation game %d: seats %v, %d moves, %d positions, clocks %v", i+1, v.Seats, len(v.Moves), len(v.Positions), v.Clocks)
		}
		if v.Transcript != nil {
			t.Errorf("validation game %d: a transcript shown to a stranger", i+1)
		}
	}
	// Its owner reads what the referee sent it and what it answered.
	var mine api.BotResponse
	e.do(t, "GET", "/v1/bots/"+b.ID, nil, "X-API-Key", ann).ok(t, 200).json(t, &mine)
	for i, v := range mine.Validation {
		seat := []string{"Yellow", "Black", "White", "Red"}[i]
		if v.Transcript == nil || !strings.Contains(*v.Transcript, "> "+seat+"\n") || !strings.Contains(*v.Transcript, "> Quit\n") {
			t.Errorf("validation game %d's transcript for its owner: %v", i+1, v.Transcript)
		}
	}
}
