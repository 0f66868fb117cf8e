package api_test

import (
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"gameai/api"
	"gameai/internal/browsertest"
)

// TestBrowserCompetition: a host starts a Morris competition from the
// page (a bot ticked in the list of ready bots, by its listed id, two typed
// as gameai:SPEC), watches its standings fill, sees the crosstable, and
// replays a game move by move with the clocks; a Less game replays on its
// board too.
func TestBrowserCompetition(t *testing.T) {
	if raceSlowdown > 1 {
		t.Skip("an end-to-end run of real games: minutes under the race detector; the plain run checks it, the short tests race the handlers")
	}
	e := newEnv(t, nil, nil)
	ctx := browsertest.New(t, 2*time.Minute)
	do(t, ctx, chromedp.Navigate(e.url+"/#/competitions"), chromedp.WaitVisible(chromedp.CSS("#competition-start")))
	poll[bool](t, ctx, "the ready bots", `document.querySelectorAll('#competition-bots input[type=checkbox]').length > 2`, 10*time.Second)
	eval[bool](t, ctx, `(document.querySelector('#competition-bots input[value="gameai:morris:alphabeta:strategy=ga-2019-best"]').checked = true, true)`)
	do(t, ctx, chromedp.SetValue(chromedp.CSS("#competition-extra"), "gameai:random; gameai:alphabeta:strategy=petcu-e32,depth=1"),
		chromedp.SetValue(chromedp.CSS("#competition-clock"), "20"),
		chromedp.SetValue(chromedp.CSS(`#competition-form input[name="name"]`), "browser cup"),
		chromedp.Click(chromedp.CSS("#competition-start")))
	poll[bool](t, ctx, "the competition's page", `/^#\/competitions\/[A-Z0-9]+$/.test(location.hash)`, 10*time.Second)
	poll[bool](t, ctx, "the competition to end", `(document.getElementById('competition-status') || {dataset: {}}).dataset.status === 'succeeded'`, time.Minute)
	poll[bool](t, ctx, "six games listed", `document.querySelectorAll('#competition-games tr[data-game]').length === 6`, 10*time.Second)
	if n := eval[int](t, ctx, `document.querySelectorAll('#standings tbody tr').length`); n != 3 {
		t.Errorf("%d standings rows, want 3", n)
	}
	if n := eval[int](t, ctx, `document.querySelectorAll('#crosstable-table tbody td').length`); n != 9 {
		t.Errorf("%d crosstable cells, want 9", n)
	}
	points := eval[string](t, ctx, `[...document.querySelectorAll('#standings td.points')].map(td => td.textContent).join(' ')`)
	if !strings.HasPrefix(eval[string](t, ctx, `document.querySelector('h1').textContent`), "browser cup") || points == "" {
		t.Errorf("title %q, points %q", eval[string](t, ctx, `document.querySelector('h1').textContent`), points)
	}
	browsertest.Screenshot(t, ctx, "competition")

	do(t, ctx, chromedp.Click(chromedp.CSS(`#competition-games tr[data-game="1"] a`)))
	poll[bool](t, ctx, "the replay", `document.querySelector('#replay-svg') !== null`, 10*time.Second)
	for range 5 {
		do(t, ctx, chromedp.Click(chromedp.CSS("#replay-next")))
	}
	if ply := eval[string](t, ctx, `document.getElementById('replay-ply').dataset.ply`); ply != "5" {
		t.Errorf("after five clicks at move %s", ply)
	}
	if n := eval[int](t, ctx, `document.querySelectorAll('#replay-svg [data-piece="white"], #replay-svg [data-piece="black"]').length`); n != 5 {
		t.Errorf("%d pieces on the board after five placements", n)
	}
	do(t, ctx, chromedp.Click(chromedp.CSS("#replay-last")))
	clocks := eval[string](t, ctx, `[...document.querySelectorAll('#replay-clocks td.clock')].map(td => td.textContent).join(',')`)
	if !strings.Contains(clocks, " s,") || eval[string](t, ctx, `document.getElementById('replay-result').textContent`) == "" {
		t.Errorf("clocks %q", clocks)
	}
	browsertest.Screenshot(t, ctx, "competition-replay")

	// A Less game, started through the API, replayed on its board.
	var c api.CompetitionResponse
	e.do(t, "POST", "/v1/competitions", api.CompetitionRequest{Game: "less", Bots: []string{"gameai:greedy", "gameai:greedy:seed=2",
		"gameai:greedy:seed=3", "gameai:greedy:seed=4"}, Clock: &arenaClock{GameMS: 2000}}).ok(t, 202).json(t, &c)
	do(t, ctx, chromedp.Navigate(e.url+"/#/competitions/"+c.ID))
	poll[bool](t, ctx, "the Less competition to end", `(document.getElementById('competition-status') || {dataset: {}}).dataset.status === 'succeeded'`, time.Minute)
	if n := eval[int](t, ctx, `document.querySelectorAll('#standings thead th').length`); n != 11 {
		t.Errorf("%d standings columns, want 11 (with the mean margin)", n)
	}
	do(t, ctx, chromedp.Navigate(e.url+"/#/competitions/"+c.ID+"/games/2"))
	poll[bool](t, ctx, "the Less replay", `document.querySelectorAll('#replay-svg [data-piece="yellow"]').length === 4`, 10*time.Second)
	do(t, ctx, chromedp.Click(chromedp.CSS("#replay-last")))
	if n := eval[int](t, ctx, `document.querySelectorAll('#replay-svg [data-piece="empty"]').length`); n != 48 {
		t.Errorf("%d empty squares at the end, want 48", n)
	}
	browsertest.Screenshot(t, ctx, "competition-less-replay")
}
