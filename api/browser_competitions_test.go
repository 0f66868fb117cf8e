package api_test

import (
	"context"
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
	e := newEnv(t, nil, nil)
	ctx := browsertest.New(t, 2*time.Minute)
	// The form is the host's: hidden until a visitor says they host it.
	do(t, ctx, chromedp.Navigate(e.url+"/#/competitions"), chromedp.WaitVisible(chromedp.CSS("#competition-host-reveal")))
	if eval[bool](t, ctx, `getComputedStyle(document.getElementById('competition-form')).display !== 'none'`) {
		t.Error("the host's form faces a visitor with no key")
	}
	do(t, ctx, chromedp.Click(chromedp.CSS("#competition-host-reveal")), chromedp.WaitVisible(chromedp.CSS("#competition-start")))
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
	// Results in the bots' names, each seat a link to its bot; the host's
	// Stop hidden from a visitor with no key; the winner said.
	result := eval[string](t, ctx, `document.querySelector('#competition-games td.result').textContent`)
	if !strings.Contains(result, " beat ") && !strings.Contains(result, " drew") {
		t.Errorf("a game's result %q is not in its bots' names", result)
	}
	if n := eval[int](t, ctx, `document.querySelectorAll('#competition-games tr[data-game="1"] td.seats a[data-bot]').length`); n != 2 {
		t.Errorf("%d seat links in a Morris game's row", n)
	}
	if eval[bool](t, ctx, `getComputedStyle(document.getElementById('competition-host')).display !== 'none'`) {
		t.Error("the host's Stop faces a visitor with no key")
	}
	if st := eval[string](t, ctx, `document.getElementById('competition-status').textContent`); !strings.HasPrefix(st, "Finished: 6 games; ") || !strings.Contains(st, " won with ") {
		t.Errorf("status %q", st)
	}
	// The games of one bot: its four of the six.
	do(t, ctx, chromedp.SetValue(chromedp.CSS("#competition-games-bot"), "gameai:random"))
	eval[bool](t, ctx, `document.getElementById('competition-games-bot').dispatchEvent(new Event('change'))`)
	poll[bool](t, ctx, "the games of gameai:random", `document.querySelectorAll('#competition-games tr[data-game]').length === 4 && [...document.querySelectorAll('#competition-games tr[data-game]')].every(tr => tr.querySelector('a[data-bot="gameai:random"]'))`, 10*time.Second)
	eval[bool](t, ctx, `(s => { s.selectedIndex = 0; return s.dispatchEvent(new Event('change')); })(document.getElementById('competition-games-bot'))`)
	poll[bool](t, ctx, "every game again", `document.querySelectorAll('#competition-games tr[data-game]').length === 6`, 10*time.Second)
	browsertest.Screenshot(t, ctx, "competition")

	replayACompetitionGame(t, ctx)
	lessCompetitionReplays(t, e, ctx)
}

// replayACompetitionGame: the first game of the competition on the page
// replays move by move, its move list following, its clocks beside their
// budget.
func replayACompetitionGame(t *testing.T, ctx context.Context) {
	do(t, ctx, chromedp.Click(chromedp.CSS(`#competition-games tr[data-game="1"] a.replay`)))
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
	// At the end the move list shows the last move; each clock beside its
	// budget.
	if !eval[bool](t, ctx, `(() => { const m = document.getElementById('replay-moves'), li = m.lastElementChild;
		const r = li.getBoundingClientRect(), b = m.getBoundingClientRect(); return li.classList.contains('current') && r.top >= b.top - 1 && r.bottom <= b.bottom + 1; })()`) {
		t.Error("the move list does not show the last move")
	}
	if b := eval[string](t, ctx, `document.querySelector('#replay-clocks td.budget').textContent`); b != "20 ms a move" {
		t.Errorf("budget %q", b)
	}
	clocks := eval[string](t, ctx, `[...document.querySelectorAll('#replay-clocks td.clock')].map(td => td.textContent).join(',')`)
	if !strings.Contains(clocks, " s,") || eval[string](t, ctx, `document.getElementById('replay-result').textContent`) == "" {
		t.Errorf("clocks %q", clocks)
	}
	browsertest.Screenshot(t, ctx, "competition-replay")
}

// lessCompetitionReplays: a Less competition's standings and partners,
// and one game replayed on its board; an unknown competition is a plain
// not-found.
func lessCompetitionReplays(t *testing.T, e *env, ctx context.Context) {
	// A Less game, started through the API, replayed on its board.
	var c api.CompetitionResponse
	e.do(t, "POST", "/v1/competitions", api.CompetitionRequest{Game: "less", Bots: []string{"gameai:greedy", "gameai:greedy:seed=2",
		"gameai:greedy:seed=3", "gameai:greedy:seed=4"}, Clock: &arenaClock{GameMS: 2000}}).ok(t, 202).json(t, &c)
	do(t, ctx, chromedp.Navigate(e.url+"/#/competitions/"+c.ID))
	poll[bool](t, ctx, "the Less competition to end", `(document.getElementById('competition-status') || {dataset: {}}).dataset.status === 'succeeded'`, time.Minute)
	if n := eval[int](t, ctx, `document.querySelectorAll('#standings thead th').length`); n != 11 {
		t.Errorf("%d standings columns, want 11 (with the mean margin)", n)
	}
	// Four bots, a whist design: every two partners at one table, four
	// games; a bot is never its own partner.
	if cells := eval[[]string](t, ctx, `[...document.querySelectorAll('#partners-table tbody td')].map(td => td.textContent.replace(/^[0-9.]+/, ''))`); len(cells) != 16 ||
		strings.Count(strings.Join(cells, ","), "/4") != 12 || cells[0] != "·" || cells[15] != "·" {
		t.Errorf("partners cells %q, want 12 of 4 games and the diagonal empty", cells)
	}
	do(t, ctx, chromedp.Navigate(e.url+"/#/competitions/"+c.ID+"/games/2"))
	poll[bool](t, ctx, "the Less replay", `document.querySelectorAll('#replay-svg [data-piece="yellow"]').length === 4`, 10*time.Second)
	// Yellow's first action marked on the board; the points spent counted.
	do(t, ctx, chromedp.Click(chromedp.CSS("#replay-next")))
	if n := eval[int](t, ctx, `document.querySelectorAll('#replay-svg [data-last="yes"]').length`); n < 2 {
		t.Errorf("%d squares marked for the first action", n)
	}
	if sp := eval[string](t, ctx, `document.getElementById('replay-spent').textContent`); !strings.HasPrefix(sp, "Points spent so far: Yellow and White ") || strings.Contains(sp, "White 0,") {
		t.Errorf("spent %q after Yellow's first action", sp)
	}
	do(t, ctx, chromedp.Click(chromedp.CSS("#replay-last")))
	if n := eval[int](t, ctx, `document.querySelectorAll('#replay-svg [data-piece="empty"]').length`); n != 48 {
		t.Errorf("%d empty squares at the end, want 48", n)
	}
	if r := eval[string](t, ctx, `document.getElementById('replay-result').textContent`); !strings.Contains(r, " and ") || !(strings.Contains(r, " beat ") || strings.Contains(r, " drew with ")) {
		t.Errorf("the Less result %q is not in its teams' names", r)
	}
	browsertest.Screenshot(t, ctx, "competition-less-replay")

	// An unknown competition: a plain not-found with a way back.
	do(t, ctx, chromedp.Navigate(e.url+"/#/competitions/NOSUCHCOMPETITION"))
	poll[bool](t, ctx, "the not-found page", `document.querySelector('main h1').textContent === 'Not found' && document.querySelector('main a[href="#/competitions"]') !== null`, 10*time.Second)
}
