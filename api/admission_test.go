package api_test

import (
	"context"
	"encoding/json"
	"strings"
	"sync"
	"testing"

	"gameai/api"
	"gameai/hosting"
	"gameai/starters"
	"gameai/store"
	"gameai/store/memory"
)

// watchedLive is a store's live games that, whenever an admission is
// written there, asks the server for it at that moment, as the bot's page
// would: every step of the admission is seen through the API, with no
// poll to time.
type watchedLive struct {
	store.LiveGames
	mu   sync.Mutex
	ask  func(bot string) (int, api.AdmissionResponse, string)
	seen []api.AdmissionResponse
	raw  []string
	errs []string
}

func (w *watchedLive) Put(ctx context.Context, key string, game []byte) error {
	if err := w.LiveGames.Put(ctx, key, game); err != nil {
		return err
	}
	bot, ok := strings.CutPrefix(key, hosting.AdmissionKey(""))
	if !ok {
		return nil
	}
	status, a, body := w.ask(bot)
	w.mu.Lock()
	defer w.mu.Unlock()
	if status != 200 {
		w.errs = append(w.errs, body)
		return nil
	}
	w.seen, w.raw = append(w.seen, a), append(w.raw, body)
	return nil
}

// TestAnAdmissionIsWatchedAsItGoes uploads the Python Less starter and
// asks GET /v1/bots/{id}/admission each time its admission is written:
// the build is a step, each validation game is game k of 4 with its seat,
// and a game in play comes with its moves and a position for each, to
// draw on a board, and nothing of the bot's own (its stderr, its
// conversation) for anyone to read. Once the bot is ready the admission is
// gone (404) and each validation game replays: seats, moves and one
// position more than moves; its owner, and only its owner, reads what the
// referee sent it and what it answered.
func TestAnAdmissionIsWatchedAsItGoes(t *testing.T) {
	st := memory.New(store.Config{})
	live := &watchedLive{LiveGames: st.Live}
	st.Live = live
	e, h := sandboxedOn(t, st, nil)
	s, _ := starters.Get("less", "python")
	ann := e.owner(t, "ann", "")
	live.ask = func(bot string) (int, api.AdmissionResponse, string) {
		var a api.AdmissionResponse
		r := e.do(t, "GET", "/v1/bots/"+bot+"/admission", nil)
		_ = json.Unmarshal(r.body, &a)
		return r.status, a, string(r.body)
	}
	var b api.BotResponse
	e.upload(t, ann, "less", "starter", "python", s.Source).ok(t, 202).json(t, &b)
	h.Wait()

	live.mu.Lock()
	seen, raw, errs := live.seen, live.raw, live.errs
	live.mu.Unlock()
	if len(errs) > 0 {
		t.Errorf("the admission asked for while written: %v", errs)
	}
	steps, games, sawLive := map[string]bool{}, map[int]bool{}, false
	for i, a := range seen {
		steps[a.Step] = true
		if a.ElapsedMS < a.StepMS || a.StepMS < 0 {
			t.Errorf("the admission's %d ms and its step's %d ms", a.ElapsedMS, a.StepMS)
		}
		if strings.Contains(raw[i], "stderr") || strings.Contains(raw[i], "transcript") {
			t.Errorf("an admission shown to anyone holds the bot's own output: %s", raw[i])
		}
		if a.Step != "validation" {
			continue
		}
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
	if !steps["build"] || len(games) != 4 || !sawLive {
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
	bob := e.owner(t, "bob", "")
	for _, c := range []struct {
		token string
		sees  bool
	}{{ann, true}, {bob, false}} {
		var got api.BotResponse
		e.do(t, "GET", "/v1/bots/"+b.ID, nil, "X-API-Key", c.token).ok(t, 200).json(t, &got)
		for i, v := range got.Validation {
			seat := []string{"Yellow", "Black", "White", "Red"}[i]
			mine := v.Transcript != nil && strings.Contains(*v.Transcript, "> "+seat+"\n") && strings.Contains(*v.Transcript, "> Quit\n")
			if mine != c.sees || !c.sees && v.Transcript != nil {
				t.Errorf("validation game %d's transcript, as its owner %v: %v", i+1, c.sees, v.Transcript)
			}
		}
	}
}
