package api_test

import (
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"gameai/api"
	"gameai/internal/browsertest"
)

// TestBrowserAMillClosedByAPlacementIsDrawnAndSaid: on a desktop and on a
// phone, White places a7 beside a1 and a4: the placed piece is drawn at
// once, the status says a black piece is to be removed (not "White to
// move"), the black pieces it may take are marked; once one is taken, the
// board marks the point it was taken from.
func TestBrowserAMillClosedByAPlacementIsDrawnAndSaid(t *testing.T) {
	e := newEnv(t, nil, nil)
	ctx := browsertest.New(t, time.Minute)
	for _, w := range viewports {
		var s api.SessionResponse
		e.do(t, "POST", "/v1/games/morris/sessions", api.CreateSessionRequest{Engines: []*api.SessionEngineRequest{nil, nil}}).ok(t, 201).json(t, &s)
		for _, m := range []string{"a1", "g7", "a4", "g4"} {
			e.do(t, "POST", "/v1/sessions/"+s.ID+"/moves", api.MoveRequest{Move: m}).ok(t, 200)
		}
		do(t, ctx, chromedp.EmulateViewport(w.width, w.height, w.opts...))
		do(t, ctx, chromedp.Navigate("about:blank"), chromedp.Navigate(e.url+"/#/morris/"+s.ID))
		poll[bool](t, ctx, w.name+": the board", `!!document.querySelector('#morris-board g[data-point="a7"]')`, 10*time.Second)
		clickRedrawn(t, ctx, `#morris-board g[data-point="a7"]`)
		status := poll[string](t, ctx, w.name+": the capture asked for", `(s => s.dataset.pending === 'removal' ? s.textContent : '')(document.getElementById('morris-status'))`, 10*time.Second)
		if !strings.Contains(status, "a7 closes a mill") || !strings.Contains(status, "Remove a black piece") {
			t.Errorf("%s: the status while a capture is due: %q", w.name, status)
		}
		if got := eval[string](t, ctx, `document.querySelector('#morris-board g[data-point="a7"]').dataset.piece`); got != "white" {
			t.Errorf("%s: a7 is drawn %s while the capture is chosen, want the placed white piece", w.name, got)
		}
		targets := eval[[]string](t, ctx, `[...document.querySelectorAll('#morris-board g[data-target=yes]')].map(g => g.dataset.point).sort()`)
		if strings.Join(targets, " ") != "g4 g7" {
			t.Errorf("%s: the pieces marked to take: %v", w.name, targets)
		}
		browsertest.Screenshot(t, ctx, "morris-mill-"+w.name)
		clickRedrawn(t, ctx, `#morris-board g[data-point="g7"]`)
		poll[bool](t, ctx, w.name+": the mill played", `document.getElementById('morris-record').textContent.includes('a7xg7')`, 10*time.Second)
		if !eval[bool](t, ctx, `!!document.querySelector('#morris-board g[data-point="g7"] [data-removed=yes]') && document.querySelector('#morris-board g[data-point="g7"]').dataset.piece === 'empty'`) {
			t.Errorf("%s: the point the piece was taken from is not marked", w.name)
		}
		if st := eval[string](t, ctx, `document.getElementById('morris-status').textContent`); !strings.HasPrefix(st, "Black to move") {
			t.Errorf("%s: after the capture: %q", w.name, st)
		}
	}
}
