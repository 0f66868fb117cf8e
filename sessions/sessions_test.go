package sessions

import (
	"context"
	"errors"
	"testing"
	"time"

	"gameai/ai"
	"gameai/games"
	"gameai/games/less"
	"gameai/games/morris"
	"gameai/search"
	"gameai/store"
	"gameai/store/memory"
)

// first is an engine that plays the first legal move.
type first struct{}

func (first) Search(_ context.Context, req ai.Request) (ai.Result, error) {
	return ai.Result{Move: req.State.LegalMoves()[0], Depth: 1, Nodes: 1}, nil
}

func newService(t *testing.T) (*Service, *store.Store) {
	t.Helper()
	st := memory.New(store.Config{})
	g := games.NewRegistry()
	g.Register(morris.Game)
	g.Register(less.Game)
	e := ai.NewRegistry()
	e.Register(ai.EngineInfo{Game: "morris", Name: "first", Version: "1", Deterministic: true, Engine: first{}})
	srch := search.New(search.Config{MaxSearches: 2, MaxSearchTime: 5 * time.Second, DefaultSearchTime: 50 * time.Millisecond,
		MaxDepth: 10, MaxNodes: 1e6, MaxIterations: 1e6}, search.Deps{Engines: e, Store: st})
	return New(Config{MaxMoves: 6, MaxSearchTime: 5 * time.Second}, Deps{Store: st, Games: g, Search: srch}), st
}

// morrisStart is the start of the standard rules, as a request without
// variant or options resolves them.
func morrisStart(t *testing.T, variant int) games.State {
	t.Helper()
	opts, err := games.ResolveOptions(morris.Game.Options(), nil)
	if err != nil {
		t.Fatal(err)
	}
	st, err := morris.Game.NewState(morris.Game.Variants()[variant], opts)
	if err != nil {
		t.Fatal(err)
	}
	return st
}

// session stores a Morris session from the start, with engines by side.
func session(t *testing.T, s *Service, engines ...*store.SessionEngine) *store.Session {
	t.Helper()
	start := morrisStart(t, 0)
	now := time.Now().UTC()
	sess := &store.Session{ID: t.Name(), Game: "morris", Variant: start.Variant(), Options: start.Options(), Start: start.String(),
		Moves: []string{}, Position: start.String(), Engines: engines, Client: "test", Network: "192.0.2.0/24", CreatedAt: now, UpdatedAt: now}
	if err := s.store.Sessions.Create(context.Background(), sess); err != nil {
		t.Fatal(err)
	}
	return sess
}

// A person's move is stored as the next; the engine replies on its side
// and its move is stored too; the session replays to the same position.
// Two writers of one version: the second is a conflict, not a lost move.
func TestAMoveAndItsReplyAreStored(t *testing.T) {
	s, _ := newService(t)
	ctx := context.Background()
	sess := session(t, s, nil, &store.SessionEngine{Engine: "first", Depth: 1})
	_, st, err := s.Load(ctx, sess.ID)
	if err != nil {
		t.Fatal(err)
	}
	if RepliesDue(sess, st) {
		t.Fatal("a reply due with the person to move")
	}
	m := st.LegalMoves()[3]
	if err := st.Play(m); err != nil {
		t.Fatal(err)
	}
	stale := *sess
	stale.Moves = append([]string(nil), sess.Moves...)
	if err := s.Save(ctx, sess, st, m); err != nil {
		t.Fatal(err)
	}
	replies, err := s.Replies(ctx, sess, st, Caller{Network: "192.0.2.0/24"})
	if err != nil || len(replies) != 1 || replies[0].Engine != "first" {
		t.Fatalf("the engine's reply: %+v %v", replies, err)
	}
	got, again, err := s.Load(ctx, sess.ID)
	if err != nil || len(got.Moves) != 2 || got.Moves[1] != replies[0].Move || again.String() != st.String() {
		t.Fatalf("stored %v (%v), position %q want %q", got.Moves, err, again.String(), st.String())
	}
	other, _ := s.Replay(&stale)
	om := other.LegalMoves()[0]
	_ = other.Play(om)
	if err := s.Save(ctx, &stale, other, om); !errors.Is(err, store.ErrConflict) {
		t.Errorf("a move on a version another write has passed: %v, want a conflict", err)
	}
}

// A session holds its most moves; taking back more than were played is
// refused naming plies, and a write meanwhile is ErrChanged.
func TestUndoAndTheBoundOfMoves(t *testing.T) {
	s, st := newService(t)
	ctx := context.Background()
	sess := session(t, s)
	_, pos, _ := s.Load(ctx, sess.ID)
	for range 6 {
		if err := s.RoomFor(sess); err != nil {
			t.Fatal(err)
		}
		m := pos.LegalMoves()[0]
		_ = pos.Play(m)
		if err := s.Save(ctx, sess, pos, m); err != nil {
			t.Fatal(err)
		}
	}
	var full *FullError
	if err := s.RoomFor(sess); !errors.As(err, &full) || full.Max != 6 {
		t.Errorf("a seventh move: %v", err)
	}
	var invalid *InvalidError
	if _, err := s.Undo(ctx, sess, 7); !errors.As(err, &invalid) || invalid.Field != "plies" {
		t.Errorf("seven taken back of six: %v", err)
	}
	stale, _ := st.Sessions.Get(ctx, sess.ID)
	back, err := s.Undo(ctx, sess, 2)
	if err != nil || len(sess.Moves) != 4 || back.String() != sess.Position {
		t.Fatalf("two taken back: %v, %d moves", err, len(sess.Moves))
	}
	if _, err := s.Undo(ctx, stale, 1); !errors.Is(err, ErrChanged) {
		t.Errorf("a take-back on a version passed: %v", err)
	}
}

// An uploaded Less bot keeps its moves; a bot's session starts from the
// start, and a Morris one in the standard rules; a session of a game no
// longer served says so.
func TestWhatUploadedBotsNeed(t *testing.T) {
	s, _ := newService(t)
	sess := &store.Session{ID: "l", Game: "less", Moves: []string{"a", "b", "c", "d", "e", "f"},
		Engines: []*store.SessionEngine{nil, {Bot: "bot_x"}}}
	var kept *BotMoveError
	if _, err := s.Undo(context.Background(), sess, 5); !errors.As(err, &kept) || kept.Ply != 2 || kept.Bot != "bot_x" {
		t.Errorf("taking back the bot's move 2: %v", err)
	}
	if len(sess.Moves) != 6 {
		t.Errorf("a refused take-back changed the session: %v", sess.Moves)
	}
	bot := []*store.SessionEngine{{Bot: "bot_x"}}
	start := morrisStart(t, 0)
	var invalid *InvalidError
	if err := BotsCanFollow(bot, "some position", start); !errors.As(err, &invalid) || invalid.Field != "position" {
		t.Errorf("a bot's session from a position: %v", err)
	}
	other := morrisStart(t, 1)
	if err := BotsCanFollow(bot, "", other); !errors.As(err, &invalid) || invalid.Field != "variant" {
		t.Errorf("a Morris bot in %s: %v", other.Variant(), err)
	}
	if err := BotsCanFollow(bot, "", start); err != nil {
		t.Errorf("the standard rules: %v", err)
	}
	var removed *GameRemovedError
	if _, err := s.Replay(&store.Session{ID: "c", Game: "chess"}); !errors.As(err, &removed) {
		t.Errorf("a game no longer served: %v", err)
	}
}
