package api_test

import (
	"context"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"gameai/api"
	"gameai/internal/browsertest"
	"gameai/internal/waitfor"
	"gameai/jobs/workers"
)

// poll waits until the page's expression is truthy and returns its value.
func poll[T any](t *testing.T, ctx context.Context, what, expr string, timeout time.Duration) T {
	t.Helper()
	deadline := time.Now().Add(timeout)
	v, err := chromedp.Run(ctx, chromedp.Poll[T](expr, chromedp.WithPollingInterval(50*time.Millisecond),
		chromedp.WithPollingTimeout(timeout)))
	// A poll begun as a navigation ends runs in the document it replaces,
	// whose context is gone: poll the new document for the time left.
	if err != nil && strings.Contains(err.Error(), "Cannot find context with specified id") {
		waitfor.UntilEvery(time.Until(deadline), 50*time.Millisecond, func() bool {
			v, err = chromedp.Run(ctx, chromedp.Poll[T](expr, chromedp.WithPollingInterval(50*time.Millisecond),
				chromedp.WithPollingTimeout(max(time.Until(deadline), time.Millisecond))))
			return err == nil || !strings.Contains(err.Error(), "Cannot find context with specified id")
		})
	}
	if err != nil {
		text, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`document.getElementById('main').innerText`))
		t.Fatalf("waiting for %s: %v\nthe page says:\n%s", what, err, text)
	}
	return v
}

func eval[T any](t *testing.T, ctx context.Context, expr string) T {
	t.Helper()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](expr))
	if err != nil {
		t.Fatalf("evaluating %s: %v", expr, err)
	}
	return v
}

func do(t *testing.T, ctx context.Context, steps ...chromedp.Action[chromedp.Void]) {
	t.Helper()
	if err := chromedp.Do(ctx, steps...); err != nil {
		t.Fatal(err)
	}
}

// startForm opens a page, waits for its start button, sets each field
// (selector, value pairs) and clicks the button.
func startForm(t *testing.T, ctx context.Context, url, button string, fields ...string) {
	t.Helper()
	do(t, ctx, chromedp.Navigate(url))
	// A host's form faces a visitor with no key only once they say they
	// host the server.
	revealed := `(r => r !== null && !r.hidden)(document.querySelector('[id$="host-reveal"]'))`
	shown := `(b => b !== null && b.offsetParent !== null)(document.querySelector('` + button + `'))`
	poll[bool](t, ctx, "the host's controls or the button that shows them", revealed+` || `+shown, 10*time.Second)
	if eval[bool](t, ctx, revealed+` && `+shown) {
		t.Errorf("%s: %s faces a visitor with no key", url, button)
	}
	eval[bool](t, ctx, `(r => (r && !r.hidden && r.click(), true))(document.querySelector('[id$="host-reveal"]'))`)
	steps := []chromedp.Action[chromedp.Void]{chromedp.WaitVisible(chromedp.CSS(button))}
	for i := 0; i+1 < len(fields); i += 2 {
		steps = append(steps, chromedp.SetValue(chromedp.CSS(fields[i]), fields[i+1]))
	}
	do(t, ctx, append(steps, chromedp.Click(chromedp.CSS(button)))...)
}

// watchUntilDone reads a number off the page every 50 ms until the page's
// status says succeeded, and returns the values seen, each change once.
func watchUntilDone(t *testing.T, ctx context.Context, limit time.Duration, value, status string) []int {
	t.Helper()
	var seen []int
	type read struct {
		Value  int    `json:"value"`
		Status string `json:"status"`
	}
	// One evaluation reads both, so the value read with the final status
	// is the final value.
	expr := `({ value: ` + value + `, status: ` + status + ` })`
	if waitfor.UntilEvery(limit, 50*time.Millisecond, func() bool {
		r := eval[read](t, ctx, expr)
		if len(seen) == 0 || seen[len(seen)-1] != r.Value {
			seen = append(seen, r.Value)
		}
		return r.Status == "succeeded"
	}) {
		return seen
	}
	t.Errorf("not done in %s", limit)
	return seen
}

// clickRedrawn clicks a board's element. The page redraws its board after
// each answer, so the element found may be replaced before the click lands:
// that click is dropped, and the caller reads the page again, as a person
// would click again.
func clickRedrawn(t *testing.T, ctx context.Context, sel string) {
	t.Helper()
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(sel))); err != nil {
		if ctx.Err() != nil {
			t.Fatal(err)
		}
		t.Logf("click on %s missed a redrawn board: %v", sel, err)
	}
}

// clickChanging clicks sel, then waits (up to two seconds: a click on a
// board redrawn under it is lost) until what read reads has changed, so
// that the next look at the page is not of the board before the click.
func clickChanging(t *testing.T, ctx context.Context, sel, read string) {
	t.Helper()
	look := `JSON.stringify(` + read + `)`
	before := eval[string](t, ctx, look)
	clickRedrawn(t, ctx, sel)
	waitfor.UntilEvery(2*time.Second, 10*time.Millisecond, func() bool { return eval[string](t, ctx, look) != before })
}

// The Morris page's engine settings are the chosen engine's option table:
// MCTS shows its seed, and the game's session gets what was set.
func TestBrowserMorrisEngineOptionsFromTheTable(t *testing.T) {
	e := newEnv(t, nil, nil)
	ctx := browsertest.New(t, time.Minute)
	do(t, ctx, chromedp.Navigate(e.url+"/#/morris"), chromedp.WaitVisible(chromedp.CSS("#morris-start")))
	if eval[bool](t, ctx, `!!document.querySelector('input[name="eng:seed"]')`) {
		t.Fatal("alpha-beta shows a seed")
	}
	eval[bool](t, ctx, `(() => { const s = document.querySelector('select[name=engine]'); s.value = 'mcts'; s.dispatchEvent(new Event('change')); return true; })()`)
	poll[bool](t, ctx, "mcts's seed field", `!!document.querySelector('input[name="eng:seed"]')`, 5*time.Second)
	do(t, ctx, chromedp.SetValue(chromedp.CSS(`input[name="eng:seed"]`), "7"), chromedp.SetValue(chromedp.CSS(`input[name="time"]`), "30"),
		chromedp.Click(chromedp.CSS("#morris-start")))
	id := poll[string](t, ctx, "the game to start", `location.hash.startsWith('#/morris/') && location.hash.slice(9)`, 10*time.Second)
	var sess api.SessionResponse
	e.do(t, "GET", "/v1/sessions/"+id, nil).ok(t, 200).json(t, &sess)
	if len(sess.Engines) != 2 || sess.Engines[1] == nil || sess.Engines[1].Engine != "mcts" || sess.Engines[1].EngineOptions["seed"] != "7" {
		t.Fatalf("the session's engines: %+v", sess.Engines)
	}
}

// A whole game of Nine Men's Morris, played by clicks against the engine
// until it ends: the person clicks a legal target when the page shows one,
// else one of its pieces to see where it can go.
func TestBrowserMorrisGameByClicks(t *testing.T) {
	e := newEnv(t, nil, nil)
	ctx := browsertest.New(t, 4*time.Minute)
	startForm(t, ctx, e.url+"/#/morris", "#morris-start",
		`input[name="time"]`, "30")
	// The board is drawn before the session is read: the move is typed
	// once the page says whose move it is (on a loaded machine keys sent
	// earlier met a page with no session yet, and nothing happened).
	poll[bool](t, ctx, "the game to start", `location.hash.startsWith('#/morris/') && !!document.querySelector('#morris-board') && `+
		`(document.getElementById('morris-status') || {}).textContent?.includes('to move (you)') === true`, 10*time.Second)
	// The first move is typed in the API's notation; an illegal one is
	// refused with a readable problem beside the board.
	do(t, ctx, chromedp.SendKeys(chromedp.CSS("#morris-move-input"), "d9\r"))
	poll[bool](t, ctx, "the problem", `!!document.querySelector('.problem')`, 10*time.Second)
	do(t, ctx, chromedp.SendKeys(chromedp.CSS("#morris-move-input"), "d6\r"))
	poll[bool](t, ctx, "the typed move and the engine's answer", `/^1\. d6 \S+$/.test(document.getElementById('morris-record').textContent)`, 10*time.Second)
	// Take back: both moves go, and the person moves again.
	do(t, ctx, chromedp.Click(chromedp.CSS("#morris-undo")))
	poll[bool](t, ctx, "the take-back", `document.getElementById('morris-record').textContent === '(no moves yet)'`, 10*time.Second)
	do(t, ctx, chromedp.SendKeys(chromedp.CSS("#morris-move-input"), "d6\r"))
	poll[bool](t, ctx, "the typed move again", `document.getElementById('morris-record').textContent.startsWith('1. d6')`, 10*time.Second)

	type view struct {
		Terminal bool     `json:"terminal"`
		Mine     bool     `json:"mine"`
		Targets  []string `json:"targets"`
		Pieces   []string `json:"pieces"`
		Strays   int      `json:"strays"`
		Moves    string   `json:"moves"`
	}
	read := `(() => { const s = document.getElementById('morris-status');
		return { terminal: s.dataset.terminal === 'true', mine: s.textContent.includes('(you)'),
		  targets: [...document.querySelectorAll('[data-target=yes]')].map(g => g.dataset.point),
		  pieces: [...document.querySelectorAll('[data-movable=yes]')].map(g => g.dataset.point),
		  strays: document.querySelectorAll('[data-movable=yes]:not([data-piece=white])').length,
		  moves: document.getElementById('morris-record').textContent }; })()`
	clicks, next := 0, 0
	for {
		v := poll[view](t, ctx, "the person's turn or the end",
			`(() => { const s = document.getElementById('morris-status'); return s && (s.dataset.terminal === 'true' || s.textContent.includes('(you)')); })() && `+read, time.Minute)
		if v.Terminal {
			t.Logf("game over after %d clicks: %s", clicks, v.Moves)
			break
		}
		target := ""
		if len(v.Targets) > 0 {
			target = v.Targets[0]
		} else {
			// The pieces marked movable are the person's (white), and a
			// turn without a place to go has one.
			if len(v.Pieces) == 0 || v.Strays > 0 {
				t.Fatalf("the person's turn marks %v movable and %d pieces not theirs: %s", v.Pieces, v.Strays, v.Moves)
			}
			target = v.Pieces[next%len(v.Pieces)]
			next++
		}
		clickChanging(t, ctx, `g[data-point="`+target+`"]`, read)
		clicks++
		if clicks > 3000 {
			t.Fatalf("no end after %d clicks: %s", clicks, v.Moves)
		}
	}
	status := eval[string](t, ctx, `document.getElementById('morris-status').textContent`)
	if status == "" || eval[string](t, ctx, `document.getElementById('morris-record').textContent`) == "" {
		t.Errorf("finished game shows status %q and no record", status)
	}
	browsertest.Screenshot(t, ctx, "morris")
}

// The 178 record pasted as Pentasol shows its score, its picture with 178
// lines, and its layer code.
func TestBrowserMorpionGridPasted(t *testing.T) {
	e := newEnv(t, nil, nil)
	grid := fixture(t, "5T-178.psol")
	ctx := browsertest.New(t, time.Minute)
	do(t, ctx, chromedp.Navigate(e.url+"/#/morpion"),
		chromedp.WaitVisible(chromedp.CSS("#morpion-grid")),
		chromedp.SetValue(chromedp.CSS("#morpion-grid"), grid),
		chromedp.Click(chromedp.CSS("#morpion-show")))
	score := poll[string](t, ctx, "the score", `(document.getElementById('morpion-score') || {}).textContent`, 20*time.Second)
	if score != "178" {
		t.Errorf("score %q, want 178", score)
	}
	lines := eval[int](t, ctx, `document.querySelectorAll('#morpion-picture svg g.moves line').length`)
	code := eval[string](t, ctx, `document.getElementById('morpion-layers').textContent`)
	var want api.MorpionLayersResponse
	e.do(t, "POST", "/v1/morpion/grids/layers", map[string]any{"variant": "5T", "grid": grid}).ok(t, 200).json(t, &want)
	if code != want.Code || code == "" {
		t.Errorf("layer code %q, want %q", code, want.Code)
	}
	if lines != 178 {
		t.Errorf("the picture has %d move lines, want 178", lines)
	}
	browsertest.Screenshot(t, ctx, "morpion")
}

// A Less game with a person in Yellow's seat against three engines, for a
// few turns: the person clicks a piece, then a target, until the turn ends.
func TestBrowserLessHumanSeat(t *testing.T) {
	e := newEnv(t, nil, nil)
	ctx := browsertest.New(t, 3*time.Minute)
	startForm(t, ctx, e.url+"/#/less", "#less-start",
		`input[name="time"]`, "50",
		`select[name="seat1"]`, "greedy",
		`select[name="seat2"]`, "greedy",
		`select[name="seat3"]`, "greedy")
	type view struct {
		Human   bool     `json:"human"`
		Targets []string `json:"targets"`
		Mine    []string `json:"mine"`
		Strays  int      `json:"strays"`
		Turns   int      `json:"turns"`
	}
	read := `({ human: document.getElementById('less-status').dataset.human === 'true',
		targets: [...document.querySelectorAll('#less-board [data-target=yes]')].map(g => g.dataset.square),
		mine: [...document.querySelectorAll('#less-board [data-movable=yes]')].map(g => g.dataset.square),
		strays: document.querySelectorAll('#less-board [data-movable=yes]:not([data-piece=yellow])').length,
		turns: (document.getElementById('less-record').textContent.match(/^\d+\./gm) || []).length })`
	// At the start nothing is spent, and Yellow has its 3 points.
	poll[bool](t, ctx, "the first turn", `(document.getElementById('less-status') || {dataset: {}}).dataset.human === 'true'`, time.Minute)
	if s := eval[string](t, ctx, `document.getElementById('less-scores').textContent + ' ' + document.getElementById('less-status').textContent`); !strings.Contains(s, "Points spent: 0, 0, 0, 0") ||
		!strings.Contains(s, "3 points left") {
		t.Errorf("at the start: %q", s)
	}
	played, next := 0, 0
	for played < 4 {
		v := poll[view](t, ctx, "the person's turn",
			`(() => { const s = document.getElementById('less-status'); return s && s.dataset.human === 'true'; })() && `+read, time.Minute)
		start := v.Turns
		for clicks := 0; ; clicks++ {
			if clicks > 200 {
				text := eval[string](t, ctx, `document.getElementById('main').innerText`)
				t.Fatalf("turn %d did not end after %d clicks: %+v\n%s", played+1, clicks, v, text)
			}
			v = eval[view](t, ctx, read)
			if !v.Human || v.Turns > start {
				break
			}
			target := ""
			if len(v.Targets) > 0 {
				target = v.Targets[len(v.Targets)-1]
			} else {
				// The pieces marked movable are the person's (Yellow); none
				// while the turn, complete, is on its way.
				if v.Strays > 0 {
					t.Fatalf("turn %d marks %v movable, %d of them not Yellow's", played+1, v.Mine, v.Strays)
				}
				if len(v.Mine) == 0 {
					poll[bool](t, ctx, "the turn sent", `(v => !v.human || v.turns > `+strconv.Itoa(start)+` || v.mine.length > 0)(`+read+`)`, time.Minute)
					continue
				}
				target = v.Mine[next%len(v.Mine)]
				next++
			}
			clickChanging(t, ctx, `#less-board g[data-square="`+target+`"]`, read)
		}
		played++
	}
	turns := eval[int](t, ctx, `(document.getElementById('less-record').textContent.match(/^\d+\./gm) || []).length`)
	if turns < 4*4-3 {
		t.Errorf("%d turns recorded after the person's 4", turns)
	}
	browsertest.Screenshot(t, ctx, "less")
}

// startMorpionSearch opens the Morpion page of a new server and starts a
// search of that many seconds and threads, with settings given as name,
// value pairs (the form's set: fields).
func startMorpionSearch(t *testing.T, seconds, threads int, settings ...string) context.Context {
	t.Helper()
	e := newEnv(t, nil, nil)
	ctx := browsertest.New(t, 2*time.Minute)
	fields := []string{`#morpion-search-form input[name="seconds"]`, strconv.Itoa(seconds),
		`#morpion-search-form input[name="threads"]`, strconv.Itoa(threads)}
	for i := 0; i+1 < len(settings); i += 2 {
		fields = append(fields, `#morpion-search-form input[name="set:`+settings[i]+`"]`, settings[i+1])
	}
	startForm(t, ctx, e.url+"/#/morpion", "#morpion-search-start", fields...)
	return ctx
}

// A 5-second Morpion search of two threads started from the page: the
// page shows each run's best as it goes, its best score rises as the
// search improves, and the chart gains points.
func TestBrowserMorpionSearchLive(t *testing.T) {
	// Level 3: its first iteration alone outlasts the 5 s, so its
	// improvements come over the whole run, not in the first second.
	ctx := startMorpionSearch(t, 5, 2, "level", "3")
	runs := poll[string](t, ctx, "the search's two runs",
		`(r => r && /^\d+ · \d+$/.test(r.textContent) ? r.textContent : '')(document.getElementById('morpion-live-runs'))`, 10*time.Second)
	t.Logf("runs shown: %s", runs)
	// This server plays both runs itself, and says so.
	me := workers.ProcessName()
	if by := eval[string](t, ctx, `(document.getElementById('morpion-live-workers') || {}).textContent || ''`); by != me+" · "+me {
		t.Errorf("the runs are shown played by %q, want %q twice", by, me)
	}
	scores := watchUntilDone(t, ctx, 40*time.Second,
		`Number((document.getElementById('morpion-live-score') || {}).textContent) || 0`,
		`(document.querySelector('#morpion-live .status') || {dataset: {}}).dataset.status || ''`)
	scores = slices.DeleteFunc(scores, func(n int) bool { return n == 0 }) // before the first playout
	t.Logf("best scores shown: %v", scores)
	if len(scores) < 2 || !slices.IsSorted(scores) {
		t.Errorf("the best score shown went %v, want it to rise", scores)
	}
	// One run a thread at least (a level-3 run, a million playouts,
	// outlasts the 5 s here; a faster machine may begin another).
	if begun := eval[int](t, ctx, `Number((document.getElementById('morpion-live-runs-begun') || {}).textContent) || 0`); begun < 2 {
		t.Errorf("the page says %d nested runs begun, want at least 2 (one a thread)", begun)
	}
	points := eval[int](t, ctx, `Number((document.querySelector('#morpion-live svg.chart .series') || {dataset: {points: 0}}).dataset.points)`)
	if points < 2 {
		t.Errorf("the score chart has %d points", points)
	}
	// The settings left out were chosen by the budget, and the page says
	// which: the row nearest 5 s, the level given by hand not among them.
	if chosen := eval[string](t, ctx, `(document.getElementById('morpion-live-preset') || {}).textContent || ''`); !strings.Contains(chosen, "(the 10s row)") ||
		strings.Contains(chosen, "level") {
		t.Errorf("the page says the budget chose %q", chosen)
	}
	browsertest.Screenshot(t, ctx, "morpion-search")
}

// A Morpion search of short runs (level 2, patience 2: a few hundred
// playouts a run) started from the page: when it ends the page lists the
// runs that ended by their best, and they are the runs begun but the one
// the budget cut.
func TestBrowserMorpionRunBests(t *testing.T) {
	ctx := startMorpionSearch(t, 2, 1, "level", "2", "patience", "2")
	watchUntilDone(t, ctx, 40*time.Second, `0`,
		`(document.querySelector('#morpion-live .status') || {dataset: {}}).dataset.status || ''`)
	line := eval[string](t, ctx, `(document.getElementById('morpion-live-run-bests') || {}).textContent || ''`)
	begun := eval[int](t, ctx, `Number((document.getElementById('morpion-live-runs-begun') || {}).textContent.replace(/\D/g, '')) || 0`)
	t.Logf("runs begun %d; runs ended by best: %s", begun, line)
	if !regexp.MustCompile(`^\d+ ×[\d,]+( · \d+ ×[\d,]+)*$`).MatchString(line) {
		t.Fatalf("the page lists the runs' bests as %q", line)
	}
	var ended, last int
	for i, part := range strings.Split(line, " · ") {
		var score, runs int
		fmt.Sscanf(strings.ReplaceAll(part, ",", ""), "%d ×%d", &score, &runs)
		if i > 0 && score >= last {
			t.Errorf("%q: not highest first", line)
		}
		ended, last = ended+runs, score
	}
	if begun < 10 || ended != begun-1 {
		t.Errorf("the page says %d runs begun and %d ended by best; want many, all but the one cut", begun, ended)
	}
}

// A tuning started from the page: its chart gains a point a generation.
func TestBrowserTuningChart(t *testing.T) {
	e := newEnv(t, nil, nil)
	ctx := browsertest.New(t, 3*time.Minute)
	startForm(t, ctx, e.url+"/#/tuning", "#tuning-start",
		`#tuning-form input[name="population"]`, "6",
		`#tuning-form input[name="elite"]`, "2",
		`#tuning-form input[name="selected"]`, "2",
		`#tuning-form input[name="refill"]`, "9",
		`#tuning-form input[name="opponents"]`, "default",
		`#tuning-form input[name="generations"]`, "3",
		// Slow enough (some 100 games a generation at depth 3) for the page
		// to show the generations one by one.
		`#tuning-form input[name="depth"]`, "3")
	seen := watchUntilDone(t, ctx, 90*time.Second,
		`Number((document.getElementById('tuning-chart') || {dataset: {}}).dataset.points || 0)`,
		`(document.getElementById('tuning-status') || {dataset: {}}).dataset.status || ''`)
	// Generation 0 (the first population) and three more: four points, and
	// the page showed them arriving, not all at once.
	if len(seen) < 3 || seen[len(seen)-1] != 4 {
		t.Errorf("points on the chart went %v, want them to reach 4 one generation at a time; the page says:\n%s",
			seen, eval[string](t, ctx, `document.getElementById('main').innerText`))
	}
	browsertest.Screenshot(t, ctx, "tuning")
}

// Every page fits a phone's width: nothing wider than the screen.
func TestBrowserPagesFitAPhone(t *testing.T) {
	e := newEnv(t, nil, nil)
	ctx := browsertest.New(t, time.Minute)
	do(t, ctx, chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile))
	for _, page := range []string{"", "morris", "less", "morpion", "tuning", "jobs", "bots", "account", "competitions", "ladders/less"} {
		do(t, ctx, chromedp.Navigate(e.url+"/#/"+page))
		poll[bool](t, ctx, "the page "+page, `document.querySelector('main h1') !== null`, 10*time.Second)
		// Its sections arrive after its title: the page is as wide as it
		// will be once they have come.
		var w int
		if !waitfor.UntilEvery(2*time.Second, 50*time.Millisecond, func() bool {
			w = eval[int](t, ctx, `document.documentElement.scrollWidth`)
			return w <= 390
		}) {
			t.Errorf("#/%s is %d px wide on a 390 px screen", page, w)
		}
		if page == "bots" || page == "account" || page == "competitions" {
			browsertest.Screenshot(t, ctx, "phone-"+page)
		}
	}
}

// Four engines to watch: every seat an engine, the game runs to its end on
// the page, with both teams' scores. A tree engine that plays both seats
// of a team asks for its teammate's turns planned as its own.
func TestBrowserLessFourEngines(t *testing.T) {
	e := newEnv(t, nil, nil)
	ctx := browsertest.New(t, 3*time.Minute)
	do(t, ctx, chromedp.Navigate(e.url+"/#/less"), chromedp.WaitVisible(chromedp.CSS("#less-start")))
	// The page's requests, as the server receives them.
	eval[bool](t, ctx, `(() => { window.created = null; window.engineMoves = 0; const f = window.fetch;
		window.fetch = (url, opts) => { const u = String(url);
			if (u.includes('/engine-move')) window.engineMoves++;
			if (u.includes('/v1/games/less/sessions')) window.created = JSON.parse(opts.body);
			return f(url, opts); };
		return true; })()`)
	// The tree engines' settings come from their table; one is changed.
	poll[bool](t, ctx, "the tree engines' settings", `document.querySelector('#less-engine-options input[name="tree:scale"]') !== null`, 10*time.Second)
	do(t, ctx, chromedp.SetValue(chromedp.CSS(`input[name="time"]`), "50"),
		chromedp.SetValue(chromedp.CSS(`input[name="tree:scale"]`), "4"),
		chromedp.SetValue(chromedp.CSS(`select[name="seat0"]`), "greedy"),
		chromedp.SetValue(chromedp.CSS(`select[name="seat1"]`), "uct"),
		chromedp.SetValue(chromedp.CSS(`select[name="seat2"]`), "greedy"),
		chromedp.SetValue(chromedp.CSS(`select[name="seat3"]`), "uct"),
		chromedp.Click(chromedp.CSS("#less-start")))
	poll[bool](t, ctx, "the end of the game", `(document.getElementById('less-status') || {dataset: {}}).dataset.terminal === 'true'`, 2*time.Minute)
	teams := eval[string](t, ctx, `document.getElementById('less-scores').dataset.teams`)
	var a, b int
	if _, err := fmt.Sscanf(teams, "%d,%d", &a, &b); err != nil || a <= 0 || b <= 0 {
		t.Errorf("team scores %q: %v", teams, err)
	}
	status := eval[string](t, ctx, `document.getElementById('less-status').textContent`)
	if !strings.HasPrefix(status, "Game over") {
		t.Errorf("status %q", status)
	}
	// The session holds the seats' engines; each uct seat, whose teammate
	// is uct too, plans its teammate's turns as its own, with the scale
	// set on the page.
	type seat struct {
		Engine  string            `json:"engine"`
		Options map[string]string `json:"engine_options"`
	}
	created := eval[struct {
		Engines []seat `json:"engines"`
	}](t, ctx, `window.created`)
	if len(created.Engines) != 4 {
		t.Fatalf("the session was created with engines %+v", created.Engines)
	}
	for i, s := range created.Engines {
		if want := map[bool]string{true: "max", false: ""}[s.Engine == "uct"]; s.Options["teammate"] != want {
			t.Errorf("seat %d: %+v, want teammate=%q", i, s, want)
		}
		if want := map[bool]string{true: "4", false: ""}[s.Engine == "uct"]; s.Options["scale"] != want {
			t.Errorf("seat %d: %+v, want scale=%q", i, s, want)
		}
	}
	// Four engines are played one turn a request, from the page that
	// started them.
	turns := eval[int](t, ctx, `window.engineMoves`)
	if turns < 20 {
		t.Errorf("%d engine-move requests for a whole game", turns)
	}
}

// The jobs page lists a running match under its kind, opens its page and
// cancels it there.
func TestBrowserJobsListAndCancel(t *testing.T) {
	e := newEnv(t, nil, nil)
	var j api.JobResponse
	e.do(t, "POST", "/v1/less/matches", map[string]any{"bots": []string{"mcts", "greedy", "mcts", "greedy"},
		"games": 20, "budget_ms": 5000, "seed": 1}).ok(t, 202).json(t, &j)
	ctx := browsertest.New(t, time.Minute)
	do(t, ctx, chromedp.Navigate(e.url+"/#/jobs"), chromedp.WaitVisible(chromedp.CSS("#jobs-kind")),
		chromedp.SetValue(chromedp.CSS("#jobs-kind"), "less-match"))
	// A change event is what the page listens to; SetValue does not send one.
	eval[bool](t, ctx, `document.getElementById('jobs-kind').dispatchEvent(new Event('change'))`)
	row := `#jobs-table tr[data-job="` + j.ID + `"]`
	poll[bool](t, ctx, "the match in the list", `document.querySelector('`+row+`') !== null`, 10*time.Second)
	// The first load (any kind) and the filtered one were both on their way:
	// the table shows the newest once.
	time.Sleep(300 * time.Millisecond) // both answers arrive, and the page draws each
	if n := eval[int](t, ctx, `document.querySelectorAll('`+row+`').length`); n != 1 {
		t.Errorf("the match is listed %d times", n)
	}
	if other := eval[int](t, ctx, `[...document.querySelectorAll('#jobs-table tr[data-job]')].filter(r => r.children[1].textContent !== 'less-match').length`); other != 0 {
		t.Errorf("%d jobs of another kind listed under less-match", other)
	}
	browsertest.Screenshot(t, ctx, "jobs")
	do(t, ctx, chromedp.Click(chromedp.CSS(row+` a`)))
	poll[bool](t, ctx, "the job's page", `(document.getElementById('job-status') || {dataset: {}}).dataset.status === 'running'`, 10*time.Second)
	if eval[bool](t, ctx, `document.getElementById('job-cancel').offsetParent !== null`) {
		t.Error("a job's Cancel faces a visitor with no key")
	}
	do(t, ctx, chromedp.Click(chromedp.CSS("#job-host-reveal")), chromedp.Click(chromedp.CSS("#job-cancel")))
	poll[bool](t, ctx, "the job cancelled", `document.getElementById('job-status').dataset.status === 'cancelled'`, 30*time.Second)
	e.do(t, "GET", "/v1/jobs/"+j.ID, nil).ok(t, 200).json(t, &j)
	if j.Status != "cancelled" {
		t.Errorf("the server says the job is %s", j.Status)
	}
}
