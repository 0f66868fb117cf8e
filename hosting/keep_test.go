package hosting

import (
	"context"
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
				if err := h.Delete(ctx, first); err != nil {
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
			if _, err := st.Bots.Get(ctx, first.ID); err == nil {
				t.Error("the deleted version is still listed")
			}
			if got, err := st.Artefacts.Get(ctx, second.Source); err != nil || string(got) != string(src) {
				t.Errorf("the version that stays lost its source: %q, %v", got, err)
			}
		})
	}
}
