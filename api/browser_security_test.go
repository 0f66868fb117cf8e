package api_test

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"gameai/api"
	"gameai/internal/browsertest"
)

// attackerPage serves, at another origin (localhost, where the server is at
// 127.0.0.1: another site), a page that tries what a hostile site a user
// visits would: simple cross-origin requests that need no preflight (a
// no-cors fetch with a body and no media type, a text/plain one, a form
// post), aimed at a session's move, a tuning job, a search, a new owner and
// a bot upload, and a frame of the jobs page.
func attackerPage(t *testing.T, target, sessionID string) string {
	t.Helper()
	html := fmt.Sprintf(`<!doctype html><html><body>
<iframe id="victim" src="%[1]s/#/jobs" width="600" height="300"></iframe>
<form id="f" method="POST" action="%[1]s/v1/sessions/%[2]s/moves" enctype="text/plain" target="sink">
  <input name='{"move":"d6","x":"' value='"}'></form>
<iframe name="sink"></iframe>
<script>
window.done = (async () => {
  const blob = b => new Blob([JSON.stringify(b)]);
  const shots = [
    ['/v1/sessions/%[2]s/moves', blob({ move: 'd6' })],
    ['/v1/sessions/%[2]s/engine-move', blob({})],
    ['/v1/morris/tunings', blob({ population: 4, generations: 1, depth: 1, seed: 1 })],
    ['/v1/morris/db/builds', blob({ up_to: '3-3' })],
    ['/v1/games/morris/best-move', blob({ limits: { time_ms: 500 } })],
    ['/v1/owners', blob({ name: 'mallory' })],
    ['/v1/competitions', blob({ game: 'morris', bots: ['gameai:random', 'gameai:alphabeta:strategy=ga-2019-best,depth=1'] })],
  ];
  // A bot upload is a multipart form, which any page may post.
  const upload = new FormData();
  upload.append('game', 'less'); upload.append('name', 'planted'); upload.append('language', 'python');
  upload.append('file', new Blob(['print("Nil")']), 'bot.py');
  try { await fetch('%[1]s/v1/bots', { method: 'POST', mode: 'no-cors', body: upload, headers: { 'X-API-Key': 'gat_guess' } }); } catch (e) {}
  for (const [path, body] of shots) {
    try { await fetch('%[1]s' + path, { method: 'POST', mode: 'no-cors', body }); } catch (e) {}
    try { await fetch('%[1]s' + path, { method: 'POST', mode: 'no-cors', headers: { 'Content-Type': 'text/plain' }, body: '{"move":"d6"}' }); } catch (e) {}
  }
  try { await fetch('%[1]s/v1/sessions/%[2]s', { method: 'DELETE', mode: 'no-cors' }); } catch (e) {}
  document.getElementById('f').submit();
  await new Promise(r => setTimeout(r, 500));
  return true;
})();
</script></body></html>`, target, sessionID)
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		_, _ = w.Write([]byte(html))
	}))
	t.Cleanup(ts.Close)
	return strings.Replace(ts.URL, "127.0.0.1", "localhost", 1)
}

// A page on another site, opened in a real browser, cannot move in a
// session, start a job or a search, delete a session, or frame the page;
// the server on 127.0.0.1 has no key, as on a laptop.
func TestBrowserAnotherSiteCannotActOnTheServer(t *testing.T) {
	// A database directory, so that a build another site asks for would run.
	e := newEnv(t, nil, func(c *api.Config) { c.MorrisDB = t.TempDir() })
	var s api.SessionResponse
	e.do(t, "POST", "/v1/games/morris/sessions", api.CreateSessionRequest{}).ok(t, 201).json(t, &s)
	ctx := browsertest.New(t, time.Minute)
	do(t, ctx, chromedp.Navigate(attackerPage(t, e.url, s.ID)))
	poll[bool](t, ctx, "the attack to run", `window.done && (window.done.then(v => window.finished = v), window.finished === true)`, 30*time.Second)

	var got api.SessionResponse
	e.do(t, "GET", "/v1/sessions/"+s.ID, nil).ok(t, 200).json(t, &got)
	if len(got.Moves) != 0 {
		t.Errorf("another site moved in the session: %v", got.Moves)
	}
	var jobs api.JobListResponse
	e.do(t, "GET", "/v1/jobs", nil).ok(t, 200).json(t, &jobs)
	if len(jobs.Jobs) != 0 {
		t.Errorf("another site started %d jobs", len(jobs.Jobs))
	}
	// No owner was created in its name, no bot uploaded.
	e.do(t, "POST", "/v1/owners", map1("name", "mallory")).ok(t, 201)
	var bots api.BotListResponse
	e.do(t, "GET", "/v1/bots?status=building", nil).ok(t, 200).json(t, &bots)
	if len(bots.Bots) != 0 {
		t.Errorf("another site uploaded %d bots", len(bots.Bots))
	}
	m := string(e.do(t, "GET", "/metrics", nil).ok(t, 200).body)
	if strings.Contains(m, "gameai_searches_total") && strings.Contains(m, `outcome="ok"`) {
		t.Error("another site ran a search")
	}
	if !strings.Contains(m, `status="403"`) {
		t.Error("the server saw no cross-origin request to refuse: the attack did not run")
	}
	// The frame of the jobs page is refused (frame-ancestors, X-Frame-Options).
	tree, err := chromedp.Run(ctx, func(ctx context.Context, tg *chromedp.Target) (page.GetFrameTreeResult, error) {
		return cdp.Call(ctx, tg, page.GetFrameTree, cdp.Empty{})
	})
	if err != nil {
		t.Fatal(err)
	}
	framed := false
	for _, f := range tree.FrameTree.ChildFrames {
		if strings.HasPrefix(f.Frame.URL, e.url) && f.Frame.UnreachableURL == "" {
			framed = true
		}
	}
	if framed {
		t.Error("another site framed the jobs page")
	}
}

// Opening a session's link never plays a move: a Morris session with Black
// to move and no engine (a program's game), and one whose engine is to move
// after a take-back, are shown as they are, and only a click makes the
// engine move.
func TestBrowserOpeningALinkPlaysNothing(t *testing.T) {
	e := newEnv(t, nil, nil)
	var plain, owned api.SessionResponse
	e.do(t, "POST", "/v1/games/morris/sessions", api.CreateSessionRequest{}).ok(t, 201).json(t, &plain)
	e.do(t, "POST", "/v1/sessions/"+plain.ID+"/moves", api.MoveRequest{Move: "d6"}).ok(t, 200)
	black := &api.SessionEngineRequest{Engine: "alphabeta", Limits: api.LimitsRequest{Depth: 1}}
	e.do(t, "POST", "/v1/games/morris/sessions", api.CreateSessionRequest{Engines: []*api.SessionEngineRequest{nil, black}}).ok(t, 201).json(t, &owned)
	e.do(t, "POST", "/v1/sessions/"+owned.ID+"/moves", api.MoveRequest{Move: "d6"}).ok(t, 200)
	e.do(t, "POST", "/v1/sessions/"+owned.ID+"/undo", api.UndoRequest{Plies: 1}).ok(t, 200)

	ctx := browsertest.New(t, time.Minute)
	for _, id := range []string{plain.ID, owned.ID} {
		do(t, ctx, chromedp.Navigate(e.url+"/#/morris/"+id))
		poll[bool](t, ctx, "the record", `(document.getElementById('morris-record') || {}).textContent === '1. d6'`, 10*time.Second)
		time.Sleep(1500 * time.Millisecond) // what an engine reply would take, and more
		var got api.SessionResponse
		e.do(t, "GET", "/v1/sessions/"+id, nil).ok(t, 200).json(t, &got)
		if len(got.Moves) != 1 {
			t.Errorf("opening session %s played %v", id, got.Moves)
		}
	}
	// The owned session's engine is to move: a click asks it.
	do(t, ctx, chromedp.Click(chromedp.CSS("#morris-engine-move")))
	poll[bool](t, ctx, "the engine's move after the click", `/^1\. d6 \S+$/.test(document.getElementById('morris-record').textContent)`, 10*time.Second)
}

// The job page shows its job from GET /v1/jobs/{id} when the server refuses
// it a stream (this client holds its share), says live updates are paused,
// and picks the stream up again once one is free.
func TestBrowserJobPageWithoutAStream(t *testing.T) {
	e := newEnv(t, nil, nil)
	j, err := e.runner.Submit(context.Background(), "steps", map[string]int{"N": 2})
	if err != nil {
		t.Fatal(err)
	}
	e.steps <- struct{}{}
	streams := e.url + "/v1/jobs/" + j.ID + "/events"
	// The network's share of streams (16), all held by this test's client.
	held := make([]context.CancelFunc, 0, 16)
	for range 16 {
		ctx, cancel := context.WithCancel(context.Background())
		req, _ := http.NewRequestWithContext(ctx, "GET", streams, nil)
		resp, err := clientAt("127.0.0.1").Do(req)
		if err != nil || resp.StatusCode != 200 {
			t.Fatalf("holding streams: %v %v", err, resp)
		}
		held = append(held, func() { cancel(); resp.Body.Close() })
	}
	ctx := browsertest.New(t, time.Minute)
	do(t, ctx, chromedp.Navigate(e.url+"/#/jobs/"+j.ID))
	poll[bool](t, ctx, "the job read by GET", `(document.getElementById('job-status') || {dataset: {}}).dataset.status === 'running'`, 10*time.Second)
	poll[bool](t, ctx, "the paused note", `document.getElementById('job-note').textContent.includes('paused')`, 10*time.Second)
	for _, release := range held {
		release()
	}
	e.steps <- struct{}{}
	poll[bool](t, ctx, "the job's end, live again", `document.getElementById('job-status').dataset.status === 'succeeded'`, 20*time.Second)
}

// Every page keeps to the Content-Security-Policy: no script, style or
// image is blocked (which would mean the page needs inline code or another
// origin), and the API's UI renders under it.
func TestBrowserPagesKeepToTheirCSP(t *testing.T) {
	e := newEnv(t, nil, nil)
	ctx := browsertest.New(t, 2*time.Minute)
	_, err := chromedp.Run(ctx, func(ctx context.Context, tg *chromedp.Target) (page.AddScriptToEvaluateOnNewDocumentResult, error) {
		return cdp.Call(ctx, tg, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{
			Source: `window.cspViolations = []; document.addEventListener('securitypolicyviolation', e => window.cspViolations.push(e.violatedDirective + ' ' + e.blockedURI));`})
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ path, ready string }{
		{"/#/", `!!document.querySelector('main h1')`},
		{"/#/morris", `!!document.querySelector('#morris-board')`},
		{"/#/less", `!!document.querySelector('#less-board')`},
		{"/#/morpion", `!!document.querySelector('main h1')`},
		{"/#/tuning", `!!document.querySelector('main h1')`},
		{"/#/jobs", `!!document.querySelector('#jobs-table')`},
		{"/#/account", `!!document.querySelector('#account-tokens')`},
		{"/#/protocol/morris", `!!document.querySelector('#protocol-page h1') && !!document.querySelector('#protocol-limits td')`},
		{"/swagger/index.html", `!!document.querySelector('.swagger-ui .info .title')`},
	} {
		// about:blank between, so each page is a new document, not a hash change.
		do(t, ctx, chromedp.Navigate("about:blank"), chromedp.Navigate(e.url+c.path))
		poll[bool](t, ctx, c.path+" rendered", c.ready, 20*time.Second)
		time.Sleep(300 * time.Millisecond) // a violation is reported by an event after the render: time for it to come
		if v := eval[[]string](t, ctx, `window.cspViolations`); len(v) > 0 {
			t.Errorf("%s broke its Content-Security-Policy: %v", c.path, v)
		}
	}
}

// DNS rebinding: a name an attacker controls, resolved to this server (the
// browser is told so, as a rebound DNS answer would), gets neither the page
// nor the API: the page never loads under that name, and its request
// cannot act. The same server under its IP address works.
func TestBrowserAReboundNameGetsNothing(t *testing.T) {
	e := newEnv(t, nil, nil)
	ctx := browsertest.New(t, time.Minute, chromedp.Flag("host-resolver-rules", "MAP rebound.test 127.0.0.1"))
	rebound := strings.Replace(e.url, "127.0.0.1", "rebound.test", 1)
	do(t, ctx, chromedp.Navigate(rebound+"/#/morris"))
	text := poll[string](t, ctx, "the answer to the rebound name", `document.body && document.body.innerText`, 10*time.Second)
	if !strings.Contains(text, "unknown-host") || eval[bool](t, ctx, `!!document.querySelector('#morris-start')`) {
		t.Errorf("the page loaded under a rebound name: %.300s", text)
	}
	status, err := chromedp.Run(ctx, chromedp.Evaluate[int](`fetch('/v1/games/morris/sessions', {method: 'POST',
		headers: {'Content-Type': 'application/json'}, body: '{}'}).then(r => r.status)`, chromedp.EvalAwaitPromise))
	if err != nil || status != http.StatusMisdirectedRequest {
		t.Errorf("a session created from the rebound name: %d (%v), want 421", status, err)
	}
	do(t, ctx, chromedp.Navigate(e.url+"/#/morris"))
	poll[bool](t, ctx, "the page under the server's address", `!!document.querySelector('#morris-start')`, 10*time.Second)
}
