package api_test

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"gameai/internal/browsertest"
	"gameai/internal/confinetest"
)

// TestBrowserBotUploadedAndValidated: an author opens the bots page,
// gives their token, uploads a static executable and watches it built,
// validated and ready, with its games and its own stderr; a bot that
// answers an illegal move shows the turn and the fault.
func TestBrowserBotUploadedAndValidated(t *testing.T) {
	e, _ := sandboxed(t)
	token := e.owner(t, "ann", "")
	dir := t.TempDir()
	exe := filepath.Join(dir, "greedy")
	if err := os.WriteFile(exe, lessBotExecutable(t), 0o644); err != nil {
		t.Fatal(err)
	}
	illegal := filepath.Join(dir, "illegal.py")
	src, _ := os.ReadFile(filepath.Join(confinetest.HostileDir, "illegal.py"))
	if err := os.WriteFile(illegal, src, 0o644); err != nil {
		t.Fatal(err)
	}
	ctx := browsertest.New(t, 2*time.Minute)
	uploadIn := func(name, lang, file string) {
		t.Helper()
		do(t, ctx, chromedp.Navigate(e.url+"/#/bots"), chromedp.WaitVisible(chromedp.CSS("#upload-submit")))
		poll[bool](t, ctx, "the languages", `document.querySelector('#upload-language option[value="`+lang+`"]') !== null`, 10*time.Second)
		do(t, ctx, chromedp.SetValue(chromedp.CSS("#bots-token"), token),
			chromedp.SetValue(chromedp.CSS(`#upload-form input[name="name"]`), name),
			chromedp.SetValue(chromedp.CSS("#upload-language"), lang),
			chromedp.SetUploadFiles(chromedp.CSS("#upload-file"), []string{file}))
		eval[bool](t, ctx, `document.getElementById('bots-token').dispatchEvent(new Event('input'))`)
		do(t, ctx, chromedp.Click(chromedp.CSS("#upload-submit")))
		poll[bool](t, ctx, "the bot's page", `location.hash.startsWith('#/bots/bot_')`, 10*time.Second)
	}

	uploadIn("greedy", "executable", exe)
	poll[bool](t, ctx, "the bot ready", `(document.getElementById('bot-status') || {dataset: {}}).dataset.status === 'ready'`, time.Minute)
	if n := eval[int](t, ctx, `document.querySelectorAll('#bot-games .game').length`); n != 4 {
		t.Errorf("%d validation games shown, want 4 (a game in each colour)", n)
	}
	if n := eval[int](t, ctx, `document.querySelectorAll('#bot-games details.stderr').length`); n != 4 {
		t.Errorf("the owner sees the stderr of %d games, want 4", n)
	}
	browsertest.Screenshot(t, ctx, "bot-ready")

	uploadIn("illegal", "python", illegal)
	poll[bool](t, ctx, "the bot rejected", `(document.getElementById('bot-status') || {dataset: {}}).dataset.status === 'rejected'`, time.Minute)
	status := eval[string](t, ctx, `document.getElementById('bot-status').textContent`)
	fault := eval[string](t, ctx, `document.querySelector('#bot-games .game .bad').textContent`)
	if !strings.Contains(status, "turn 1") || !strings.Contains(fault, "irregular loss at turn 1: illegal action") {
		t.Errorf("a rejected bot's page: status %q, its game %q", status, fault)
	}
	browsertest.Screenshot(t, ctx, "bot-rejected")

	// Someone else sees the verdict, not the stderr.
	do(t, ctx, chromedp.Navigate(e.url+"/#/bots"), chromedp.WaitVisible(chromedp.CSS("#bots-token")))
	eval[bool](t, ctx, `(localStorage.removeItem('gameai.ownerToken'), true)`)
	do(t, ctx, chromedp.Navigate(e.url+"/#/bots?x=1"))
	poll[bool](t, ctx, "ann's bots listed", `document.querySelectorAll('#bots-table tr[data-bot^="bot_"]').length === 2`, 10*time.Second)
	do(t, ctx, chromedp.Click(chromedp.CSS(`#bots-table tr[data-bot^="bot_"] a`)))
	poll[bool](t, ctx, "a bot's page", `document.querySelectorAll('#bot-games .game').length > 0`, 10*time.Second)
	if n := eval[int](t, ctx, `document.querySelectorAll('#bot-games details.stderr').length`); n != 0 {
		t.Errorf("a visitor without the token sees the stderr of %d games", n)
	}
}

// TestBrowserEveryBuiltinBotOpens: each of our engines listed on the bots
// page opens its own page by its link (the ids hold colons the link
// encodes; every built-in row opened "Not found" before), naming its game.
func TestBrowserEveryBuiltinBotOpens(t *testing.T) {
	e := newEnv(t, nil, nil)
	ctx := browsertest.New(t, time.Minute)
	do(t, ctx, chromedp.Navigate(e.url+"/#/bots"))
	poll[bool](t, ctx, "our engines listed", `document.querySelectorAll('#bots-table tr[data-bot^="gameai:"] a').length > 1`, 10*time.Second)
	links := eval[[]string](t, ctx, `[...document.querySelectorAll('#bots-table tr[data-bot^="gameai:"] a')].map(a => a.getAttribute('href'))`)
	ids := eval[[]string](t, ctx, `[...document.querySelectorAll('#bots-table tr[data-bot^="gameai:"]')].map(tr => tr.dataset.bot)`)
	games := eval[[]string](t, ctx, `[...document.querySelectorAll('#bots-table tr[data-bot^="gameai:"]')].map(tr => tr.children[1].textContent)`)
	for i, href := range links {
		do(t, ctx, chromedp.Navigate(e.url+"/"+href))
		// One look at this bot's page, once it is this bot's (the list page
		// before it shows a problem of its own: no uploads here): a problem
		// shown, or its Game once its details are in; nothing yet polls on.
		got := poll[string](t, ctx, href, `(() => {
			const h = document.querySelector('h1 code');
			if (!h || h.textContent !== `+strconv.Quote(ids[i])+`) return '';
			const p = document.querySelector('#main .problem');
			if (p) return 'problem: ' + p.textContent;
			const d = [...document.querySelectorAll('dl.kv dt')].find(x => x.textContent === 'Game');
			return d ? 'game: ' + d.nextElementSibling.textContent : '';
		})()`, 10*time.Second)
		if got != "game: "+games[i] {
			t.Errorf("%s: %q, want its row's game %q", href, got, games[i])
		}
	}
	if len(links) < 2 {
		t.Errorf("%d built-in links", len(links))
	}
}
