package hosting

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"gameai/internal/confinetest"
	"gameai/internal/redistest"
	"gameai/store"
	"gameai/store/memory"
)

// queued is a Remote that only notes the admissions handed to it: the bots
// stay building, as they do while workers are busy.
type queued struct {
	mu  sync.Mutex
	ids []string
}

func (q *queued) Admit(_ context.Context, _, id, _ string) error {
	q.mu.Lock()
	defer q.mu.Unlock()
	q.ids = append(q.ids, id)
	return nil
}

func (q *queued) Toolchains(context.Context) ([]map[string]string, error) { return nil, nil }

func bothStores(t *testing.T) map[string]func(t *testing.T) *store.Store {
	url := redistest.URL(t)
	return map[string]func(t *testing.T) *store.Store{
		"memory": func(*testing.T) *store.Store { return memory.New(store.Config{}) },
		"redis":  func(t *testing.T) *store.Store { return redistest.Store(t, url, redistest.Prefix(t)) },
	}
}

// An owner's eight uploads sent at once: three are taken, as versions 1, 2
// and 3, and five are told to wait (ErrPending). Checked, then created in
// two steps, seven were taken, six of them version 1.
func TestABurstOfUploadsTakesTheBoundWithDistinctVersions(t *testing.T) {
	for name, open := range bothStores(t) {
		t.Run(name, func(t *testing.T) {
			st := open(t)
			q := &queued{}
			cfg := testConfig
			cfg.Remote = q
			h := New(st, cfg)
			if err := h.Unavailable(); err != nil {
				h.Close()
				confinetest.Check(t, err)
			}
			t.Cleanup(h.Close)
			errs := make(chan error, 8)
			for i := range 8 {
				go func() {
					src := fmt.Sprintf("int main(void) { return %d; }\n", i)
					_, err := h.Submit(context.Background(), Upload{Game: "less", Name: "burst", Language: "c", Owner: "ann", File: []byte(src)})
					errs <- err
				}()
			}
			waiting := 0
			for range 8 {
				switch err := <-errs; {
				case errors.Is(err, ErrPending):
					waiting++
				case err != nil:
					t.Errorf("an upload: %v", err)
				}
			}
			mine, err := st.Bots.List(context.Background(), store.BotFilter{Owner: "ann"})
			if err != nil {
				t.Fatal(err)
			}
			var versions []int
			for _, b := range mine {
				versions = append(versions, b.Version)
			}
			slices.Sort(versions)
			if waiting != 5 || !slices.Equal(versions, []int{1, 2, 3}) || len(q.ids) != 3 {
				t.Errorf("8 uploads at once: %d told to wait, versions %v, %d admissions queued; want 5, [1 2 3], 3",
					waiting, versions, len(q.ids))
			}
			// The refused uploads' files are gone; the taken ones' kept.
			for i := range 8 {
				src := fmt.Sprintf("int main(void) { return %d; }\n", i)
				_, err := st.Artefacts.Get(context.Background(), store.ContentHash([]byte(src)))
				kept := slices.ContainsFunc(mine, func(b *store.Bot) bool { return b.Source == store.ContentHash([]byte(src)) })
				if kept != (err == nil) {
					t.Errorf("upload %d: kept by a version %v, its file stored %v", i, kept, err == nil)
				}
			}
		})
	}
}

// A build counts toward its owner's quota of bytes: a version whose build
// would take the owner past it is refused when the build is saved, and an
// owner free of quotas is not.
func TestABuildCountsTowardTheQuotaOfBytes(t *testing.T) {
	ctx := context.Background()
	st := memory.New(store.Config{})
	h := Off(st, errors.New("no sandbox needed"))
	h.cfg.OwnerBytes = 10 << 20
	now := time.Now().UTC()
	for _, o := range []string{"ann", "bob"} {
		if err := st.Owners.Create(ctx, &store.Owner{Name: o, CreatedAt: now, QuotaFree: o == "bob"}); err != nil {
			t.Fatal(err)
		}
		kept := &store.Bot{ID: "kept-" + o, Game: "less", Name: "old", Owner: o, Version: 1, Status: store.BotReady,
			Size: 1 << 10, ProgramSize: 6 << 20, CreatedAt: now}
		building := &store.Bot{ID: "new-" + o, Game: "less", Name: "new", Owner: o, Version: 1, Status: store.BotBuilding,
			Size: 1 << 10, CreatedAt: now}
		for _, b := range []*store.Bot{kept, building} {
			if err := st.Bots.Create(ctx, b); err != nil {
				t.Fatal(err)
			}
		}
		building.Status, building.ProgramSize = store.BotValidating, 5<<20
		err := h.saveBuilt(ctx, building)
		var qe *QuotaError
		switch {
		case o == "ann" && (!errors.As(err, &qe) || qe.Limit != "bytes" || qe.Used != 6<<20+2<<10):
			t.Errorf("a build past the quota: %v (%+v)", err, qe)
		case o == "bob" && err != nil:
			t.Errorf("a build of an owner free of quotas: %v", err)
		}
		got, _ := st.Bots.Get(ctx, building.ID)
		if saved := got.Status == store.BotValidating; saved != (o == "bob") {
			t.Errorf("%s's build saved: %v", o, saved)
		}
	}
}

// A bot whose owner the host disabled is started for no more games (its
// seat forfeits, saying why); enabled again, it plays.
func TestADisabledOwnersBotStartsNoGame(t *testing.T) {
	h := newHost(t)
	ctx := context.Background()
	if err := h.store.Owners.Create(ctx, &store.Owner{Name: "ann", CreatedAt: time.Now()}); err != nil {
		t.Fatal(err)
	}
	hash, err := h.store.Artefacts.Put(ctx, testBot(t, "morrisbot"))
	if err != nil {
		t.Fatal(err)
	}
	u := UploadedOf(&store.Bot{ID: "bot_a", Name: "walker", Owner: "ann", Version: 1, Language: "executable", Program: hash})
	if err := h.store.Owners.SetDisabled(ctx, "ann", true, ""); err != nil {
		t.Fatal(err)
	}
	if _, err := h.runnableOf(ctx, u, time.Minute); err == nil || !strings.Contains(err.Error(), "disabled") {
		t.Errorf("a disabled owner's bot: %v, want refused saying the account is disabled", err)
	}
	if err := h.store.Owners.SetDisabled(ctx, "ann", false, ""); err != nil {
		t.Fatal(err)
	}
	if _, err := h.runnableOf(ctx, u, time.Minute); err != nil {
		t.Errorf("enabled again: %v", err)
	}
}
