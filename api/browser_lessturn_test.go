package api_test

import (
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"gameai/internal/browsertest"
)

// TestBrowserALessTurnEndsAfterOneStep: the rules let a turn stop after its
// first move (its unused points still count), and the server takes it. On
// a desktop and on a phone, a person in Yellow's seat moves one piece one
// step and ends the turn there: "End turn" is offered, says why, and the
// game's record shows a turn of one move.
func TestBrowserALessTurnEndsAfterOneStep(t *testing.T) {
	e := newEnv(t, nil, nil)
	ctx := browsertest.New(t, 2*time.Minute)
	for _, w := range viewports {
		do(t, ctx, chromedp.EmulateViewport(w.width, w.height, w.opts...))
		startForm(t, ctx, e.url+"/#/less", "#less-start",
			`input[name="time"]`, "50",
			`select[name="seat1"]`, "greedy",
			`select[name="seat2"]`, "greedy",
			`select[name="seat3"]`, "greedy")
		poll[bool](t, ctx, w.name+": the first turn", `(document.getElementById('less-status') || {dataset: {}}).dataset.human === 'true'`, time.Minute)
		// A step of one point: a piece of Yellow's next to an empty square
		// with no wall between, so the turn can go on after it.
		step := poll[[]string](t, ctx, w.name+": a step to take", `(() => {
			for (const g of document.querySelectorAll('#less-board [data-piece=yellow]')) {
				g.dispatchEvent(new MouseEvent('click', {bubbles: true}));
				const ts = [...document.querySelectorAll('#less-board [data-target=yes]')].map(x => x.dataset.square);
				const from = g.dataset.square;
				const near = ts.find(s => Math.abs(s.charCodeAt(0) - from.charCodeAt(0)) + Math.abs(s.charCodeAt(1) - from.charCodeAt(1)) === 1);
				g.dispatchEvent(new MouseEvent('click', {bubbles: true})); // unselect
				if (near) return [from, near];
			}
			return null;
		})()`, 10*time.Second)
		clickRedrawn(t, ctx, `#less-board g[data-square="`+step[0]+`"]`)
		clickRedrawn(t, ctx, `#less-board g[data-square="`+step[1]+`"]`)
		status := poll[string](t, ctx, w.name+": the step taken", `(s => s.includes('so far') ? s : '')(document.getElementById('less-status').textContent)`, 10*time.Second)
		if eval[bool](t, ctx, `document.getElementById('less-end-turn').disabled`) || !strings.Contains(status, "End turn here") {
			t.Fatalf("%s: after one step %s%s the turn cannot end: %q", w.name, step[0], step[1], status)
		}
		do(t, ctx, chromedp.Click(chromedp.CSS("#less-end-turn")))
		first := poll[string](t, ctx, w.name+": the turn played", `(document.getElementById('less-record').textContent.match(/^1\. .*$/m) || [''])[0]`, 20*time.Second)
		if first != "1. "+step[0]+step[1] {
			t.Errorf("%s: the first turn is %q, want the one step %s%s", w.name, first, step[0], step[1])
		}
		browsertest.Screenshot(t, ctx, "less-one-step-"+w.name)
	}
}
