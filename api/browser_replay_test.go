package api_test

import (
	"context"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"gameai/api"
	"gameai/internal/browsertest"
	"gameai/internal/gobuild"
)

// A game lost before its first move replays, at desktop and at phone
// width: a bot that never answers, first to move in a Less game, loses
// on time at turn 1; its owner opens that game and reads the result, the
// fault, the bot's stderr and its conversation with the referee beside an
// empty board at the start (the page was blank: the API leaves out a
// game's empty move list).
func TestBrowserAGameWithNoMoveReplays(t *testing.T) {
	e, _ := sandboxed(t)
	ann := e.owner(t, "ann", "")
	readyBot(t, e.store, "bot_hang", "less", "ann", gobuild.Static(t, "../arena/testdata/lesshang"))
	// Every game ends when the hanging bot's clock runs out at its first
	// turn: a short clock, three times longer under the race detector for
	// our engines' few moves before it (ten times was 36 s of 12 games).
	c := e.competition(t, api.CompetitionRequest{Game: "less", Seed: 3, Clock: &arenaClock{GameMS: 300 * min(raceSlowdown, 3)},
		Bots: []string{"gameai:greedy", "gameai:greedy:seed=5", "gameai:greedy:seed=9", "bot_hang"}})
	var page api.CompetitionGamesResponse
	e.do(t, "GET", "/v1/competitions/"+c.ID+"/games?bot=bot_hang", nil).ok(t, 200).json(t, &page)
	// The latest such game: a bot's stderr is kept for its 10 latest.
	n := 0
	for _, g := range page.Games {
		if g.Seats[0] == "bot_hang" {
			n = max(n, g.N)
		}
	}
	if n == 0 {
		t.Fatalf("no game with the hanging bot first to move among %d", len(page.Games))
	}
	var g api.CompetitionGameResponse
	e.do(t, "GET", "/v1/competitions/"+c.ID+"/games/"+strconv.Itoa(n), nil, "X-API-Key", ann).ok(t, 200).json(t, &g)
	if len(g.Moves) != 0 || g.Fault == nil || g.Fault.Turn != 1 || len(g.Stderr) == 0 || !strings.Contains(g.Stderr[0], "lesshang") {
		t.Fatalf("the game: %d moves, fault %+v, stderr %q", len(g.Moves), g.Fault, g.Stderr)
	}
	if len(g.Transcripts) != 4 || !strings.Contains(g.Transcripts[0], "> Yellow") || g.Transcripts[1]+g.Transcripts[2]+g.Transcripts[3] != "" {
		t.Fatalf("the game's transcripts, the owner's bot first: %q", g.Transcripts)
	}
	// No key, another owner's, a made-up one: no stderr, no conversation.
	for _, tok := range []string{"", e.owner(t, "bob", ""), "gat_not-a-token"} {
		var other api.CompetitionGameResponse
		e.do(t, "GET", "/v1/competitions/"+c.ID+"/games/"+strconv.Itoa(n), nil, "X-API-Key", tok).ok(t, 200).json(t, &other)
		if other.Stderr != nil || other.Transcripts != nil {
			t.Errorf("token %q sees stderr %q, transcripts %q", tok, other.Stderr, other.Transcripts)
		}
	}

	ctx := browsertest.New(t, time.Minute)
	do(t, ctx, chromedp.Navigate(e.url+"/#/bots"), chromedp.WaitVisible(chromedp.CSS("#bots-token")))
	eval[bool](t, ctx, `(localStorage.setItem('gameai.ownerToken', `+strconv.Quote(ann)+`), true)`)
	for _, w := range viewports {
		do(t, ctx, chromedp.EmulateViewport(w.width, w.height, w.opts...))
		do(t, ctx, chromedp.Navigate(e.url+"/#/competitions/"+c.ID+"/games/"+strconv.Itoa(n)))
		poll[bool](t, ctx, w.name+": the replay", `document.querySelector('#replay-svg') !== null && document.getElementById('replay-result') !== null`, 10*time.Second)
		res := eval[string](t, ctx, `document.getElementById('replay-result').textContent`)
		if !strings.Contains(res, "ann/bot_hang v1") || !strings.Contains(res, "time") {
			t.Errorf("%s: the result reads %q", w.name, res)
		}
		if s := eval[string](t, ctx, `document.getElementById('replay-stderr').textContent`); !strings.Contains(s, "lesshang: thinking about") {
			t.Errorf("%s: the owner's stderr reads %q", w.name, s)
		}
		// Its conversation, folded under its stderr: the layout and the
		// colour it was sent, and no answer.
		if s := eval[string](t, ctx, `(document.querySelector('#replay-stderr details.transcript') || {}).textContent || ''`); !strings.Contains(s, "> Yellow") || strings.Contains(s, "< ") {
			t.Errorf("%s: the owner's bot's conversation reads %q", w.name, s)
		}
		if k := eval[string](t, ctx, `document.getElementById('replay-ply').textContent`); k != "The start." {
			t.Errorf("%s: the position reads %q", w.name, k)
		}
		if n := eval[int](t, ctx, `document.querySelectorAll('#replay-moves li').length`); n != 0 {
			t.Errorf("%s: %d moves listed", w.name, n)
		}
		// No point is spent before a move, and the bot's clock ran out.
		if s := eval[string](t, ctx, `document.getElementById('replay-spent').textContent`); !strings.Contains(s, "Yellow and White 0, Black and Red 0") {
			t.Errorf("%s: before any move %q", w.name, s)
		}
		if s := eval[string](t, ctx, `document.querySelector('#replay-clocks td.clock[data-seat="0"]').textContent`); !strings.Contains(s, "out of time") || strings.HasPrefix(s, "0.00") {
			t.Errorf("%s: the clock of a bot out of time reads %q", w.name, s)
		}
		w.fits(t, ctx)
		browsertest.Screenshot(t, ctx, "replay-no-moves-"+w.name)
	}
}

// A bot's games are paged: a bot with 60 competition games shows 50 and
// "More" for the rest, and names its competition (not its id), at desktop
// and phone width, where each row keeps its result.
func TestBrowserABotsGamesArePaged(t *testing.T) {
	e := newEnv(t, nil, nil)
	c := e.competition(t, api.CompetitionRequest{Game: "morris", Name: "sixty games", Rounds: 30,
		Bots: []string{"gameai:morris:random", "gameai:morris:alphabeta:depth=1"}})
	if c.Planned != 60 {
		t.Fatalf("%d games planned", c.Planned)
	}
	ctx := browsertest.New(t, time.Minute)
	for _, w := range viewports {
		do(t, ctx, chromedp.EmulateViewport(w.width, w.height, w.opts...))
		do(t, ctx, chromedp.Navigate("about:blank"), chromedp.Navigate(e.url+"/#/bots/gameai:morris:random"))
		poll[bool](t, ctx, w.name+": the first page", `document.querySelectorAll('#bot-games-table tbody tr').length === 50`, 10*time.Second)
		if s := eval[string](t, ctx, `document.getElementById('bot-competitions').textContent`); s != "Its competitions: sixty games" {
			t.Errorf("%s: %q", w.name, s)
		}
		if n := eval[int](t, ctx, `[...document.querySelectorAll('#bot-games-table tbody tr td:last-child')].filter(td => td.offsetWidth > 0 && /won|drawn|lost/.test(td.textContent)).length`); n != 50 {
			t.Errorf("%s: %d results shown of 50", w.name, n)
		}
		do(t, ctx, chromedp.Click(chromedp.CSS("#bot-games-more")))
		poll[bool](t, ctx, w.name+": the rest", `document.querySelectorAll('#bot-games-table tbody tr').length === 60 && document.getElementById('bot-games-more').hidden`, 10*time.Second)
		w.fits(t, ctx)
		browsertest.Screenshot(t, ctx, "bot-games-"+w.name)
	}
}

// viewport is a screen a page is tried at.
type viewport struct {
	name          string
	width, height int64
	opts          []chromedp.EmulateViewportOption
}

// viewports are a desktop's and a phone's.
var viewports = []viewport{{"desktop", 1280, 900, nil}, {"phone", 390, 844, []chromedp.EmulateViewportOption{chromedp.EmulateMobile}}}

// fits checks that the page is no wider than the screen.
func (w viewport) fits(t *testing.T, ctx context.Context) {
	t.Helper()
	if sw := eval[int](t, ctx, `document.documentElement.scrollWidth`); sw > int(w.width) {
		t.Errorf("%s: the page is %d px wide on a %d px screen", w.name, sw, w.width)
	}
}

// Names, not ids: a competition that names our engines without their game
// (gameai:random) links each to its page, which opens and lists the
// competition's games by the competition's name; the standings and the
// games' seats alike, at desktop and phone width.
func TestBrowserEveryBotOfACompetitionOpens(t *testing.T) {
	e := newEnv(t, nil, nil)
	c := e.competition(t, api.CompetitionRequest{Game: "morris", Name: "spec cup", Bots: []string{"gameai:random", "gameai:alphabeta:depth=1"}})
	ctx := browsertest.New(t, time.Minute)
	for _, w := range viewports {
		do(t, ctx, chromedp.EmulateViewport(w.width, w.height, w.opts...))
		for _, link := range []string{`#standings a[data-bot="gameai:random"]`, `#competition-games td.seats a[data-bot="gameai:alphabeta:depth=1"]`} {
			do(t, ctx, chromedp.Navigate("about:blank"), chromedp.Navigate(e.url+"/#/competitions/"+c.ID))
			poll[bool](t, ctx, w.name+": the competition", `document.querySelector('`+link+`') !== null`, 10*time.Second)
			eval[bool](t, ctx, `(document.querySelector('`+link+`').click(), true)`)
			poll[bool](t, ctx, w.name+": the bot's page with this competition", `(document.getElementById('bot-competitions') || {}).textContent === 'Its competitions: spec cup'`, 10*time.Second)
			if h := eval[string](t, ctx, `location.hash`); !strings.HasPrefix(h, "#/bots/gameai%3Amorris%3A") {
				t.Errorf("%s: the link opened %s", w.name, h)
			}
		}
	}
}
