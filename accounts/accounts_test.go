package accounts

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"testing"
	"time"

	"gameai/store"
	"gameai/store/memory"
)

const pass = "a long passphrase of mine"

func newService(t *testing.T, mode string) (*Service, *store.Store) {
	t.Helper()
	st := memory.New(store.Config{})
	return New(st, mode, slog.New(slog.DiscardHandler)), st
}

func invite(t *testing.T, st *store.Store, code string) {
	t.Helper()
	now := time.Now().UTC()
	if err := st.Accounts.Invite(context.Background(), &store.Invitation{Hash: store.TokenHash(code), CreatedAt: now, Expires: now.Add(time.Hour)}); err != nil {
		t.Fatal(err)
	}
}

// Who may make an account follows the mode; the host always may; a name
// or password the rules refuse is refused before any code is spent.
func TestRegistrationFollowsTheMode(t *testing.T) {
	ctx := context.Background()
	visitor := Asker{Network: "192.0.2.0/24"}
	closed, _ := newService(t, "")
	if _, err := closed.Register(ctx, visitor, NewAccount{Name: "ann", Password: pass}); !errors.Is(err, ErrRegistrationClosed) {
		t.Errorf("closed, a visitor: %v", err)
	}
	if o, err := closed.Register(ctx, Asker{Host: true}, NewAccount{Name: "ann", Password: pass}); err != nil || !o.SignedIn.IsZero() {
		t.Errorf("closed, the host: %+v %v (an account the host makes is not signed in)", o, err)
	}

	inv, st := newService(t, Invite)
	invite(t, st, "code-1")
	for _, c := range []struct {
		n    NewAccount
		want func(error) bool
	}{
		{NewAccount{Name: "bob", Password: pass}, func(err error) bool { return errors.Is(err, ErrInvitationNeeded) }},
		{NewAccount{Name: "Bob!", Password: pass, Invitation: "code-1"}, isInvalid("name")},
		{NewAccount{Name: "bob", Password: "short", Invitation: "code-1"}, isInvalid("password")},
		{NewAccount{Name: "bob", Password: pass, Invitation: "no-such"}, isInvitation(store.ErrNotFound)},
	} {
		if _, err := inv.Register(ctx, visitor, c.n); !c.want(err) {
			t.Errorf("%+v: %v", c.n, err)
		}
	}
	if o, err := inv.Register(ctx, visitor, NewAccount{Name: "bob", Password: pass, Invitation: "code-1"}); err != nil || o.SignedIn.IsZero() {
		t.Fatalf("with a good code: %+v %v (a visitor's account is signed in at once)", o, err)
	}
	if _, err := inv.Register(ctx, visitor, NewAccount{Name: "cy", Password: pass, Invitation: "code-1"}); !isInvitation(store.ErrUsed)(err) {
		t.Errorf("a code used twice: %v", err)
	}
	// A taken name gives its code back: the holder uses it for another.
	invite(t, st, "code-2")
	if _, err := inv.Register(ctx, visitor, NewAccount{Name: "bob", Password: pass, Invitation: "code-2"}); !errors.Is(err, ErrNameTaken) {
		t.Fatalf("a taken name: %v", err)
	}
	if _, err := inv.Register(ctx, visitor, NewAccount{Name: "dan", Password: pass, Invitation: "code-2"}); err != nil {
		t.Errorf("the code given back, another name: %v", err)
	}
}

func isInvalid(field string) func(error) bool {
	return func(err error) bool {
		var ie *InvalidError
		return errors.As(err, &ie) && ie.Field == field
	}
}

func isInvitation(cause error) func(error) bool {
	return func(err error) bool {
		var ie *InvitationError
		return errors.As(err, &ie) && errors.Is(err, cause)
	}
}

// A burst of sign-ups from one network makes exactly the network's bound
// of accounts, the others refused as too many (counted before the hash).
func TestABurstOfSignUpsMakesTheBoundExactly(t *testing.T) {
	s, _ := newService(t, Open)
	var wg sync.WaitGroup
	var mu sync.Mutex
	made, refused := 0, 0
	for i := range 12 {
		wg.Go(func() {
			_, err := s.Register(context.Background(), Asker{Network: "198.51.100.0/24"}, NewAccount{Name: fmt.Sprintf("u%02d", i), Password: pass})
			var many *TooManyError
			mu.Lock()
			defer mu.Unlock()
			switch {
			case err == nil:
				made++
			case errors.As(err, &many) && many.Limit.Kind == NewAccounts.Kind && many.RetryAfter > 0:
				refused++
			default:
				t.Errorf("sign-up %d: %v", i, err)
			}
		})
	}
	wg.Wait()
	if made != int(NewAccounts.Max) || refused != 12-made {
		t.Errorf("made %d, refused %d; want %d made", made, refused, NewAccounts.Max)
	}
	if _, err := s.Register(context.Background(), Asker{Network: "203.0.113.0/24"}, NewAccount{Name: "other", Password: pass}); err != nil {
		t.Errorf("another network: %v", err)
	}
}

// Failed sign-ins are counted under the name until it waits; a right
// password is not counted; a wrong name is the same failure; a disabled
// account says so only to its right password.
func TestSignInsAreCounted(t *testing.T) {
	ctx := context.Background()
	s, st := newService(t, Open)
	for _, name := range []string{"ann", "bea"} {
		if _, err := s.Register(ctx, Asker{Host: true}, NewAccount{Name: name, Password: pass}); err != nil {
			t.Fatal(err)
		}
	}
	from := Origin{Network: "192.0.2.0/24", Agent: "test"}
	for range NameFailures.Max - 1 {
		if _, _, err := s.SignIn(ctx, from, "ann", "wrong password!"); !errors.Is(err, ErrSignInFailed) {
			t.Fatalf("a wrong password: %v", err)
		}
	}
	value, l, err := s.SignIn(ctx, from, "ann", pass)
	if err != nil || value == "" || l.Owner != "ann" || l.Hash != store.TokenHash(value) || l.Client != from.Network {
		t.Fatalf("the right password: %q %+v %v", value, l, err)
	}
	if _, _, err := s.SignIn(ctx, from, "ann", "wrong password!"); !errors.Is(err, ErrSignInFailed) {
		t.Fatalf("the right password not counted, the last wrong one allowed: %v", err)
	}
	var many *TooManyError
	if _, _, err := s.SignIn(ctx, from, "ann", pass); !errors.As(err, &many) || many.Limit.Kind != NameFailures.Kind || many.Field != "password" {
		t.Errorf("past the name's failures, even the right password: %v", err)
	}
	if _, _, err := s.SignIn(ctx, from, "nobody", pass); !errors.Is(err, ErrSignInFailed) {
		t.Errorf("a wrong name: %v", err)
	}
	if err := st.Owners.Modify(ctx, "bea", func(o *store.Owner) { o.Disabled, o.DisabledWhy = true, "spam" }); err != nil {
		t.Fatal(err)
	}
	if _, _, err := s.SignIn(ctx, from, "bea", "wrong password!"); !errors.Is(err, ErrSignInFailed) {
		t.Errorf("disabled, a wrong password: %v (a stranger learns nothing)", err)
	}
	var disabled *DisabledError
	if _, _, err := s.SignIn(ctx, from, "bea", pass); !errors.As(err, &disabled) || disabled.Why != "spam" {
		t.Errorf("disabled, the right password: %v", err)
	}
}

// A password change needs the current one, and ends every other sign-in.
func TestAPasswordChangeEndsTheOtherSignIns(t *testing.T) {
	ctx := context.Background()
	s, st := newService(t, Open)
	if _, err := s.Register(ctx, Asker{Host: true}, NewAccount{Name: "ann", Password: pass}); err != nil {
		t.Fatal(err)
	}
	var logins []*store.Login
	for range 3 {
		_, l, err := s.StartLogin(ctx, "ann", Origin{Network: "192.0.2.0/24"})
		if err != nil {
			t.Fatal(err)
		}
		logins = append(logins, l)
	}
	if err := s.SetPassword(ctx, "192.0.2.0/24", "ann", logins[0].Hash, "wrong", "another long passphrase"); !errors.Is(err, ErrWrongPassword) {
		t.Fatalf("a wrong current password: %v", err)
	}
	if err := s.SetPassword(ctx, "192.0.2.0/24", "ann", logins[0].Hash, pass, "another long passphrase"); err != nil {
		t.Fatal(err)
	}
	left, err := st.Accounts.Logins(ctx, "ann")
	if err != nil || len(left) != 1 || left[0].Hash != logins[0].Hash {
		t.Errorf("after the change: %d sign-ins (%v), want the one that changed it", len(left), err)
	}
	if _, _, err := s.SignIn(ctx, Origin{Network: "192.0.2.0/24"}, "ann", "another long passphrase"); err != nil {
		t.Errorf("the new password: %v", err)
	}
}

// Two changes at once from the same current password: one is made, the
// other is told the password is wrong, and the account's password is the
// one made (checked and written in the store's one step).
func TestTwoPasswordChangesAtOnceMakeOne(t *testing.T) {
	ctx := context.Background()
	s, _ := newService(t, Open)
	if _, err := s.Register(ctx, Asker{Host: true}, NewAccount{Name: "ann", Password: pass}); err != nil {
		t.Fatal(err)
	}
	news := []string{"the first new passphrase", "the second new passphrase"}
	errs := make([]error, len(news))
	var wg sync.WaitGroup
	for i, p := range news {
		wg.Go(func() { errs[i] = s.SetPassword(ctx, fmt.Sprintf("192.0.2.%d", i), "ann", "", pass, p) })
	}
	wg.Wait()
	made := -1
	for i, err := range errs {
		switch {
		case err == nil && made < 0:
			made = i
		case errors.Is(err, ErrWrongPassword):
		default:
			t.Fatalf("change %d: %v (the others: %v)", i, err, errs)
		}
	}
	if made < 0 {
		t.Fatalf("no change made: %v", errs)
	}
	if _, _, err := s.SignIn(ctx, Origin{Network: "198.51.100.0/24"}, "ann", news[made]); err != nil {
		t.Errorf("the change made, %q: %v", news[made], err)
	}
	if _, _, err := s.SignIn(ctx, Origin{Network: "198.51.100.0/24"}, "ann", news[1-made]); !errors.Is(err, ErrSignInFailed) {
		t.Errorf("the change refused still signs in: %v", err)
	}
}
