package api_test

import (
	"context"
	"errors"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"gameai/api"
	"gameai/arena"
	"gameai/hosting"
	"gameai/internal/browsertest"
	"gameai/store"
	"gameai/store/memory"
)

// keyColumnsShown is a script that reports the columns of a table, named
// by their headers, whose cells are hidden or lie beyond the screen's
// right edge (to be scrolled to): "" when every one is in sight.
func keyColumnsShown(table string, headers ...string) string {
	q := make([]string, len(headers))
	for i, h := range headers {
		q[i] = "'" + h + "'"
	}
	return `(() => {
  const t = document.querySelector('` + table + `');
  if (!t) return 'no table ` + table + `';
  const heads = [...t.querySelectorAll('thead th')].map(th => th.textContent.trim());
  const out = [];
  for (const h of [` + strings.Join(q, ",") + `]) {
    const i = heads.indexOf(h);
    if (i < 0) { out.push(h + ': no such column'); continue; }
    for (const tr of t.querySelectorAll('tbody tr')) {
      const cell = tr.children[i];
      if (!cell) continue;
      const r = cell.getBoundingClientRect();
      if (r.width === 0 || r.right > window.innerWidth + 0.5) { out.push(h + ' ends at ' + Math.round(r.right) + ' px'); break; }
    }
  }
  return out.join('; ');
})()`
}

// chartLabelsReadable is a script that says which of a page's chart
// labels are drawn under 10 px high or cut by the chart's edge ("" when
// none is): a chart is 600 units wide, shown about 360 px wide on a phone.
const chartLabelsReadable = `(() => {
  const texts = [...document.querySelectorAll('svg.chart text')];
  const small = texts.map(t => t.getBoundingClientRect().height).filter(h => h < 10);
  const cut = texts.filter(t => { const c = t.closest('svg').getBoundingClientRect(), r = t.getBoundingClientRect(); return r.left < c.left - 0.5 || r.right > c.right + 0.5; });
  return (small.length ? 'chart labels ' + small.map(Math.round).join(', ') + ' px high ' : '') + (cut.length ? 'labels cut: ' + cut.map(t => t.textContent).join(', ') : '');
})()`

// On a phone (390 px), the columns that matter are in sight without
// scrolling sideways: the bots list's bot, version and status; a Morris
// competition's points, wins, draws, losses and rating, and every number
// of its crosstable; the ladder's rating and W-D-L; a bot's games, whom
// it played and how it went, and its rating chart's labels; the jobs'
// links. Our engines' long ids (alphabeta:strategy=ga-2019-best,depth=2)
// pushed them off the screen: they go by names in words.
func TestBrowserKeyColumnsFitAPhone(t *testing.T) {
	e := newEnv(t, nil, nil)
	bots := []string{"gameai:morris:alphabeta:strategy=ga-2019-best,depth=2", "gameai:morris:alphabeta:strategy=petcu-e32,depth=1", "gameai:morris:random"}
	c := e.competition(t, api.CompetitionRequest{Game: "morris", Name: "phone cup", Bots: bots, Clock: &arena.Clock{MoveMS: 10}})
	e.do(t, "PUT", "/v1/ladders/morris", api.LadderRequest{State: "running", GamesPerMinute: 120, Clock: &arena.Clock{MoveMS: 10}, Bots: bots}).ok(t, 201)
	t.Cleanup(func() { e.do(t, "PUT", "/v1/ladders/morris", api.LadderRequest{State: "paused"}) })
	// A bot's page draws its rating chart from two rated games on.
	waitLong(t, func() bool {
		var r api.RatingsResponse
		e.do(t, "GET", "/v1/bots/gameai:morris:random/ratings", nil).ok(t, 200).json(t, &r)
		return len(r.Points) > 1
	})
	ctx := browsertest.New(t, 2*time.Minute)
	phone := viewports[1]
	do(t, ctx, chromedp.EmulateViewport(phone.width, phone.height, phone.opts...))
	for _, p := range []struct {
		page, ready string
		checks      []string
	}{
		{"bots", `document.querySelectorAll('#bots-table tbody tr').length > 3`,
			[]string{keyColumnsShown("#bots-table", "Bot", "Version", "Status")}},
		{"competitions/" + c.ID, `document.querySelectorAll('#standings tbody tr').length === 3 && document.querySelector('#crosstable-table') !== null`,
			[]string{keyColumnsShown("#standings", "Bot", "Points", "W", "D", "L", "Rating"), keyColumnsShown("#crosstable-table", "1", "2", "3")}},
		{"ladders/morris", `document.querySelectorAll('#ladder-table tbody tr').length === 3`,
			[]string{keyColumnsShown("#ladder-table", "Bot", "Rating", "W-D-L")}},
		{"bots/gameai:morris:random", `document.querySelectorAll('#bot-games-table tbody tr').length > 1 && document.querySelector('svg.chart text') !== null`,
			[]string{keyColumnsShown("#bot-games-table", "Against", "Result"), chartLabelsReadable}},
		{"jobs", `document.querySelector('#jobs-table tr[data-job] a') !== null`,
			[]string{keyColumnsShown("#jobs-table", "Kind", "Status"),
				`(r => r.width && r.right <= innerWidth ? '' : 'the job link ends at ' + Math.round(r.right) + ' px')(document.querySelector('#jobs-table tr[data-job] a').getBoundingClientRect())`}},
	} {
		do(t, ctx, chromedp.Navigate("about:blank"), chromedp.Navigate(e.url+"/#/"+p.page))
		poll[bool](t, ctx, p.page, p.ready, time.Minute)
		for _, check := range p.checks {
			if bad := eval[string](t, ctx, check); bad != "" {
				t.Errorf("#/%s at 390 px: %s", p.page, bad)
			}
		}
		// Our engines go by one name in words wherever they are listed
		// (gameai:random in a competition, gameai:morris:random on the
		// ladder), their spec on hover.
		if bad := eval[[]string](t, ctx, `[...document.querySelectorAll('a[data-bot^="gameai:"], tr[data-bot^="gameai:"] a')].filter(a => !/^our \S/.test(a.textContent) || a.title !== (a.dataset.bot || a.closest('tr').dataset.bot)).map(a => a.textContent)`); len(bad) > 0 {
			t.Errorf("#/%s: our engines named %q", p.page, bad)
		}
		if n := eval[int](t, ctx, `[...document.querySelectorAll('a[data-bot^="gameai:"]')].filter(a => a.textContent === 'our alpha-beta (ga-2019-best, depth 2)').length`); n == 0 && (strings.HasPrefix(p.page, "competitions/") || strings.HasPrefix(p.page, "ladders/")) {
			t.Errorf("#/%s: ga-2019-best at depth 2 is nowhere called by its name", p.page)
		}
		phone.fits(t, ctx)
		browsertest.Screenshot(t, ctx, "phone-"+strings.ReplaceAll(strings.Split(p.page, "/")[0], ":", "-"))
	}
}

// A bot's ladder entry shows its state and offers one action, at desktop
// and phone width: no ladder yet (nothing to press, the host named);
// then out ("Enter it"), entered ("Withdraw it", after a reload too);
// an older version names the newest, which plays, and offers nothing.
func TestBrowserALadderEntryHasAState(t *testing.T) {
	st := memory.New(store.Config{})
	e := newHostingEnv(t, st, nil, hosting.Off(st, errors.New("no sandbox in this test")))
	ann := e.owner(t, "ann", "")
	ctx := context.Background()
	for v := 1; v <= 2; v++ {
		hash, err := st.Artefacts.Put(ctx, []byte("millbot "+strconv.Itoa(v)))
		if err != nil {
			t.Fatal(err)
		}
		if err := st.Bots.Create(ctx, &store.Bot{ID: "bot_mill" + strconv.Itoa(v), Game: "morris", Name: "millbot", Owner: "ann", Language: "executable",
			Version: v, Status: store.BotReady, Source: hash, Program: hash, CreatedAt: time.Now().Add(time.Duration(v) * time.Second), UpdatedAt: time.Now()}); err != nil {
			t.Fatal(err)
		}
	}
	bctx := browsertest.New(t, time.Minute)
	do(t, bctx, chromedp.Navigate(e.url+"/#/bots"), chromedp.WaitVisible(chromedp.CSS("#bots-token")))
	eval[bool](t, bctx, `(localStorage.setItem('gameai.ownerToken', `+strconv.Quote(ann)+`), true)`)
	state := func(w viewport, bot, want string) {
		t.Helper()
		do(t, bctx, chromedp.Navigate("about:blank"), chromedp.Navigate(e.url+"/#/bots/"+bot))
		poll[bool](t, bctx, w.name+": "+bot+" "+want, `(document.getElementById('bot-ladder-entry') || {dataset: {}}).dataset.state === '`+want+`'`, 10*time.Second)
		buttons := eval[int](t, bctx, `document.querySelectorAll('#bot-ladder-entry button').length`)
		if (want == "out" || want == "entered") != (buttons == 1) || buttons > 1 {
			t.Errorf("%s: %s is %s with %d buttons", w.name, bot, want, buttons)
		}
	}
	for i, w := range viewports {
		do(t, bctx, chromedp.EmulateViewport(w.width, w.height, w.opts...))
		if i == 0 {
			state(w, "bot_mill2", "no-ladder")
			if s := eval[string](t, bctx, `document.getElementById('bot-ladder-entry').textContent`); strings.Contains(s, "PUT") || !strings.Contains(s, "host") {
				t.Errorf("no ladder: %q", s)
			}
			e.do(t, "PUT", "/v1/ladders/morris", api.LadderRequest{State: "paused", Bots: []string{"gameai:morris:random", "gameai:morris:mcts"}}).ok(t, 201)
			state(w, "bot_mill2", "out")
			do(t, bctx, chromedp.Click(chromedp.CSS("#bot-ladder-enter")))
			poll[bool](t, bctx, "entered", `document.getElementById('bot-ladder-entry').dataset.state === 'entered'`, 10*time.Second)
		}
		state(w, "bot_mill2", "entered")
		state(w, "bot_mill1", "newer-plays")
		if s := eval[string](t, bctx, `document.getElementById('bot-ladder-entry').textContent`); !strings.Contains(s, "v2") {
			t.Errorf("%s: the older version says %q", w.name, s)
		}
		w.fits(t, bctx)
		browsertest.Screenshot(t, bctx, "ladder-entry-"+w.name)
	}
	state(viewports[1], "bot_mill2", "entered")
	do(t, bctx, chromedp.Click(chromedp.CSS("#bot-ladder-withdraw")))
	poll[bool](t, bctx, "withdrawn", `document.getElementById('bot-ladder-entry').dataset.state === 'out'`, 10*time.Second)
	state(viewports[1], "bot_mill1", "retired")
}
