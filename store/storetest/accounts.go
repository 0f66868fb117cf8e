package storetest

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"testing"
	"time"

	"gameai/internal/waitfor"
	"gameai/store"
)

// testAccounts: logins live until they expire or end, an owner keeps its
// newest MaxLogins; an invitation is redeemed once, never late; counters
// count within their window; a registered owner (no first token) lists
// no token, and Modify keeps the name and token the store indexes.
func testAccounts(t *testing.T, open Factory) {
	st := open(t, store.Config{})
	now := time.Now().UTC()
	registeredOwners(t, st, now)
	logins(t, st, now)
	invitations(t, st, now)
	counters(t, st, now)
}

// registeredOwners: a registered owner (no first token) lists no token,
// and Modify keeps the name and token the store indexes.
func registeredOwners(t *testing.T, st *store.Store, now time.Time) {
	ctx := context.Background()
	if err := st.Owners.Create(ctx, &store.Owner{Name: "reg", CreatedAt: now, PasswordHash: "$argon2id$x"}); err != nil {
		t.Fatal(err)
	}
	if ts, err := st.Owners.Tokens(ctx, "reg"); err != nil || len(ts) != 0 {
		t.Errorf("a registered owner's tokens: %+v %v", ts, err)
	}
	if _, err := st.Owners.ByToken(ctx, ""); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("the empty token hash opens %v", err)
	}
	if err := st.Owners.Modify(ctx, "reg", func(o *store.Owner) { o.QuotaFree, o.Name, o.TokenHash = true, "other", "h" }); err != nil {
		t.Fatal(err)
	}
	if o, err := st.Owners.Get(ctx, "reg"); err != nil || !o.QuotaFree || o.TokenHash != "" || o.PasswordHash != "$argon2id$x" {
		t.Errorf("modified: %+v %v", o, err)
	}
	if err := st.Owners.Modify(ctx, "nobody", func(*store.Owner) {}); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("modify nobody: %v", err)
	}
	if err := st.Owners.Leave(ctx, "reg", now); err != nil {
		t.Fatal(err)
	}
	if err := st.Owners.Modify(ctx, "reg", func(*store.Owner) {}); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("modify one that left: %v", err)
	}
}

// logins: logins live until they expire or end; an owner keeps its newest MaxLogins.
func logins(t *testing.T, st *store.Store, now time.Time) {
	ctx := context.Background()
	a := st.Accounts
	l := &store.Login{Hash: "h0", Owner: "ann", CreatedAt: now, Expires: now.Add(time.Hour)}
	if err := a.AddLogin(ctx, l); err != nil {
		t.Fatal(err)
	}
	if got, err := a.Login(ctx, "h0"); err != nil || got.Owner != "ann" || !got.Expires.Equal(l.Expires) {
		t.Errorf("login: %+v %v", got, err)
	}
	if err := a.EndLogin(ctx, "h0"); err != nil {
		t.Fatal(err)
	}
	if _, err := a.Login(ctx, "h0"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("an ended login: %v", err)
	}
	if err := a.EndLogin(ctx, "h0"); err != nil {
		t.Errorf("ending it twice: %v", err)
	}
	for i := range store.MaxLogins + 2 {
		at := now.Add(time.Duration(i) * time.Millisecond)
		if err := a.AddLogin(ctx, &store.Login{Hash: fmt.Sprint("m", i), Owner: "bob", CreatedAt: at, Expires: at.Add(time.Hour)}); err != nil {
			t.Fatal(err)
		}
	}
	for i, want := range map[int]bool{0: false, 1: false, 2: true, store.MaxLogins + 1: true} {
		if _, err := a.Login(ctx, fmt.Sprint("m", i)); (err == nil) != want {
			t.Errorf("login %d of %d: %v", i, store.MaxLogins+2, err)
		}
	}
	// An owner lists its live sign-ins, newest first, with where from.
	if err := a.EndLogin(ctx, "m5"); err != nil {
		t.Fatal(err)
	}
	if err := a.AddLogin(ctx, &store.Login{Hash: "last", Owner: "bob", CreatedAt: now.Add(time.Second), Expires: now.Add(time.Hour),
		Client: "192.0.2.0/24", Agent: "Firefox"}); err != nil {
		t.Fatal(err)
	}
	bobs, err := a.Logins(ctx, "bob")
	if err != nil || len(bobs) != store.MaxLogins || bobs[0].Hash != "last" || bobs[0].Client != "192.0.2.0/24" || bobs[0].Agent != "Firefox" ||
		bobs[1].Hash != fmt.Sprint("m", store.MaxLogins+1) || slices.ContainsFunc(bobs, func(l *store.Login) bool { return l.Hash == "m5" }) {
		t.Errorf("bob's sign-ins: %d %v, the first %+v", len(bobs), err, bobs[0])
	}
	if none, err := a.Logins(ctx, "nobody"); err != nil || len(none) != 0 {
		t.Errorf("nobody's sign-ins: %v %v", none, err)
	}
	if err := a.AddLogin(ctx, &store.Login{Hash: "short", Owner: "cy", CreatedAt: now, Expires: now.Add(50 * time.Millisecond)}); err != nil {
		t.Fatal(err)
	}
	waitfor.Check(t, 5*time.Second, "a login gone once it expires", func() bool {
		_, err := a.Login(ctx, "short")
		return errors.Is(err, store.ErrNotFound)
	})
	// A login with under a millisecond left (its request was slow) is
	// taken and soon gone, not an error: Redis's PX refuses 0.
	for i := range 50 {
		if err := a.AddLogin(ctx, &store.Login{Hash: fmt.Sprint("edge", i), Owner: "cy", CreatedAt: now,
			Expires: time.Now().Add(time.Duration(i*20) * time.Microsecond)}); err != nil {
			t.Fatalf("a login %d µs from its end: %v", i*20, err)
		}
	}
	waitfor.Check(t, 5*time.Second, "logins at their end gone", func() bool {
		_, err := a.Login(ctx, "edge49")
		return errors.Is(err, store.ErrNotFound)
	})
}

// invitations: an invitation is redeemed once, never late, and may be given back.
func invitations(t *testing.T, st *store.Store, now time.Time) {
	ctx := context.Background()
	a := st.Accounts
	if err := a.Invite(ctx, &store.Invitation{Hash: "i1", CreatedAt: now, Expires: now.Add(time.Hour)}); err != nil {
		t.Fatal(err)
	}
	if err := a.Invite(ctx, &store.Invitation{Hash: "i1", CreatedAt: now, Expires: now.Add(time.Hour)}); !errors.Is(err, store.ErrExists) {
		t.Errorf("the same code twice: %v", err)
	}
	if err := a.Redeem(ctx, "nope", "ann", now); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("an unknown code: %v", err)
	}
	if err := a.Redeem(ctx, "i1", "ann", now.Add(time.Hour)); !errors.Is(err, store.ErrExpired) {
		t.Errorf("a code at its expiry: %v", err)
	}
	if err := a.Redeem(ctx, "i1", "ann", now); err != nil {
		t.Fatal(err)
	}
	if err := a.Redeem(ctx, "i1", "bob", now); !errors.Is(err, store.ErrUsed) {
		t.Errorf("a code used twice: %v", err)
	}
	if err := a.Unredeem(ctx, "i1"); err != nil {
		t.Fatal(err)
	}
	if err := a.Redeem(ctx, "i1", "bob", now); err != nil {
		t.Errorf("a code given back: %v", err)
	}

	// The host lists them, newest first, with their notes, and withdraws
	// an open one (a use of it then finds no such code), never a used one.
	if err := a.Invite(ctx, &store.Invitation{Hash: "i2", CreatedAt: now.Add(time.Second), Expires: now.Add(time.Hour), Note: "for cy"}); err != nil {
		t.Fatal(err)
	}
	list, err := a.Invitations(ctx)
	if err != nil || len(list) != 2 || list[0].Hash != "i2" || list[0].Note != "for cy" || list[0].UsedBy != "" ||
		list[0].CreatedAt.Sub(now.Add(time.Second)).Abs() >= time.Millisecond || list[1].Hash != "i1" || list[1].UsedBy != "bob" {
		t.Fatalf("the invitations: %+v, %v", list, err)
	}
	if err := a.Withdraw(ctx, "i1"); !errors.Is(err, store.ErrUsed) {
		t.Errorf("withdrawing a used invitation: %v", err)
	}
	if err := a.Withdraw(ctx, "i2"); err != nil {
		t.Fatal(err)
	}
	if err := a.Withdraw(ctx, "i2"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("withdrawing it twice: %v", err)
	}
	if err := a.Redeem(ctx, "i2", "cy", now); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("a withdrawn code used: %v", err)
	}
	if list, err := a.Invitations(ctx); err != nil || len(list) != 1 || list[0].Hash != "i1" {
		t.Errorf("after the withdrawal: %+v, %v", list, err)
	}
	// Two made within one millisecond are listed newest first all the same
	// (the newer's code sorts first: an order by code would put it last).
	ms := now.Truncate(time.Millisecond).Add(2 * time.Second)
	for _, inv := range []*store.Invitation{{Hash: "i8", CreatedAt: ms.Add(100 * time.Microsecond)}, {Hash: "i3", CreatedAt: ms.Add(600 * time.Microsecond)}} {
		inv.Expires = now.Add(time.Hour)
		if err := a.Invite(ctx, inv); err != nil {
			t.Fatal(err)
		}
	}
	if list, err := a.Invitations(ctx); err != nil || len(list) != 3 || list[0].Hash != "i3" || list[1].Hash != "i8" {
		t.Errorf("two made in one millisecond: %+v, %v", list, err)
	}
}

// counters: counters count within their window.
func counters(t *testing.T, st *store.Store, now time.Time) {
	ctx := context.Background()
	a := st.Accounts
	for i := int64(1); i <= 3; i++ {
		n, left, err := a.Hit(ctx, "k", time.Minute)
		if err != nil || n != i || left <= 0 || left > time.Minute {
			t.Errorf("hit %d: %d %v %v", i, n, left, err)
		}
	}
	if n, left, err := a.Hits(ctx, "k"); err != nil || n != 3 || left <= 0 {
		t.Errorf("hits: %d %v %v", n, left, err)
	}
	if n, _, err := a.Hits(ctx, "other"); err != nil || n != 0 {
		t.Errorf("no hits: %d %v", n, err)
	}
	if _, _, err := a.Hit(ctx, "brief", 50*time.Millisecond); err != nil {
		t.Fatal(err)
	}
	waitfor.Check(t, 5*time.Second, "a window of hits past", func() bool {
		n, _, err := a.Hits(ctx, "brief")
		return err == nil && n == 0
	})
	if n, _, err := a.Hit(ctx, "brief", time.Minute); err != nil || n != 1 {
		t.Errorf("a window past: %d %v", n, err)
	}
	// Unhit takes one back, never below zero, and keeps the window.
	for range 4 {
		if err := a.Unhit(ctx, "k"); err != nil {
			t.Fatal(err)
		}
	}
	if err := a.Unhit(ctx, "never"); err != nil {
		t.Fatal(err)
	}
	if n, left, err := a.Hit(ctx, "k", time.Hour); err != nil || n != 1 || left > time.Minute {
		t.Errorf("hit after unhits: %d %v %v, want 1 in the first window", n, left, err)
	}
	boundedBurst(t, a)
}

// boundedBurst: 40 attempts at once, each counted (Hit) before its work
// and given back (Unhit) when refused, pass a bound of 10 exactly 10 times,
// and leave the count at 10.
func boundedBurst(t *testing.T, a store.Accounts) {
	ctx := context.Background()
	const bound = 10
	passed := make(chan bool, 40)
	for range 40 {
		go func() {
			n, _, err := a.Hit(ctx, "burst", time.Minute)
			if err != nil {
				t.Error(err)
				passed <- false
				return
			}
			if n > bound {
				if err := a.Unhit(ctx, "burst"); err != nil {
					t.Error(err)
				}
				passed <- false
				return
			}
			passed <- true
		}()
	}
	through := 0
	for range 40 {
		if <-passed {
			through++
		}
	}
	if n, _, err := a.Hits(ctx, "burst"); err != nil || through != bound || n != bound {
		t.Errorf("a burst of 40 against a bound of %d: %d passed, count %d (%v)", bound, through, n, err)
	}
}
