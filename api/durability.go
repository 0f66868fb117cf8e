package api

import (
	"context"
	"sync"
	"time"

	"gameai/store"
)

// durabilityEvery is how often GET /v1/server reads the store's
// durability again: a public route costs Redis a few commands a minute at
// most, however often it is asked.
const durabilityEvery = 30 * time.Second

// durabilityCache keeps the store's durability as last read.
type durabilityCache struct {
	mu sync.Mutex
	at time.Time
	d  *store.Durability
}

// read is the durability as of at most durabilityEvery ago; nil when the
// store did not answer (said again at the next read, not cached).
func (c *durabilityCache) read(ctx context.Context, st *store.Store) *store.Durability {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.d != nil && time.Since(c.at) < durabilityEvery {
		return c.d
	}
	if st.Durability == nil {
		return nil
	}
	d, err := st.Durability(ctx)
	if err != nil {
		return nil
	}
	c.d, c.at = &d, time.Now()
	return c.d
}
