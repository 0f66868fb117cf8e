package storetest

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"slices"
	"sync"
	"testing"
	"time"

	"gameai/store"
)

func testBots(t *testing.T, open Factory) {
	ctx := context.Background()
	st := open(t, store.Config{MaxBots: 3})
	s := st.Bots
	t0 := time.Now().UTC().Truncate(time.Millisecond)
	mk := func(id, owner, name string, at time.Duration) *store.Bot {
		return &store.Bot{ID: id, Game: "less", Name: name, Owner: owner, Language: "c", Version: 1,
			Status: store.BotBuilding, CreatedAt: t0.Add(at), UpdatedAt: t0.Add(at)}
	}
	second := mk("c", "ann", "x", 2*time.Second)
	second.Version = 2
	for i, b := range []*store.Bot{mk("a", "ann", "x", 0), mk("b", "bob", "y", time.Second), second} {
		if err := s.Create(ctx, b); err != nil || b.Rev != 1 {
			t.Fatalf("create %d: %v rev %d", i, err, b.Rev)
		}
	}
	if err := s.Create(ctx, mk("d", "ann", "z", 3*time.Second)); !errors.Is(err, store.ErrFull) {
		t.Errorf("a fourth bot with MaxBots 3: %v, want ErrFull", err)
	}
	if err := s.Create(ctx, mk("a", "ann", "x", 0)); !errors.Is(err, store.ErrExists) {
		t.Errorf("an id twice: %v", err)
	}
	got, err := s.List(ctx, store.BotFilter{Owner: "ann"})
	if err != nil || len(got) != 2 || got[0].ID != "c" || got[1].ID != "a" {
		t.Fatalf("ann's bots newest first: %v %v", ids(got), err)
	}
	b, err := s.Get(ctx, "b")
	if err != nil || b.Owner != "bob" {
		t.Fatalf("get: %+v %v", b, err)
	}
	stale := *b
	b.Status, b.Reason = store.BotRejected, "turn 3: illegal action"
	if err := s.Update(ctx, b); err != nil || b.Rev != 2 {
		t.Fatalf("update: %v rev %d", err, b.Rev)
	}
	if err := s.Update(ctx, &stale); !errors.Is(err, store.ErrConflict) {
		t.Errorf("a stale update: %v", err)
	}
	if got, _ := s.List(ctx, store.BotFilter{Status: store.BotRejected}); len(got) != 1 || got[0].Reason == "" {
		t.Errorf("rejected: %v", ids(got))
	}
	if d, err := s.Details(ctx, "b"); err != nil || d.BuildLog != "" || len(d.Games) != 0 {
		t.Errorf("details not yet set: %+v %v", d, err)
	}
	want := &store.BotDetails{BuildLog: "main.c:1: error", Games: []store.GameDetails{{Record: "1 Yellow a1a2", Stderr: "debug",
		Transcript: "> Yellow\n< a1a2\n", Board: "0101", Seats: []string{"b", "gameai:greedy"}, Moves: []string{"a1a2"}, TimesMS: []int64{3}, ThinkMS: []int64{3, 0}}}}
	if err := s.SetDetails(ctx, "b", want); err != nil {
		t.Fatal(err)
	}
	if d, err := s.Details(ctx, "b"); err != nil || d.BuildLog != want.BuildLog || len(d.Games) != 1 || !reflect.DeepEqual(d.Games[0], want.Games[0]) {
		t.Errorf("details: %+v %v", d, err)
	}
	if err := s.SetDetails(ctx, "nope", want); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("details of no bot: %v", err)
	}
	if err := s.Delete(ctx, "b"); err != nil {
		t.Fatal(err)
	}
	if d, err := s.Details(ctx, "b"); err != nil || d.BuildLog != "" {
		t.Errorf("a deleted bot's details: %+v %v", d, err)
	}
	if _, err := s.Get(ctx, "b"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("deleted: %v", err)
	}
	if err := s.Create(ctx, mk("d", "ann", "z", 3*time.Second)); err != nil {
		t.Errorf("room again after a delete: %v", err)
	}
	if got, _ := s.List(ctx, store.BotFilter{Owner: "bob"}); len(got) != 0 {
		t.Errorf("bob's bots after his only one was deleted: %v", ids(got))
	}
	if err := s.Delete(ctx, "a"); err != nil {
		t.Fatal(err)
	}
	if got, _ := s.List(ctx, store.BotFilter{Owner: "ann", Name: "x"}); len(got) != 1 || got[0].ID != "c" {
		t.Errorf("ann's x after a version was deleted: %v", ids(got))
	}
	if got, _ := s.List(ctx, store.BotFilter{Owner: "ann"}); len(got) != 2 || got[0].ID != "d" || got[1].ID != "c" {
		t.Errorf("ann's bots newest first after a delete: %v", ids(got))
	}
	if got, _ := s.List(ctx, store.BotFilter{Owner: "an"}); len(got) != 0 {
		t.Errorf("an owner whose name begins another's: %v", ids(got))
	}
	if err := s.Delete(ctx, "a"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("a bot deleted twice: %v", err)
	}
}

func ids(bs []*store.Bot) []string {
	var out []string
	for _, b := range bs {
		out = append(out, b.ID)
	}
	return out
}

func testOwnersAndArtefacts(t *testing.T, open Factory) {
	ctx := context.Background()
	st := open(t, store.Config{})
	o := &store.Owner{Name: "ann", TokenHash: store.TokenHash("secret"), CreatedAt: time.Now()}
	if err := st.Owners.Create(ctx, o); err != nil {
		t.Fatal(err)
	}
	if err := st.Owners.Create(ctx, &store.Owner{Name: "ann", TokenHash: store.TokenHash("other")}); !errors.Is(err, store.ErrExists) {
		t.Errorf("a name twice: %v", err)
	}
	if got, err := st.Owners.ByToken(ctx, store.TokenHash("secret")); err != nil || got.Name != "ann" {
		t.Errorf("by token: %+v %v", got, err)
	}
	if _, err := st.Owners.ByToken(ctx, store.TokenHash("guess")); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("a wrong token: %v", err)
	}
	testTokens(t, st)
	data := []byte("\x7fELF program bytes")
	h, err := st.Artefacts.Put(ctx, data)
	if err != nil || h != store.ContentHash(data) {
		t.Fatalf("put: %s %v", h, err)
	}
	if h2, err := st.Artefacts.Put(ctx, data); err != nil || h2 != h {
		t.Errorf("the same file twice: %s %v", h2, err)
	}
	if got, err := st.Artefacts.Get(ctx, h); err != nil || string(got) != string(data) {
		t.Errorf("get: %q %v", got, err)
	}
	if _, err := st.Artefacts.Get(ctx, store.ContentHash([]byte("nope"))); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("a missing hash: %v", err)
	}
	small := open(t, store.Config{MaxArtefactBytes: 10})
	if _, err := small.Artefacts.Put(ctx, []byte("12345678")); err != nil {
		t.Fatal(err)
	}
	if _, err := small.Artefacts.Put(ctx, []byte("12345678")); err != nil {
		t.Errorf("the same bytes again within the cap: %v", err)
	}
	if _, err := small.Artefacts.Put(ctx, []byte("abcdefgh")); !errors.Is(err, store.ErrFull) {
		t.Errorf("past MaxArtefactBytes: %v, want ErrFull", err)
	}
	// A file dropped gives its bytes back: another fits, and the dropped
	// one is gone; dropping it again is no error.
	if err := small.Artefacts.Delete(ctx, store.ContentHash([]byte("12345678"))); err != nil {
		t.Fatal(err)
	}
	if _, err := small.Artefacts.Get(ctx, store.ContentHash([]byte("12345678"))); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("a dropped file: %v", err)
	}
	if err := small.Artefacts.Delete(ctx, store.ContentHash([]byte("12345678"))); err != nil {
		t.Errorf("dropped twice: %v", err)
	}
	if _, err := small.Artefacts.Put(ctx, []byte("abcdefgh")); err != nil {
		t.Errorf("within the cap once the other is dropped: %v", err)
	}
}

// Paging gives what List gives, a page at a time, whatever the filter;
// a filter that matches few bots examines at most ListScan a page.
func testBotPages(t *testing.T, open Factory) {
	ctx := context.Background()
	st := open(t, store.Config{MaxBots: store.ListScan + 100})
	s := st.Bots
	t0 := time.Now().UTC().Truncate(time.Millisecond)
	n := store.ListScan + 50
	for i := range n {
		b := &store.Bot{ID: fmt.Sprintf("bot_%05d", i), Game: "less", Name: "x", Owner: fmt.Sprintf("o%d", i%7),
			Language: "c", Version: i/7 + 1, Status: store.BotBuilding, CreatedAt: t0.Add(time.Duration(i) * time.Millisecond)}
		if i%10 == 0 {
			b.Game = "morris"
		}
		if i == 3 { // the one ready bot, among the oldest
			b.Status = store.BotReady
		}
		if err := s.Create(ctx, b); err != nil {
			t.Fatal(err)
		}
	}
	for _, f := range []store.BotFilter{{}, {Game: "morris"}, {Owner: "o3"}, {Owner: "o3", Game: "morris"}, {Owner: "nobody"}} {
		want, err := s.List(ctx, f)
		if err != nil {
			t.Fatal(err)
		}
		var got []*store.Bot
		pages := 0
		for from := 0; from >= 0; pages++ {
			page, next, err := s.Page(ctx, f, from, 40)
			if err != nil || len(page) > 40 || (next >= 0 && next <= from) {
				t.Fatalf("%+v from %d: %d bots, next %d, %v", f, from, len(page), next, err)
			}
			got, from = append(got, page...), next
		}
		if fmt.Sprint(ids(got)) != fmt.Sprint(ids(want)) {
			t.Errorf("%+v: pages gave %d bots, List %d (or another order)", f, len(got), len(want))
		}
		if full := (len(want) + 39) / 40; pages > full+1 || (len(want) > 0 && pages < full) {
			t.Errorf("%+v: %d bots in %d pages of 40", f, len(want), pages)
		}
	}
	// One bot matches, behind more than ListScan newer ones: the first page
	// stops at ListScan with nothing, and says where to go on.
	f := store.BotFilter{Status: store.BotReady}
	page, next, err := s.Page(ctx, f, 0, 10)
	if err != nil || len(page) != 0 || next != store.ListScan {
		t.Fatalf("the first page of a rare filter: %d bots, next %d, %v; want none, next %d", len(page), next, err, store.ListScan)
	}
	page, next, err = s.Page(ctx, f, next, 10)
	if err != nil || len(page) != 1 || page[0].ID != "bot_00003" || next != -1 {
		t.Errorf("the second page: %v, next %d, %v", ids(page), next, err)
	}
	if page, next, err := s.Page(ctx, store.BotFilter{}, n+5, 10); err != nil || len(page) != 0 || next != -1 {
		t.Errorf("a page past the end: %d bots, next %d, %v", len(page), next, err)
	}
	if page, next, err := s.Page(ctx, store.BotFilter{Owner: "o1"}, -3, 2); err != nil || len(page) != 2 || next != 2 {
		t.Errorf("a negative from: %d bots, next %d, %v; want the first page", len(page), next, err)
	}
	if page, next, err := s.Page(ctx, store.BotFilter{}, -3, 2); err != nil || len(page) != 2 || next != 2 {
		t.Errorf("a negative from: %d bots, next %d, %v; want the first page", len(page), next, err)
	}
	// A bot deleted between pages is left out, the rest still come.
	first, next, _ := s.Page(ctx, store.BotFilter{}, 0, 5)
	if err := s.Delete(ctx, fmt.Sprintf("bot_%05d", n-7)); err != nil {
		t.Fatal(err)
	}
	second, _, _ := s.Page(ctx, store.BotFilter{}, next, 5)
	if len(first) != 5 || len(second) != 5 || second[len(second)-1].ID != fmt.Sprintf("bot_%05d", n-11) {
		t.Errorf("around a delete: %v then %v", ids(first), ids(second))
	}
}

// testTokens: ann (created with the token "secret") lists that token as
// FirstToken until it has a record; a token added opens at once, a revoked
// one (the first among them) is refused at once; another owner cannot
// revoke ann's; an owner holds at most MaxTokens; a use is recorded.
func testTokens(t *testing.T, st *store.Store) {
	ctx := context.Background()
	ids := func(owner string) []string {
		t.Helper()
		ts, err := st.Owners.Tokens(ctx, owner)
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, tok := range ts {
			if tok.Owner != owner || tok.Hash == "" {
				t.Errorf("a token listed for %s: %+v", owner, tok)
			}
			out = append(out, tok.ID)
		}
		return out
	}
	if got := ids("ann"); len(got) != 1 || got[0] != store.FirstToken {
		t.Fatalf("ann's tokens before any record: %v", got)
	}
	if err := st.Owners.Create(ctx, &store.Owner{Name: "bob", TokenHash: store.TokenHash("bob's"), CreatedAt: time.Now()}); err != nil {
		t.Fatal(err)
	}
	at := time.Now().UTC().Truncate(time.Second)
	second := &store.Token{ID: "tok_2", Owner: "ann", Name: "laptop", Prefix: "gat_abcd", Hash: store.TokenHash("second"), CreatedAt: at}
	if err := st.Owners.AddToken(ctx, second); err != nil {
		t.Fatal(err)
	}
	if got, err := st.Owners.ByToken(ctx, second.Hash); err != nil || got.Name != "ann" {
		t.Errorf("the added token: %+v %v", got, err)
	}
	if err := st.Owners.AddToken(ctx, &store.Token{ID: "tok_x", Owner: "nobody", Hash: store.TokenHash("x")}); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("a token for no owner: %v", err)
	}
	if got := ids("ann"); !slices.Equal(got, []string{store.FirstToken, "tok_2"}) {
		t.Errorf("ann's tokens: %v", got)
	}
	if err := st.Owners.TokenUsed(ctx, second.Hash, at.Add(time.Minute)); err != nil {
		t.Fatal(err)
	}
	ts, _ := st.Owners.Tokens(ctx, "ann")
	if len(ts) != 2 || !ts[1].LastUsed.Equal(at.Add(time.Minute)) || ts[1].Name != "laptop" || ts[1].Prefix != "gat_abcd" {
		t.Errorf("after a use: %+v", ts)
	}
	if err := st.Owners.RevokeToken(ctx, "bob", "tok_2"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("bob revoking ann's token: %v", err)
	}
	if err := st.Owners.RevokeToken(ctx, "bob", store.FirstToken); err != nil {
		t.Errorf("bob revoking his own first token: %v", err)
	}
	if _, err := st.Owners.ByToken(ctx, store.TokenHash("secret")); err != nil {
		t.Errorf("ann's first token after bob revoked his: %v", err)
	}
	if err := st.Owners.RevokeToken(ctx, "ann", "tok_2"); err != nil {
		t.Fatal(err)
	}
	if _, err := st.Owners.ByToken(ctx, second.Hash); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("a revoked token: %v", err)
	}
	if err := st.Owners.TokenUsed(ctx, store.TokenHash("secret"), at); err != nil {
		t.Fatal(err)
	}
	if got := ids("ann"); len(got) != 1 || got[0] != store.FirstToken {
		t.Errorf("ann's tokens after a use of her first: %v", got)
	}
	if err := st.Owners.RevokeToken(ctx, "ann", store.FirstToken); err != nil {
		t.Fatal(err)
	}
	if _, err := st.Owners.ByToken(ctx, store.TokenHash("secret")); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("the first token, revoked: %v", err)
	}
	if err := st.Owners.RevokeToken(ctx, "ann", store.FirstToken); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("revoked twice: %v", err)
	}
	for i := range store.MaxTokens {
		if err := st.Owners.AddToken(ctx, &store.Token{ID: fmt.Sprintf("tok_%d", 100+i), Owner: "ann", Hash: store.TokenHash(fmt.Sprint(i)), CreatedAt: at}); err != nil {
			t.Fatalf("token %d: %v", i, err)
		}
	}
	if err := st.Owners.AddToken(ctx, &store.Token{ID: "tok_more", Owner: "ann", Hash: store.TokenHash("more"), CreatedAt: at}); !errors.Is(err, store.ErrFull) {
		t.Errorf("a token past %d: %v", store.MaxTokens, err)
	}
	leaveTokens(t, st, at, ids)
	hostsView(t, st)
}

// leaveTokens: every token of an owner who left (bob) refused, none
// listed, his name still taken; leaving twice, or as nobody, is not found.
func leaveTokens(t *testing.T, st *store.Store, at time.Time, ids func(string) []string) {
	ctx := context.Background()
	bobs := &store.Token{ID: "tok_b", Owner: "bob", Hash: store.TokenHash("bob's second"), CreatedAt: at}
	if err := st.Owners.AddToken(ctx, bobs); err != nil {
		t.Fatal(err)
	}
	if err := st.Owners.Leave(ctx, "bob", at); err != nil {
		t.Fatal(err)
	}
	for _, h := range []string{store.TokenHash("bob's"), bobs.Hash} {
		if _, err := st.Owners.ByToken(ctx, h); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("a token of an owner who left: %v", err)
		}
	}
	if got := ids("bob"); len(got) != 0 {
		t.Errorf("the tokens of an owner who left: %v", got)
	}
	if err := st.Owners.Create(ctx, &store.Owner{Name: "bob", TokenHash: store.TokenHash("usurper")}); !errors.Is(err, store.ErrExists) {
		t.Errorf("the name of an owner who left, taken again: %v", err)
	}
	for _, name := range []string{"bob", "nobody"} {
		if err := st.Owners.Leave(ctx, name, at); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("%s leaving: %v", name, err)
		}
	}
	if _, err := st.Owners.ByToken(ctx, store.TokenHash("0")); err != nil {
		t.Errorf("ann's tokens after bob left: %v", err)
	}

}

// hostsView: the host lists every owner, by name, and disables and
// enables one, seen by name and by token.
func hostsView(t *testing.T, st *store.Store) {
	ctx := context.Background()
	all, err := st.Owners.List(ctx)
	if err != nil || len(all) != 2 || all[0].Name != "ann" || all[1].Name != "bob" || all[1].Left.IsZero() {
		t.Fatalf("the owners: %+v %v", all, err)
	}
	if err := st.Owners.SetDisabled(ctx, "ann", true, "spam in the ladder"); err != nil {
		t.Fatal(err)
	}
	if o, err := st.Owners.Get(ctx, "ann"); err != nil || !o.Disabled || o.DisabledWhy != "spam in the ladder" {
		t.Errorf("ann disabled: %+v %v", o, err)
	}
	if o, err := st.Owners.ByToken(ctx, store.TokenHash("0")); err != nil || !o.Disabled {
		t.Errorf("ann disabled, by a token: %+v %v", o, err)
	}
	if err := st.Owners.SetDisabled(ctx, "ann", false, ""); err != nil {
		t.Fatal(err)
	}
	if o, err := st.Owners.Get(ctx, "ann"); err != nil || o.Disabled || o.DisabledWhy != "" {
		t.Errorf("ann enabled: %+v %v", o, err)
	}
	if err := st.Owners.SetDisabled(ctx, "nobody", true, ""); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("disabling nobody: %v", err)
	}
	if _, err := st.Owners.Get(ctx, "nobody"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("getting nobody: %v", err)
	}
}

func testAudit(t *testing.T, open Factory) {
	ctx := context.Background()
	a := open(t, store.Config{}).Audit
	at := time.Now().UTC().Truncate(time.Second)
	for i := range 3 {
		if err := a.Add(ctx, store.AuditEntry{At: at.Add(time.Duration(i) * time.Second), Action: "disable", Target: fmt.Sprint(i), Client: "127.0.0.1"}); err != nil {
			t.Fatal(err)
		}
	}
	got, err := a.Latest(ctx, 2)
	if err != nil || len(got) != 2 || got[0].Target != "2" || got[1].Target != "1" || !got[0].At.Equal(at.Add(2*time.Second)) || got[0].Client != "127.0.0.1" {
		t.Errorf("the latest two: %+v %v", got, err)
	}
	if got, _ := a.Latest(ctx, 10); len(got) != 3 {
		t.Errorf("all: %+v", got)
	}
}

// testCheckedBotWrites: eight uploads of one owner at once, each taking
// the next version and refused past three building, store three bots of
// versions 1, 2 and 3 (a check then a create in two steps stored seven,
// six of them version 1); an owner's (game, name, version) is stored once;
// a checked update is refused by its check, or by a stale revision.
func testCheckedBotWrites(t *testing.T, open Factory) {
	ctx := context.Background()
	st := open(t, store.Config{})
	s := st.Bots
	errBusy := errors.New("three on their way")
	at := time.Now().UTC().Truncate(time.Millisecond)
	upload := func(i int) error {
		b := &store.Bot{ID: fmt.Sprintf("up%d", i), Game: "less", Name: "x", Owner: "ann", Language: "c",
			Status: store.BotBuilding, CreatedAt: at.Add(time.Duration(i) * time.Millisecond)}
		return s.CreateChecked(ctx, b, func(mine []*store.Bot) error {
			b.Version = 1
			pending := 0
			for _, m := range mine {
				b.Version = max(b.Version, m.Version+1)
				if m.Status == store.BotBuilding {
					pending++
				}
			}
			if pending >= 3 {
				return errBusy
			}
			return nil
		})
	}
	errs := make(chan error, 8)
	for i := range 8 {
		go func() { errs <- upload(i) }()
	}
	refused := 0
	for range 8 {
		switch err := <-errs; {
		case errors.Is(err, errBusy):
			refused++
		case err != nil:
			t.Errorf("an upload: %v", err)
		}
	}
	mine, err := s.List(ctx, store.BotFilter{Owner: "ann"})
	if err != nil {
		t.Fatal(err)
	}
	var versions []int
	for _, b := range mine {
		versions = append(versions, b.Version)
	}
	slices.Sort(versions)
	if refused != 5 || !slices.Equal(versions, []int{1, 2, 3}) {
		t.Errorf("8 uploads at once: %d refused, versions %v; want 5 refused and versions 1 2 3", refused, versions)
	}
	dup := &store.Bot{ID: "dup", Game: "less", Name: "x", Owner: "ann", Version: 2, CreatedAt: at}
	if err := s.Create(ctx, dup); !errors.Is(err, store.ErrExists) {
		t.Errorf("a version stored twice: %v, want ErrExists", err)
	}
	b := mine[0]
	b.Status = store.BotReady
	no := errors.New("no")
	if err := s.UpdateChecked(ctx, b, func([]*store.Bot) error { return no }); !errors.Is(err, no) {
		t.Errorf("an update its check refuses: %v", err)
	}
	if got, _ := s.Get(ctx, b.ID); got.Status != store.BotBuilding {
		t.Errorf("a refused update was written: %+v", got)
	}
	var seen *store.Bot
	if err := s.UpdateChecked(ctx, b, func(mine []*store.Bot) error {
		for _, m := range mine {
			if m.ID == b.ID {
				seen = m
			}
		}
		return nil
	}); err != nil || seen == nil || seen.Status != store.BotReady || b.Rev != 2 {
		t.Errorf("an accepted update: %v, its check saw %+v, rev %d", err, seen, b.Rev)
	}
	b.Rev = 1
	if err := s.UpdateChecked(ctx, b, func([]*store.Bot) error { return nil }); !errors.Is(err, store.ErrConflict) {
		t.Errorf("an update of a stale revision: %v, want ErrConflict", err)
	}
}

// testBotChanges: every write a ladder's entrants depend on raises
// Bots.Changes; a write refused and a read leave it.
func testBotChanges(t *testing.T, open Factory) {
	ctx := context.Background()
	st := open(t, store.Config{})
	last, err := st.Bots.Changes(ctx)
	if err != nil {
		t.Fatal(err)
	}
	step := func(what string, moved bool, write func() error) {
		t.Helper()
		if err := write(); err != nil {
			t.Fatalf("%s: %v", what, err)
		}
		n, err := st.Bots.Changes(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if (n != last) != moved {
			t.Errorf("%s: the count went from %d to %d", what, last, n)
		}
		last = n
	}
	if err := st.Owners.Create(ctx, &store.Owner{Name: "ann", TokenHash: "h-ann"}); err != nil {
		t.Fatal(err)
	}
	b := &store.Bot{ID: "a", Game: "less", Name: "x", Owner: "ann", Language: "c", Version: 1, Status: store.BotBuilding, CreatedAt: time.Now().UTC()}
	step("a new bot", true, func() error { return st.Bots.Create(ctx, b) })
	step("its status", true, func() error { b.Status = store.BotReady; return st.Bots.Update(ctx, b) })
	step("a stale update", false, func() error {
		stale := *b
		stale.Rev--
		if err := st.Bots.Update(ctx, &stale); !errors.Is(err, store.ErrConflict) {
			return fmt.Errorf("%v, want ErrConflict", err)
		}
		return nil
	})
	step("a checked update", true, func() error {
		b.Reason = "kept"
		return st.Bots.UpdateChecked(ctx, b, func([]*store.Bot) error { return nil })
	})
	v2 := &store.Bot{ID: "b", Game: "less", Name: "x", Owner: "ann", Language: "c", Version: 2, Status: store.BotBuilding, CreatedAt: time.Now().UTC()}
	step("a checked new version", true, func() error { return st.Bots.CreateChecked(ctx, v2, func([]*store.Bot) error { return nil }) })
	step("a refused new version", false, func() error {
		v3 := *v2
		v3.ID, v3.Version = "c", 3
		if err := st.Bots.CreateChecked(ctx, &v3, func([]*store.Bot) error { return store.ErrFull }); !errors.Is(err, store.ErrFull) {
			return fmt.Errorf("%v, want the check's ErrFull", err)
		}
		return nil
	})
	step("reads", false, func() error {
		_, err := st.Bots.List(ctx, store.BotFilter{Owner: "ann"})
		return err
	})
	step("its owner disabled", true, func() error { return st.Owners.SetDisabled(ctx, "ann", true, "spam") })
	step("its owner enabled", true, func() error { return st.Owners.SetDisabled(ctx, "ann", false, "") })
	step("its owner modified", true, func() error {
		return st.Owners.Modify(ctx, "ann", func(o *store.Owner) { o.QuotaFree = true })
	})
	step("a version deleted", true, func() error { return st.Bots.Delete(ctx, "b") })
	step("its owner left", true, func() error { return st.Owners.Leave(ctx, "ann", time.Now().UTC()) })
}

// testBotChangesAtOnce: writes at once each raise Bots.Changes, none lost
// (a reader that saw the count before them sees it moved by all of them).
func testBotChangesAtOnce(t *testing.T, open Factory) {
	ctx := context.Background()
	st := open(t, store.Config{})
	const n = 16
	var bots []*store.Bot
	for i := range n {
		b := &store.Bot{ID: fmt.Sprintf("b%d", i), Game: "less", Name: "x", Owner: fmt.Sprintf("o%d", i), Language: "c", Version: 1,
			Status: store.BotBuilding, CreatedAt: time.Now().UTC()}
		if err := st.Bots.Create(ctx, b); err != nil {
			t.Fatal(err)
		}
		if err := st.Owners.Create(ctx, &store.Owner{Name: b.Owner, TokenHash: "h-" + b.Owner}); err != nil {
			t.Fatal(err)
		}
		bots = append(bots, b)
	}
	before, err := st.Bots.Changes(ctx)
	if err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	errs := make(chan error, 2*n)
	for _, b := range bots {
		wg.Add(2)
		go func() {
			defer wg.Done()
			b.Status = store.BotReady
			errs <- st.Bots.Update(ctx, b)
		}()
		go func() {
			defer wg.Done()
			errs <- st.Owners.SetDisabled(ctx, b.Owner, true, "at once")
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Fatal(err)
		}
	}
	after, err := st.Bots.Changes(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if after-before != 2*n {
		t.Errorf("%d writes at once moved the count by %d", 2*n, after-before)
	}
}
