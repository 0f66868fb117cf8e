package api_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"mime/multipart"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"gameai/api"
	"gameai/hosting"
	"gameai/internal/confinetest"
	"gameai/store"
	"gameai/store/memory"
)

// upload posts a bot as a multipart form with the given token.
func (e *env) upload(t *testing.T, token, game, name, lang string, file []byte) reply {
	t.Helper()
	var body bytes.Buffer
	w := multipart.NewWriter(&body)
	for k, v := range map[string]string{"game": game, "name": name, "language": lang} {
		_ = w.WriteField(k, v)
	}
	if file != nil {
		fw, err := w.CreateFormFile("file", "upload")
		if err != nil {
			t.Fatal(err)
		}
		_, _ = fw.Write(file)
	}
	_ = w.Close()
	req, err := http.NewRequest("POST", e.url+"/v1/bots", &body)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", w.FormDataContentType())
	if token != "" {
		req.Header.Set("X-API-Key", token)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	out, _ := io.ReadAll(resp.Body)
	return reply{status: resp.StatusCode, header: resp.Header, body: out}
}

// owner creates an owner (with the admin key where the server has one)
// and returns its token.
func (e *env) owner(t *testing.T, name, adminKey string) string {
	t.Helper()
	var o api.OwnerResponse
	e.do(t, "POST", "/v1/owners", map1("name", name), "X-API-Key", adminKey).ok(t, 201).json(t, &o)
	if !strings.HasPrefix(o.Token, "gat_") || o.Name != name {
		t.Fatalf("owner: %+v", o)
	}
	return o.Token
}

// deletedStays checks a version its owner deleted: its page stays, saying
// so; its files do not; it is deleted once.
func deletedStays(t *testing.T, e *env, id, owner string) {
	t.Helper()
	var gone api.BotResponse
	e.do(t, "GET", "/v1/bots/"+id, nil).ok(t, 200).json(t, &gone)
	if gone.Status != "deleted" || gone.Reason != "deleted by its author" {
		t.Errorf("a deleted version's page: %s %q", gone.Status, gone.Reason)
	}
	e.do(t, "DELETE", "/v1/bots/"+id, nil, "X-API-Key", owner).problem(t, 404)
	e.do(t, "GET", "/v1/bots/"+id+"/source", nil, "X-API-Key", owner).problem(t, 410)
}

// TestBotRoutesAnswerEachCallerAsTheirs walks every bot route with no
// token, another owner's, the owner's and the server's key.
func TestBotRoutesAnswerEachCallerAsTheirs(t *testing.T) {
	const key = "adm1n-key"
	st := memory.New(store.Config{})
	e := newHostingEnv(t, st, func(c *api.Config) { c.APIKey = key }, hosting.Off(st, errors.New("no sandbox in this test")))
	e.do(t, "POST", "/v1/owners", map1("name", "ann")).problem(t, 401)
	ann := e.owner(t, "ann", key)
	bob := e.owner(t, "bob", key)
	e.do(t, "POST", "/v1/owners", map1("name", "cat"), "X-API-Key", ann).problem(t, 401)
	r := e.do(t, "POST", "/v1/owners", map1("name", "ann"), "X-API-Key", key)
	r.hasField(t, r.problem(t, 409), "name")
	r = e.do(t, "POST", "/v1/owners", map1("name", "gameai"), "X-API-Key", key)
	r.hasField(t, r.problem(t, 400), "name")

	ctx := context.Background()
	src := []byte("int main(void) { return 0; } /* ann's secret source */")
	hash, _ := st.Artefacts.Put(ctx, src)
	mk := func(id string, version int) { // an owner's (game, name, version) is stored once
		b := &store.Bot{ID: id, Game: "less", Name: "x", Owner: "ann", Language: "c", Version: version, Status: store.BotRejected,
			Reason: "validation game 1 (as Yellow), turn 1: illegal action", Source: hash, Program: hash,
			Validation: []store.ValidationGame{{Seat: "Yellow", Fault: "illegal action", Turn: 1, Result: "irregular loss"}},
			CreatedAt:  time.Now(), UpdatedAt: time.Now()}
		if err := st.Bots.Create(ctx, b); err != nil {
			t.Fatal(err)
		}
		d := &store.BotDetails{BuildLog: "ann's build log", Games: []store.GameDetails{{Record: "1 Yellow a1a1", Stderr: "ann's stderr", Transcript: "> ann's transcript\n"}}}
		if err := st.Bots.SetDetails(ctx, id, d); err != nil {
			t.Fatal(err)
		}
	}
	mk("bot_ann1", 1)
	mk("bot_ann2", 2)

	private := []string{"ann's build log", "ann's stderr", "ann's transcript", "ann's secret source"}
	for _, c := range []struct {
		who, token string
		sees       bool
	}{{"anyone", "", false}, {"a wrong token", "gat_guess", false}, {"bob", bob, false}, {"the server's key", key, false}, {"ann", ann, true}} {
		for _, path := range []string{"/v1/bots/bot_ann1", "/v1/bots?owner=ann", "/v1/bots"} {
			body := string(e.do(t, "GET", path, nil, "X-API-Key", c.token).ok(t, 200).body)
			// One bot's answer has its games' records, for anyone, and
			// its private parts for its owner; lists have neither.
			one := path == "/v1/bots/bot_ann1"
			for _, p := range private {
				if strings.Contains(body, p) != (one && c.sees && p != "ann's secret source") {
					t.Errorf("GET %s as %s: %q shown: %v", path, c.who, p, strings.Contains(body, p))
				}
			}
			if strings.Contains(body, "1 Yellow a1a1") != one {
				t.Errorf("GET %s as %s: the game's record shown: %v", path, c.who, !one)
			}
		}
		src := e.do(t, "GET", "/v1/bots/bot_ann1/source", nil, "X-API-Key", c.token)
		switch {
		case c.sees:
			if src.ok(t, 200); !bytes.Equal(src.body, []byte("int main(void) { return 0; } /* ann's secret source */")) {
				t.Errorf("ann's source: %q", src.body)
			}
		case c.token == "" || c.token == "gat_guess":
			src.problem(t, 401)
		default:
			src.problem(t, 403)
		}
	}
	// An id encoded in the path decodes to the same bot and the same
	// rules (no way around ownership); what decodes to no bot id is 404.
	e.do(t, "DELETE", "/v1/bots/bot%5Fann1", nil, "X-API-Key", bob).problem(t, 403)
	e.do(t, "GET", "/v1/bots/bot%5Fann1/source", nil, "X-API-Key", bob).problem(t, 403)
	for _, p := range []string{"bot_ann1%0A", "bot_ann1%3Adetails", "bot_ann1%2F..%2Fbot_ann2", "bot_ann1%252F", "bot_%00"} {
		e.do(t, "GET", "/v1/bots/"+p, nil, "X-API-Key", ann).problem(t, 404)
	}
	// Deleting: bob may not, the host may, the owner may; a version's
	// files go with it, but not while another version keeps the same bytes.
	e.do(t, "DELETE", "/v1/bots/bot_ann1", nil).problem(t, 401)
	e.do(t, "DELETE", "/v1/bots/bot_ann1", nil, "X-API-Key", bob).problem(t, 403)
	e.do(t, "GET", "/v1/bots/bot_ann1/source", nil, "X-API-Key", ann).ok(t, 200)
	e.do(t, "DELETE", "/v1/bots/bot_ann1", nil, "X-API-Key", key).ok(t, 204)
	e.do(t, "GET", "/v1/bots/bot_ann2/source", nil, "X-API-Key", ann).ok(t, 200)
	e.do(t, "DELETE", "/v1/bots/bot_ann2", nil, "X-API-Key", ann).ok(t, 204)
	deletedStays(t, e, "bot_ann2", ann)
	if _, err := st.Artefacts.Get(ctx, hash); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("the last version keeping ann's source is gone, the source is not: %v", err)
	}
	e.do(t, "DELETE", "/v1/bots/gameai:greedy", nil, "X-API-Key", key).problem(t, 403)

	// Uploading: an owner's token only; this server cannot confine.
	e.upload(t, "", "less", "x", "c", src).problem(t, 401)
	e.upload(t, "gat_guess", "less", "x", "c", src).problem(t, 401)
	e.upload(t, key, "less", "x", "c", src).problem(t, 403)
	e.upload(t, bob, "less", "x", "c", src).problem(t, 503)
	var langs api.LanguagesResponse
	e.do(t, "GET", "/v1/languages", nil).ok(t, 200).json(t, &langs)
	if langs.Confined || !strings.Contains(langs.Reason, "no sandbox") {
		t.Errorf("languages on a server that cannot confine: %+v", langs)
	}
	for _, l := range langs.Languages {
		if l.Available {
			t.Errorf("%s is available without a sandbox", l.Name)
		}
	}
}

func TestBotListShowsOurEnginesAndPages(t *testing.T) {
	e := newEnv(t, nil, nil)
	var page api.BotListResponse
	e.do(t, "GET", "/v1/bots?game=less&limit=2", nil).ok(t, 200).json(t, &page)
	if len(page.Bots) != 2 || page.NextCursor == "" || !page.Bots[0].Builtin || page.Bots[0].Status != "ready" {
		t.Fatalf("first page: %+v", page)
	}
	seen := map[string]bool{}
	for cursor := ""; ; {
		var p api.BotListResponse
		e.do(t, "GET", "/v1/bots?game=less&limit=2&cursor="+cursor, nil).ok(t, 200).json(t, &p)
		for _, b := range p.Bots {
			if seen[b.ID] || b.Game != "less" {
				t.Errorf("%s twice or of another game", b.ID)
			}
			seen[b.ID] = true
		}
		if cursor = p.NextCursor; cursor == "" {
			break
		}
	}
	if !seen["gameai:less:uct:teammate=max"] || !seen["gameai:less:greedy"] {
		t.Errorf("our Less engines: %v", seen)
	}
	var one api.BotResponse
	e.do(t, "GET", "/v1/bots/gameai:alphabeta:strategy=ga-2019-best", nil).ok(t, 200).json(t, &one)
	if one.Game != "morris" || !one.Builtin {
		t.Errorf("a built-in Morris bot: %+v", one)
	}
	for q, field := range map[string]string{"game=go": "game", "status=done": "status", "cursor=x": "cursor", "limit=0": "limit"} {
		r := e.do(t, "GET", "/v1/bots?"+q, nil)
		r.hasField(t, r.problem(t, 400), field)
	}
	e.do(t, "GET", "/v1/bots/bot_nope", nil).problem(t, 404)
	e.do(t, "GET", "/v1/bots/gameai:nope", nil).problem(t, 404)
	// Both games have an mcts: the short id names neither.
	e.do(t, "GET", "/v1/bots/gameai:mcts", nil).problem(t, 404)
}

// Every built-in bot the list shows opens by its id, as written and as
// the page's links encode it (gameai%3Aless%3Amcts), and is the same bot.
func TestEveryListedBotOpensByItsLinkedID(t *testing.T) {
	e := newEnv(t, nil, nil)
	var page api.BotListResponse
	e.do(t, "GET", "/v1/bots?limit=100", nil).ok(t, 200).json(t, &page)
	ids := map[string]bool{}
	for _, b := range page.Bots {
		if ids[b.ID] {
			t.Errorf("two bots have the id %s", b.ID)
		}
		ids[b.ID] = true
		for _, path := range []string{b.ID, url.PathEscape(b.ID), strings.ReplaceAll(url.QueryEscape(b.ID), "+", "%20")} {
			var one api.BotResponse
			e.do(t, "GET", "/v1/bots/"+path, nil).ok(t, 200).json(t, &one)
			if one.ID != b.ID || one.Game != b.Game {
				t.Errorf("/v1/bots/%s is %s (%s), want %s (%s)", path, one.ID, one.Game, b.ID, b.Game)
			}
		}
	}
	if !ids["gameai:less:mcts"] || !ids["gameai:morris:mcts"] {
		t.Errorf("the two mcts bots: %v", ids)
	}
}

// sandboxed is a server whose host runs uploads, with short clocks; the
// test is skipped where the machine cannot confine (failed under CI,
// which sets GAMEAI_REQUIRE_SANDBOX). Its bots hold 128 MiB: touching
// the default 512 MiB takes a memory hog 1.5 s of CPU on a virtual
// machine's page faults, and over 5 s when the race detector's tests
// share the cores, so it would lose on time instead of for its memory.
// A Less game's clock is 10 s: it is wall time, and at 5 s the legal bot
// of the hostile suite, admitted beside the hostile ones while other
// packages' tests ran, lost on time at its first turn in two of four CI
// rehearsals (all confined programs share half a thread's weight). For
// the same reason a Morris bot may answer 3 s past its 20 ms: with 1 s,
// an uploaded engine lost one of its six round-robin games in a CI run.
func sandboxed(t *testing.T) (*env, *hosting.Host) {
	t.Helper()
	return sandboxedWith(t, nil)
}

// sandboxedWith is sandboxed with the server's configuration tweaked.
func sandboxedWith(t *testing.T, tweak func(*api.Config)) (*env, *hosting.Host) {
	t.Helper()
	return sandboxedOn(t, memory.New(store.Config{}), tweak)
}

// sandboxedOn is sandboxedWith on a store the test made (one whose parts
// it watches or paces).
func sandboxedOn(t *testing.T, st *store.Store, tweak func(*api.Config)) (*env, *hosting.Host) {
	t.Helper()
	return sandboxedHost(t, st, tweak, hosting.Config{LessClock: 10 * time.Second, MorrisMoveTime: 20 * time.Millisecond,
		MorrisSlack: 3 * time.Second, BotMemory: 128 << 20, Log: quiet})
}

// sandboxedHost is sandboxedOn with the host's configuration given.
func sandboxedHost(t *testing.T, st *store.Store, tweak func(*api.Config), cfg hosting.Config) (*env, *hosting.Host) {
	t.Helper()
	h := hosting.New(st, cfg)
	if err := h.Unavailable(); err != nil {
		h.Close()
		confinetest.Check(t, err)
	}
	t.Cleanup(h.Close)
	return newHostingEnv(t, st, tweak, h), h
}

func TestAnUploadIsCheckedFieldByField(t *testing.T) {
	e, _ := sandboxed(t)
	tok := e.owner(t, "ann", "")
	src := []byte("int main(void) { return 0; }")
	for _, c := range []struct {
		game, name, lang string
		file             []byte
		status           int
		field            string
	}{
		{"chess", "x", "c", src, 400, "game"},
		{"less", "", "c", src, 400, "name"},
		{"less", "../../etc", "c", src, 400, "name"},
		{"less", "x;rm -rf /", "c", src, 400, "name"},
		{"less", "x", "cobol", src, 400, "language"},
		// A language names the queue its admission waits on (tasks'
		// builds queues): one shaped like another queue is refused.
		{"less", "x", "c,python", src, 400, "language"},
		{"less", "x", "c:builds:python", src, 400, "language"},
		{"less", "x", "C", src, 400, "language"},
		{"less", "x", "c", nil, 400, "file"},
		{"less", "x", "c", []byte{}, 400, "file"},
		{"less", "x", "executable", bytes.Repeat([]byte{0}, hosting.MaxUpload+1), 413, "file"},
		// Refused before storing: not a static x86-64 executable, not text.
		{"less", "x", "executable", bytes.Repeat([]byte{0x7f}, hosting.MaxUpload), 422, "file"},
		{"less", "x", "executable", []byte("#!/bin/sh\necho Nil\n"), 422, "file"},
		{"less", "x", "python", []byte{0xff, 0xfe, 'p', 0}, 422, "file"},
	} {
		r := e.upload(t, tok, c.game, c.name, c.lang, c.file)
		r.hasField(t, r.problem(t, c.status), c.field)
	}
	var bots api.BotListResponse
	e.do(t, "GET", "/v1/bots?owner=ann", nil).ok(t, 200).json(t, &bots)
	if len(bots.Bots) != 0 {
		t.Errorf("refused uploads were stored: %+v", bots.Bots)
	}
}

// Pages run through our engines, then the uploads from the store a page
// at a time, every bot once, whatever the page size and filter.
func TestBotPagesRunFromOurEnginesIntoTheUploads(t *testing.T) {
	st := memory.New(store.Config{})
	ctx := context.Background()
	t0 := time.Now().UTC()
	for i := range 23 {
		b := &store.Bot{ID: fmt.Sprintf("bot_%02d", i), Game: "less", Name: "x", Owner: []string{"ann", "bob"}[i%2],
			Language: "c", Version: i + 1, Status: store.BotReady, CreatedAt: t0.Add(time.Duration(i) * time.Second), UpdatedAt: t0}
		if i%5 == 0 {
			b.Game = "morris"
		}
		if err := st.Bots.Create(ctx, b); err != nil {
			t.Fatal(err)
		}
	}
	e := newEnv(t, st, nil)
	ours := 0
	for _, b := range hosting.Builtins() {
		if b.Game == "less" {
			ours++
		}
	}
	for _, c := range []struct {
		query string
		want  int // bots in all
	}{
		{"game=less", ours + 18},
		{"game=less&owner=ann", 9},
		{"game=less&owner=gameai", ours},
		{"owner=bob", 11},
		{"game=less&owner=nobody", 0},
	} {
		for _, limit := range []int{1, 3, ours, ours + 1, 100} {
			seen, pages := map[string]bool{}, 0
			for cursor := ""; ; pages++ {
				if pages > c.want+2 {
					t.Fatalf("%s limit %d: pages never end", c.query, limit)
				}
				var p api.BotListResponse
				e.do(t, "GET", fmt.Sprintf("/v1/bots?%s&limit=%d&cursor=%s", c.query, limit, cursor), nil).ok(t, 200).json(t, &p)
				if len(p.Bots) > limit {
					t.Fatalf("%s limit %d: a page of %d", c.query, limit, len(p.Bots))
				}
				for _, b := range p.Bots {
					if seen[b.ID] {
						t.Errorf("%s limit %d: %s twice", c.query, limit, b.ID)
					}
					seen[b.ID] = true
				}
				if cursor = p.NextCursor; cursor == "" {
					break
				}
			}
			if len(seen) != c.want {
				t.Errorf("%s limit %d: %d bots, want %d", c.query, limit, len(seen), c.want)
			}
		}
	}
}

// The bot list read page by page from the store, tried as a stranger
// would, on both stores: owner names that are patterns or other keys'
// shapes, cursors past the end, and with no key, a made-up key or another
// owner's key. Each answers the public view of what matches and nothing
// else: no other owner's bots, no private parts, no error.
func TestBotListPagesResistHostileQueries(t *testing.T) {
	for name, open := range bothStores(t) {
		t.Run(name, func(t *testing.T) {
			st := open(t)
			e := newHostingEnv(t, st, nil, hosting.Off(st, errors.New("no sandbox in this test")))
			ann, bob := e.owner(t, "ann", ""), e.owner(t, "bob", "")
			ctx := context.Background()
			for i, owner := range []string{"ann", "ann", "bob"} {
				b := &store.Bot{ID: fmt.Sprintf("bot_%s%d", owner, i), Game: "less", Name: "x", Owner: owner, Language: "c",
					Version: i + 1, Status: store.BotReady, CreatedAt: time.Now(), UpdatedAt: time.Now()}
				if err := st.Bots.Create(ctx, b); err != nil {
					t.Fatal(err)
				}
				d := &store.BotDetails{BuildLog: owner + "'s build log"}
				if err := st.Bots.SetDetails(ctx, b.ID, d); err != nil {
					t.Fatal(err)
				}
			}
			for _, q := range []string{"owner=*", "owner=an", "owner=ann*", "owner=ann%00", "owner=owner-bots:ann",
				"owner=" + strings.Repeat("a", 4000), "owner=%2A&status=ready", "cursor=999999999", "owner=ann&cursor=999999999"} {
				for _, key := range []string{"", "gat_made-up", bob} {
					var p api.BotListResponse
					r := e.do(t, "GET", "/v1/bots?"+q, nil, "X-API-Key", key).ok(t, 200)
					r.json(t, &p)
					if len(p.Bots) != 0 || p.NextCursor != "" || strings.Contains(string(r.body), "build log") {
						t.Errorf("GET /v1/bots?%.40s with key %q: %d bots, next %q", q, key, len(p.Bots), p.NextCursor)
					}
				}
			}
			for _, key := range []string{"", "gat_made-up", bob, ann} {
				var p api.BotListResponse
				r := e.do(t, "GET", "/v1/bots?owner=ann&limit=1", nil, "X-API-Key", key).ok(t, 200)
				r.json(t, &p)
				if len(p.Bots) != 1 || p.Bots[0].Owner != "ann" || p.NextCursor != "1" || strings.Contains(string(r.body), "build log") {
					t.Errorf("ann's first page with key %q: %s", key, r.body)
				}
			}
			for _, q := range []string{"cursor=-1", "cursor=1e9", "cursor=0x10", "limit=101"} {
				r := e.do(t, "GET", "/v1/bots?"+q, nil)
				r.problem(t, 400)
			}
		})
	}
}
