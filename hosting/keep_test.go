package hosting

import (
	"context"
	"errors"
	"testing"

	"gameai/store"
)

// hookedBots is a bot store that runs a hook once, inside the first List of
// every bot (what dropFiles reads) or the first CreateChecked, at the moment the
// call has read or is about to write the store: a test sets an
// interleaving that a race would give one time in many.
type hookedBots struct {
	store.Bots
	afterListAll, beforeCreate func()
}

func (s *hookedBots) List(ctx context.Context, f store.BotFilter) ([]*store.Bot, error) {
	bs, err := s.Bots.List(ctx, f)
	if hook := s.afterListAll; hook != nil && f == (store.BotFilter{}) {
		s.afterListAll = nil
		hook()
	}
	return bs, err
}

func (s *hookedBots) CreateChecked(ctx context.Context, b *store.Bot, check func([]*store.Bot) error) error {
	if hook := s.beforeCreate; hook != nil {
		s.beforeCreate = nil
		hook()
	}
	return s.Bots.CreateChecked(ctx, b, check)
}

// Two owners upload the same source; one deletes theirs while the other's
// upload is on its way. Whichever way the two interleave, the version that
// stays keeps its file: the delete puts back what a record stored after its
// first look keeps, and an upload puts its file again once its record is
// stored.
func TestADeleteRacingAnUploadOfTheSameBytesKeepsTheFile(t *testing.T) {
	ctx := context.Background()
	src := []byte("int main(void) { return 0; }\n")
	for _, order := range []string{
		"the upload's record lands between the delete's look and its delete",
		"the whole delete runs between the upload's file and its record",
	} {
		t.Run(order, func(t *testing.T) {
			h, st, _ := serverWithWorkers(t) // admissions queued, not run: the records stay building
			t.Cleanup(h.Close)
			hooks := &hookedBots{Bots: st.Bots}
			st.Bots = hooks
			first, err := h.Submit(ctx, Upload{Game: "less", Name: "twin", Language: "c", Owner: "ann", File: src})
			if err != nil {
				t.Fatal(err)
			}
			var second *store.Bot
			upload := func() {
				var err error
				if second, err = h.Submit(ctx, Upload{Game: "less", Name: "twin", Language: "c", Owner: "cy", File: src}); err != nil {
					t.Error(err)
				}
			}
			remove := func() {
				if err := h.Delete(ctx, first, "deleted by its author"); err != nil {
					t.Error(err)
				}
			}
			if order == "the upload's record lands between the delete's look and its delete" {
				hooks.afterListAll = upload
				remove()
			} else {
				hooks.beforeCreate = remove
				upload()
			}
			if second == nil {
				t.Fatal("no second upload")
			}
			if b, err := st.Bots.Get(ctx, first.ID); err != nil || b.Status != store.BotDeleted || !b.FilesDropped {
				t.Errorf("the deleted version's record: %+v, %v", b, err)
			}
			if got, err := st.Artefacts.Get(ctx, second.Source); err != nil || string(got) != string(src) {
				t.Errorf("the version that stays lost its source: %q, %v", got, err)
			}
		})
	}
}

// A deleted version keeps its record (deleted, why) and its games for
// every link to it, not what only its owner saw (stderr, transcripts, the
// build log); its number is not given again, it counts against no quota,
// and an owner keeps at most MaxDeleted such records, so deleting and
// uploading again cannot fill the store.
func TestADeletedVersionKeepsItsPageNotItsFiles(t *testing.T) {
	ctx := context.Background()
	h, st, _ := serverWithWorkers(t) // admissions queued, not run
	t.Cleanup(h.Close)
	src := []byte("int main(void) { return 0; }\n")
	first, err := h.Submit(ctx, Upload{Game: "less", Name: "twin", Language: "c", Owner: "ann", File: src})
	if err != nil {
		t.Fatal(err)
	}
	d := &store.BotDetails{BuildLog: "warning", Games: []store.GameDetails{{Record: "rec", Stderr: "err", Transcript: "> go", Moves: []string{"a1"}}}}
	if err := st.Bots.SetDetails(ctx, first.ID, d); err != nil {
		t.Fatal(err)
	}
	if err := h.Delete(ctx, first, "deleted by its author"); err != nil {
		t.Fatal(err)
	}
	gone, err := st.Bots.Get(ctx, first.ID)
	if err != nil || gone.Status != store.BotDeleted || gone.Reason != "deleted by its author" || !gone.FilesDropped {
		t.Fatalf("the deleted version: %+v, %v", gone, err)
	}
	if got, err := st.Bots.Details(ctx, first.ID); err != nil || got.BuildLog != "" || len(got.Games) != 1 ||
		got.Games[0].Stderr != "" || got.Games[0].Transcript != "" || got.Games[0].Record != "rec" || got.Games[0].Moves[0] != "a1" {
		t.Errorf("its details: %+v, %v", got, err)
	}
	if _, err := st.Artefacts.Get(ctx, first.Source); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("its source after it was deleted: %v", err)
	}
	if err := h.Delete(ctx, gone, "deleted by its author"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("deleted twice: %v", err)
	}
	for i := range MaxDeleted + 3 {
		b, err := h.Submit(ctx, Upload{Game: "less", Name: "twin", Language: "c", Owner: "ann", File: src})
		if err != nil {
			t.Fatalf("upload %d: %v", i+2, err)
		}
		if b.Version != i+2 {
			t.Fatalf("upload %d is version %d", i+2, b.Version)
		}
		if err := h.Delete(ctx, b, "deleted by its author"); err != nil {
			t.Fatal(err)
		}
	}
	kept, err := st.Bots.List(ctx, store.BotFilter{Owner: "ann"})
	if err != nil || len(kept) != MaxDeleted || kept[0].Version != MaxDeleted+4 {
		t.Errorf("ann keeps %d deleted versions (newest %d), want %d: %v", len(kept), kept[0].Version, MaxDeleted, err)
	}
}
