package api_test

import (
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"gameai/ai/morrisai"
	"gameai/ai/morrisdb/morrisdbtest"
	"gameai/api"
	"gameai/games/morris"
	"gameai/internal/browsertest"
)

// A game on the page, in a position the server's database holds, says its
// value and best moves; after a best move the line gives the other side's
// value, one ply shorter.
func TestBrowserMorrisShowsTheDatabasesValue(t *testing.T) {
	db := morrisdbtest.Open(t)
	e := newEnv(t, nil, func(c *api.Config) { c.Morris = morrisai.NewKnowledge(db, nil) })
	const start = "WWW/BB./B../....../.../.../... w 0 0 0 12 -"
	p, err := morris.ParsePosition(morris.StandardRules, start)
	if err != nil {
		t.Fatal(err)
	}
	v, moves, err := db.Moves(p)
	if err != nil || !v.IsWin() || v.Distance() < 3 {
		t.Fatalf("the test's position: %v, %v (want a win of 3 plies or more)", v, err)
	}
	var best morris.Move
	for _, mv := range moves {
		if mv.Value == v {
			best = mv.Move
			break
		}
	}
	var s api.SessionResponse
	e.do(t, "POST", "/v1/games/morris/sessions", api.CreateSessionRequest{Position: start}).ok(t, 201).json(t, &s)

	ctx := browsertest.New(t, 2*time.Minute)
	do(t, ctx, chromedp.Navigate(e.url+"/#/morris/"+s.ID))
	want := "Perfect play: White to move, " + v.String()
	got := poll[string](t, ctx, "the database's value", `(document.getElementById('morris-db') || {}).textContent?.startsWith(`+strconv.Quote(want)+`) ? document.getElementById('morris-db').textContent : ''`, 20*time.Second)
	if !strings.Contains(got, "best: ") || !strings.Contains(got, best.String()) {
		t.Errorf("the line %q does not name the best move %v", got, best)
	}
	do(t, ctx, chromedp.SendKeys(chromedp.CSS("#morris-move-input"), best.String()+"\r"))
	after := "Perfect play: Black to move, loss in " + itoa(v.Distance()-1)
	poll[bool](t, ctx, "the value after the best move", `(document.getElementById('morris-db') || {}).textContent?.startsWith(`+strconv.Quote(after)+`) === true`, 20*time.Second)
}
