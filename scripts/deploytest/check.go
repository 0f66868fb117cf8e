package main

import (
	"fmt"
	"slices"
	"time"

	"gameai/api"
	"gameai/arena"
)

// theCompetition is the one the deployment plays while it is attacked,
// and one machine plays for reference: our engines at fixed depths, so its
// games depend only on its seed.
var theCompetition = api.CompetitionRequest{Game: "morris", Name: "deployment cup", Rounds: 2, Seed: 7,
	Clock: &arena.Clock{MoveMS: 2000},
	Bots: []string{"gameai:morris:random", "gameai:morris:alphabeta:depth=1", "gameai:morris:alphabeta:strategy=petcu-e32,depth=2",
		"gameai:morris:alphabeta:strategy=ga-2019-best,depth=2"}}

// finished waits for a competition to end and returns it.
func finished(c *client, id string, limit time.Duration) (api.CompetitionResponse, error) {
	var r api.CompetitionResponse
	for deadline := time.Now().Add(limit); time.Now().Before(deadline); time.Sleep(time.Second) {
		if c.do("GET", "/v1/competitions/"+id, nil, &r) == 200 && r.Status != "queued" && r.Status != "running" {
			return r, nil
		}
	}
	return r, fmt.Errorf("competition %s not over in %v: %s, %d of %d games", id, limit, r.Status, r.Played, r.Planned)
}

// standings are a competition's rows as compared: bot, points, W-D-L.
func standings(r api.CompetitionResponse) []string {
	var out []string
	for _, s := range r.Standings {
		out = append(out, fmt.Sprintf("%s %.1f %d-%d-%d", s.Bot, s.Points, s.Wins, s.Draws, s.Losses))
	}
	slices.Sort(out)
	return out
}

// findings are what the checks found lost or wrong, in words.
type findings []string

func (f *findings) add(format string, a ...any) { *f = append(*f, fmt.Sprintf(format, a...)) }

// checkAcknowledged finds every account, bot and move the service
// acknowledged before the kills still there afterwards.
func checkAcknowledged(host *client, ack *played, bad *findings) (bots map[string]int) {
	var accounts api.AccountsResponse
	if host.do("GET", "/v1/accounts", nil, &accounts) != 200 {
		bad.add("the accounts could not be listed")
	}
	have := map[string]bool{}
	for _, a := range accounts.Accounts {
		have[a.Name] = true
	}
	for _, name := range ack.accounts {
		if !have[name] {
			bad.add("account %s, acknowledged, is gone", name)
		}
	}
	// An admission under way on the killed worker is taken up by another
	// once its task's lease lapses (a minute or two): every bot waits
	// together for three minutes at most.
	bots = map[string]int{}
	deadline := time.Now().Add(3 * time.Minute)
	for _, id := range ack.bots {
		var b api.BotResponse
		for ; ; time.Sleep(2 * time.Second) {
			if st := host.do("GET", "/v1/bots/"+id, nil, &b); st != 200 {
				bad.add("bot %s, acknowledged, answers %d", id, st)
				break
			}
			if b.Status == "ready" || b.Status == "rejected" || time.Now().After(deadline) {
				break
			}
		}
		bots[b.Status]++
	}
	for id, n := range ack.sessions {
		var s api.SessionResponse
		if st := host.do("GET", "/v1/sessions/"+id, nil, &s); st != 200 || len(s.Moves) < n {
			bad.add("session %s: %d moves acknowledged, %d kept (status %d)", id, n, len(s.Moves), st)
		}
	}
	return bots
}

// checkLadder finds each of the ladder's kept games played once.
func checkLadder(host *client, bad *findings) api.LadderResponse {
	var l api.LadderResponse
	if host.do("GET", "/v1/ladders/morris", nil, &l) != 200 {
		bad.add("the ladder could not be read")
		return l
	}
	seen := map[int]bool{}
	for _, g := range l.Recent {
		if seen[g.N] {
			bad.add("ladder game %d recorded twice", g.N)
		}
		seen[g.N] = true
	}
	return l
}
