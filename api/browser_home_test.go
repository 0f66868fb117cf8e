package api_test

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"gameai/api"
	"gameai/arena"
	"gameai/internal/browsertest"
)

// A newcomer's first look, at desktop and phone width: the home page says
// what the server is for and has a door for each visitor (play, bring a
// bot, follow the ladders and competitions, hunt records) within a
// screen or two, our engines' settings folded one click away, and how to
// get an account here; the bots page says where a token comes from.
func TestBrowserHomeShowsTheWayIn(t *testing.T) {
	e := newEnv(t, nil, nil)
	ctx := browsertest.New(t, time.Minute)
	for _, w := range viewports {
		do(t, ctx, chromedp.EmulateViewport(w.width, w.height, w.opts...))
		do(t, ctx, chromedp.Navigate("about:blank"), chromedp.Navigate(e.url+"/"))
		poll[bool](t, ctx, w.name+": home", `document.querySelectorAll('#home-engines li').length > 3 && (document.getElementById('home-join') || {}).textContent !== ''`, 10*time.Second)
		links := eval[[]string](t, ctx, `[...document.querySelectorAll('.door a')].map(a => a.getAttribute('href'))`)
		for _, want := range []string{"#/morris", "#/less", "#/morpion", "#/bots", "#/account", "#/ladders/less", "#/ladders/morris", "#/competitions"} {
			if !slices.Contains(links, want) {
				t.Errorf("%s: no door to %s among %v", w.name, want, links)
			}
		}
		if eval[bool](t, ctx, `document.getElementById('home-engines').open`) {
			t.Errorf("%s: the engines' settings are unfolded", w.name)
		}
		// The doors within two screens, not after 3,600 px of options.
		if h := eval[int](t, ctx, `Math.round(document.getElementById('home-engines').getBoundingClientRect().top + scrollY)`); h > 2*int(w.height) {
			t.Errorf("%s: the doors end %d px down", w.name, h)
		}
		if s := eval[string](t, ctx, `document.getElementById('home-join').textContent`); !strings.Contains(s, "host") {
			t.Errorf("%s: how to get an account: %q", w.name, s)
		}
		w.fits(t, ctx)
		browsertest.Screenshot(t, ctx, "home-"+w.name)
	}
	do(t, ctx, chromedp.Navigate(e.url+"/#/bots"))
	poll[bool](t, ctx, "the token's hint", `(document.getElementById('bots-token-hint') || {}).textContent?.includes('Not signed in: sign in') === true`, 10*time.Second)
}

// A ladder's page lists its latest finished games, each to replay; a
// visitor is told of a ladder not started in words, not an API verb.
func TestBrowserALadderListsItsGames(t *testing.T) {
	e := newEnv(t, nil, nil)
	e.do(t, "PUT", "/v1/ladders/morris", api.LadderRequest{State: "running", GamesPerMinute: 120, Clock: &arena.Clock{MoveMS: 10 * raceSlowdown},
		Bots: []string{"gameai:morris:random", "gameai:morris:alphabeta:depth=1"}}).ok(t, 201)
	t.Cleanup(func() { e.do(t, "PUT", "/v1/ladders/morris", api.LadderRequest{State: "paused"}) })
	ctx := browsertest.New(t, time.Minute)
	for _, w := range viewports {
		do(t, ctx, chromedp.EmulateViewport(w.width, w.height, w.opts...))
		do(t, ctx, chromedp.Navigate("about:blank"), chromedp.Navigate(e.url+"/#/ladders/morris"))
		poll[bool](t, ctx, w.name+": finished games", `document.querySelectorAll('#ladder-recent-table tbody tr').length >= 2`, 30*time.Second)
		if r := eval[string](t, ctx, `document.querySelector('#ladder-recent-table td.result').textContent`); !strings.Contains(r, "our alpha-beta (depth 1)") ||
			!(strings.Contains(r, " beat ") || strings.Contains(r, " drew")) {
			t.Errorf("%s: a game's result reads %q, not in its bots' names", w.name, r)
		}
		if bad := eval[string](t, ctx, keyColumnsShown("#ladder-recent-table", "Game", "Result")); bad != "" {
			t.Errorf("%s: %s", w.name, bad)
		}
		w.fits(t, ctx)
	}
	eval[bool](t, ctx, `(document.querySelector('#ladder-recent-table a.replay').click(), true)`)
	poll[bool](t, ctx, "its replay", `document.querySelector('#replay-svg') !== null && document.getElementById('replay-result').textContent !== ''`, 10*time.Second)
}

// Two forms that once said nothing: a competition at a clock below the
// one bots are checked on warns before it starts; one step typed in a
// Less turn that could go on waits for the rest (or "End turn") instead
// of being played as the whole turn.
func TestBrowserFormsWarnBeforeTheyCost(t *testing.T) {
	e := newEnv(t, nil, nil)
	ctx := browsertest.New(t, time.Minute)
	do(t, ctx, chromedp.Navigate(e.url+"/#/competitions"), chromedp.WaitVisible(chromedp.CSS("#competition-host-reveal")),
		chromedp.Click(chromedp.CSS("#competition-host-reveal")), chromedp.WaitVisible(chromedp.CSS("#competition-clock")))
	do(t, ctx, chromedp.SetValue(chromedp.CSS("#competition-game"), "less"))
	eval[bool](t, ctx, `(document.getElementById('competition-game').dispatchEvent(new Event('change')), true)`)
	poll[bool](t, ctx, "the Less clock", `document.getElementById('competition-clock').value === '30000'`, 10*time.Second)
	if !eval[bool](t, ctx, `document.getElementById('competition-clock-warning').hidden`) {
		t.Error("CodeCup's own clock is warned of")
	}
	eval[bool](t, ctx, `(document.getElementById('competition-clock').value = '2000', document.getElementById('competition-clock').dispatchEvent(new Event('input')), true)`)
	if s := eval[string](t, ctx, `document.getElementById('competition-clock-warning').hidden ? '' : document.getElementById('competition-clock-warning').textContent`); !strings.Contains(s, "lose on time") {
		t.Errorf("a 2 s Less clock: %q", s)
	}

	var s api.SessionResponse
	e.do(t, "POST", "/v1/games/less/sessions?legal_moves=2000", api.CreateSessionRequest{Engines: []*api.SessionEngineRequest{nil,
		{Engine: "greedy"}, {Engine: "greedy"}, {Engine: "greedy"}}}).ok(t, 201).json(t, &s)
	long := ""
	for _, a := range s.LegalMoves {
		if strings.Count(a, ":") == 2 {
			long = a
			break
		}
	}
	if long == "" {
		t.Fatalf("no three-step turn among %d", len(s.LegalMoves))
	}
	first := strings.Split(long, ":")[0]
	do(t, ctx, chromedp.Navigate(e.url+"/#/less/"+s.ID))
	poll[bool](t, ctx, "the person's turn", `(document.getElementById('less-status') || {dataset: {}}).dataset.human === 'true'`, 10*time.Second)
	do(t, ctx, chromedp.SendKeys(chromedp.CSS("#less-action-input"), first+"\r"))
	poll[bool](t, ctx, "the step kept", `document.getElementById('less-status').textContent.includes('so far `+first+`')`, 10*time.Second)
	if r := eval[string](t, ctx, `document.getElementById('less-record').textContent`); r != "(no turn yet)" {
		t.Errorf("one step typed played a turn: %q", r)
	}
	do(t, ctx, chromedp.SendKeys(chromedp.CSS("#less-action-input"), strings.Join(strings.Split(long, ":")[1:], ":")+"\r"))
	poll[bool](t, ctx, "the turn played", `document.getElementById('less-record').textContent.startsWith('1. `+long+`')`, 20*time.Second)
}
