package memory

import (
	"cmp"
	"context"
	"slices"
	"strings"
	"sync"
	"time"

	"gameai/store"
)

// maxCounters bounds the counters held: past it the expired ones go, and
// if none has, the map starts again (a count forgotten early slows
// nobody more than it should, it only lets a guesser try again sooner).
const maxCounters = 100_000

type counter struct {
	n     int64
	until time.Time
}

type accounts struct {
	mu       sync.Mutex
	now      func() time.Time
	logins   map[string]store.Login
	byOwner  map[string][]string // an owner's logins, oldest first
	invites  map[string]store.Invitation
	counters map[string]counter
}

func newAccounts(now func() time.Time) *accounts {
	return &accounts{now: now, logins: map[string]store.Login{}, byOwner: map[string][]string{},
		invites: map[string]store.Invitation{}, counters: map[string]counter{}}
}

func (a *accounts) AddLogin(_ context.Context, l *store.Login) error {
	a.mu.Lock()
	defer a.mu.Unlock()
	now := a.now()
	mine := slices.DeleteFunc(a.byOwner[l.Owner], func(h string) bool {
		old, ok := a.logins[h]
		if ok && !now.Before(old.Expires) {
			delete(a.logins, h)
			return true
		}
		return !ok
	})
	for len(mine) >= store.MaxLogins {
		delete(a.logins, mine[0])
		mine = mine[1:]
	}
	a.logins[l.Hash] = *l
	a.byOwner[l.Owner] = append(slices.Clone(mine), l.Hash)
	return nil
}

func (a *accounts) Login(_ context.Context, hash string) (*store.Login, error) {
	a.mu.Lock()
	defer a.mu.Unlock()
	l, ok := a.logins[hash]
	if !ok || !a.now().Before(l.Expires) {
		return nil, store.ErrNotFound
	}
	return &l, nil
}

func (a *accounts) EndLogin(_ context.Context, hash string) error {
	a.mu.Lock()
	defer a.mu.Unlock()
	if l, ok := a.logins[hash]; ok {
		delete(a.logins, hash)
		a.byOwner[l.Owner] = slices.DeleteFunc(a.byOwner[l.Owner], func(h string) bool { return h == hash })
	}
	return nil
}

func (a *accounts) Logins(_ context.Context, owner string) ([]*store.Login, error) {
	a.mu.Lock()
	defer a.mu.Unlock()
	now := a.now()
	var out []*store.Login
	for _, h := range slices.Backward(a.byOwner[owner]) {
		if l, ok := a.logins[h]; ok && now.Before(l.Expires) {
			out = append(out, &l)
		}
	}
	return out, nil
}

func (a *accounts) Invite(_ context.Context, inv *store.Invitation) error {
	a.mu.Lock()
	defer a.mu.Unlock()
	if _, ok := a.invites[inv.Hash]; ok {
		return store.ErrExists
	}
	now := a.now()
	for h, old := range a.invites {
		if now.After(old.Expires.Add(store.InvitationGrace)) {
			delete(a.invites, h)
		}
	}
	if len(a.invites) >= store.MaxInvitations {
		return store.ErrFull
	}
	a.invites[inv.Hash] = *inv
	return nil
}

func (a *accounts) Invitations(context.Context) ([]*store.Invitation, error) {
	a.mu.Lock()
	defer a.mu.Unlock()
	now := a.now()
	out := make([]*store.Invitation, 0, len(a.invites))
	for _, inv := range a.invites {
		if !now.After(inv.Expires.Add(store.InvitationGrace)) {
			c := inv
			out = append(out, &c)
		}
	}
	slices.SortFunc(out, func(x, y *store.Invitation) int {
		return cmp.Or(y.CreatedAt.Compare(x.CreatedAt), strings.Compare(x.Hash, y.Hash))
	})
	return out, nil
}

func (a *accounts) Withdraw(_ context.Context, hash string) error {
	a.mu.Lock()
	defer a.mu.Unlock()
	inv, ok := a.invites[hash]
	switch {
	case !ok || a.now().After(inv.Expires.Add(store.InvitationGrace)):
		return store.ErrNotFound
	case inv.UsedBy != "":
		return store.ErrUsed
	}
	delete(a.invites, hash)
	return nil
}

func (a *accounts) Redeem(_ context.Context, hash, owner string, now time.Time) error {
	a.mu.Lock()
	defer a.mu.Unlock()
	inv, ok := a.invites[hash]
	switch {
	case !ok || now.After(inv.Expires.Add(store.InvitationGrace)):
		return store.ErrNotFound
	case inv.UsedBy != "":
		return store.ErrUsed
	case !now.Before(inv.Expires):
		return store.ErrExpired
	}
	inv.UsedBy = owner
	a.invites[hash] = inv
	return nil
}

func (a *accounts) Unredeem(_ context.Context, hash string) error {
	a.mu.Lock()
	defer a.mu.Unlock()
	if inv, ok := a.invites[hash]; ok {
		inv.UsedBy = ""
		a.invites[hash] = inv
	}
	return nil
}

func (a *accounts) Hit(_ context.Context, key string, window time.Duration) (int64, time.Duration, error) {
	a.mu.Lock()
	defer a.mu.Unlock()
	now := a.now()
	c, ok := a.counters[key]
	if !ok || !now.Before(c.until) {
		if len(a.counters) >= maxCounters {
			a.sweep(now)
		}
		c = counter{until: now.Add(window)}
	}
	c.n++
	a.counters[key] = c
	return c.n, c.until.Sub(now), nil
}

func (a *accounts) Unhit(_ context.Context, key string) error {
	a.mu.Lock()
	defer a.mu.Unlock()
	if c, ok := a.counters[key]; ok && a.now().Before(c.until) && c.n > 0 {
		c.n--
		a.counters[key] = c
	}
	return nil
}

func (a *accounts) Hits(_ context.Context, key string) (int64, time.Duration, error) {
	a.mu.Lock()
	defer a.mu.Unlock()
	now := a.now()
	c, ok := a.counters[key]
	if !ok || !now.Before(c.until) {
		return 0, 0, nil
	}
	return c.n, c.until.Sub(now), nil
}

func (a *accounts) sweep(now time.Time) {
	for k, c := range a.counters {
		if !now.Before(c.until) {
			delete(a.counters, k)
		}
	}
	if len(a.counters) >= maxCounters {
		a.counters = map[string]counter{}
	}
}
