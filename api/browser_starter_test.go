package api_test

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"gameai/internal/browsertest"
	"gameai/starters"
	"gameai/store"
	"gameai/store/memory"
)

// held is a store's live games that, once a validation game written there
// has a few moves, holds its referee there until the test lets it go: a
// starter's validation game lasts a few hundred milliseconds, less than
// the page's polling, so the test holds it until the page has shown it
// live and then lets the admission run at full speed. The referee's clocks
// do not run while it writes its live game.
type held struct {
	store.LiveGames
	mu      sync.Mutex
	armed   bool
	release chan struct{}
}

// arm holds the next validation game that has a few moves.
func (h *held) arm() {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.armed, h.release = true, make(chan struct{})
}

// let lets the held game go, and every later one.
func (h *held) let() {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.armed {
		h.armed = false
		close(h.release)
	}
}

func (h *held) Put(ctx context.Context, key string, game []byte) error {
	if err := h.LiveGames.Put(ctx, key, game); err != nil {
		return err
	}
	var a struct {
		Live *struct {
			Moves []string `json:"moves"`
		} `json:"live"`
	}
	if json.Unmarshal(game, &a) != nil || a.Live == nil || len(a.Live.Moves) < 4 {
		return nil
	}
	h.mu.Lock()
	armed, release := h.armed, h.release
	h.mu.Unlock()
	if armed {
		select {
		case <-release:
		case <-ctx.Done():
		}
	}
	return nil
}

// TestBrowserAStarterFromThePageIsWatchedIntoTheLadder: a newcomer on the
// bots page downloads each game's Python starter by its link, uploads it,
// sees its admission step by step, watches a validation game live on a
// board, and sees the bot admitted; each validation game then replays on a
// board with, for its owner, what the referee sent it and what it
// answered.
func TestBrowserAStarterFromThePageIsWatchedIntoTheLadder(t *testing.T) {
	st := memory.New(store.Config{})
	live := &held{LiveGames: st.Live}
	st.Live = live
	t.Cleanup(live.let) // a test that fails while a game is held lets its admission end
	e, _ := sandboxedOn(t, st, nil)
	token := e.owner(t, "ann", "")
	dir := t.TempDir()
	ctx := browsertest.New(t, 4*time.Minute)
	for _, game := range starters.Games {
		// Its protocol, from the upload form: the page, a starter in every
		// language, this server's limits.
		do(t, ctx, chromedp.Navigate(e.url+"/#/bots"), chromedp.WaitVisible(chromedp.CSS("#bots-protocol-"+game)))
		do(t, ctx, chromedp.Click(chromedp.CSS("#bots-protocol-"+game)))
		poll[bool](t, ctx, "the "+game+" protocol", `!!document.querySelector('#protocol-page h1') && !!document.querySelector('#protocol-limits td')`, 10*time.Second)
		if n := eval[int](t, ctx, `document.querySelectorAll('#protocol-starters a[download]').length`); n != len(starters.Languages) {
			t.Errorf("%s's protocol page offers %d starters", game, n)
		}
		if !strings.Contains(eval[string](t, ctx, `document.getElementById('protocol-page').textContent`), "gameai try "+game) {
			t.Errorf("%s's protocol page does not say how to try a program", game)
		}
		browsertest.Screenshot(t, ctx, "protocol-"+game)
		do(t, ctx, chromedp.Navigate(e.url+"/#/bots"), chromedp.WaitVisible(chromedp.CSS("#upload-submit")))
		link := `document.querySelector('a[data-starter="` + game + `/python"]')`
		poll[bool](t, ctx, "the starters' links", link+` !== null`, 10*time.Second)
		eval[bool](t, ctx, `(window.starter = '', fetch(`+link+`.href).then(r => r.text()).then(s => window.starter = s), true)`)
		src := poll[string](t, ctx, "the starter downloaded", `window.starter`, 10*time.Second)
		if want, _ := starters.Get(game, "python"); src != string(want.Source) {
			t.Fatalf("%s: the page's starter is %d bytes, not the repository's", game, len(src))
		}
		if eval[string](t, ctx, link+`.getAttribute('download')`) != "bot.py" {
			t.Errorf("%s: the starter's link does not save it as bot.py", game)
		}
		file := filepath.Join(dir, game+".py")
		if err := os.WriteFile(file, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		poll[bool](t, ctx, "the languages", `document.querySelector('#upload-language option[value="python"]') !== null`, 10*time.Second)
		do(t, ctx, chromedp.SetValue(chromedp.CSS("#bots-token"), token),
			chromedp.SetValue(chromedp.CSS(`#upload-form select[name="game"]`), game),
			chromedp.SetValue(chromedp.CSS(`#upload-form input[name="name"]`), "starter"),
			chromedp.SetValue(chromedp.CSS("#upload-language"), "python"),
			chromedp.SetUploadFiles(chromedp.CSS("#upload-file"), []string{file}))
		eval[bool](t, ctx, `document.getElementById('bots-token').dispatchEvent(new Event('input'))`)
		live.arm()
		do(t, ctx, chromedp.Click(chromedp.CSS("#upload-submit")))
		poll[bool](t, ctx, "the bot's page", `location.hash.startsWith('#/bots/bot_')`, 10*time.Second)
		// Every step the page shows, as it shows it.
		eval[bool](t, ctx, `(window.steps = [], new MutationObserver(() => {
			const s = document.getElementById('bot-admission-step');
			if (s && s.dataset.step !== window.steps[window.steps.length - 1]) window.steps.push(s.dataset.step);
		}).observe(document.getElementById('main'), {subtree: true, childList: true, attributes: true}), true)`)
		poll[bool](t, ctx, "a validation game to watch", `document.getElementById('bot-admission-watch') !== null`, time.Minute)
		step := eval[string](t, ctx, `document.getElementById('bot-admission-step').textContent`)
		steps := eval[[]string](t, ctx, `window.steps`)
		if len(steps) == 0 || steps[len(steps)-1] != "validation" {
			t.Errorf("%s: its page showed the steps %v, ending in a validation game", game, steps)
		}
		do(t, ctx, chromedp.Click(chromedp.CSS("#bot-admission-watch")))
		poll[bool](t, ctx, "the game live on a board", `document.querySelector('#admission-board #replay-svg') !== null && document.getElementById('replay-live') !== null`, 20*time.Second)
		browsertest.Screenshot(t, ctx, "admission-live-"+game)
		live.let()
		verdict := poll[string](t, ctx, "the verdict", `(s => s && s.dataset.step === 'ready' ? s.textContent : '')(document.getElementById('admission-step'))`, 2*time.Minute)
		t.Logf("%s: steps %v; %q, then %q", game, steps, step, verdict)

		// Its page: every validation game replays on a board.
		do(t, ctx, chromedp.Navigate(e.url+"/"+eval[string](t, ctx, `document.querySelector('#main a').getAttribute('href')`)))
		want := map[string]int{"less": 4, "morris": 2}[game]
		poll[bool](t, ctx, "its validation games", `document.querySelectorAll('#bot-games a.bot-replay').length === `+strconv.Itoa(want), 20*time.Second)
		if eval[string](t, ctx, `document.getElementById('bot-protocol').getAttribute('href')`) != "#/protocol/"+game {
			t.Errorf("%s: the bot's page does not link its protocol", game)
		}
		if n := eval[int](t, ctx, `[...document.querySelectorAll('#bot-games .bot-used')].filter(d => / MiB of \d+ MiB memory/.test(d.textContent)).length`); n != want {
			t.Errorf("%s: %d of its %d games say what its program used", game, n, want)
		}
		if n := eval[int](t, ctx, `document.querySelectorAll('#bot-games details.transcript').length`); n != want {
			t.Errorf("%s: its owner sees the transcript of %d games, want %d", game, n, want)
		}
		do(t, ctx, chromedp.Click(chromedp.CSS(`#bot-games a.bot-replay`)))
		poll[bool](t, ctx, "a validation game replayed", `document.querySelector('#replay-svg') !== null && document.getElementById('replay-transcript') !== null`, 10*time.Second)
		do(t, ctx, chromedp.Click(chromedp.CSS("#replay-last")))
		if moves := eval[int](t, ctx, `Number(document.getElementById('replay-ply').dataset.ply)`); moves < 10 {
			t.Errorf("%s: validation game 1 replays %d moves", game, moves)
		}
		browsertest.Screenshot(t, ctx, "validation-replay-"+game)
	}
}
