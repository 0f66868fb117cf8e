package search

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"time"

	"gameai/store"
)

// sharedTableTimeout bounds a shared-table read or write: the table only
// speeds a search up, so it must never hold one back.
const sharedTableTimeout = 200 * time.Millisecond

// sharedTable is the store's shared transposition table as an engine sees
// it (ai.SharedTable): one table per game, variant, rule options, engine,
// version and engine options (the evaluation, by a hash), so that a change
// of any never reads an old entry. When the store does not answer, the
// search goes on cold and gameai_store_unavailable_total{op} counts it.
type sharedTable struct {
	s     *Service
	table string
}

func (s *Service) sharedTable(k store.AnalysisKey) *sharedTable {
	if s.store.Transpositions == nil {
		return nil
	}
	sum := sha256.Sum256([]byte(k.Engine))
	return &sharedTable{s: s, table: fmt.Sprintf("%s:%s:%s:%s@%s", k.Game, k.Variant, k.Options,
		hex.EncodeToString(sum[:8]), k.EngineVersion)}
}

func (t *sharedTable) Load(ctx context.Context, hashes []uint64) map[uint64][]byte {
	ctx, cancel := context.WithTimeout(ctx, sharedTableTimeout)
	defer cancel()
	m, err := t.s.store.Transpositions.Load(ctx, t.table, hashes)
	if err != nil {
		t.failed("tt-load", err)
		return nil
	}
	return m
}

func (t *sharedTable) Store(ctx context.Context, entries map[uint64][]byte) {
	// The search's own deadline may have passed: the write has its own.
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), sharedTableTimeout)
	defer cancel()
	if err := t.s.store.Transpositions.Store(ctx, t.table, entries); err != nil {
		t.failed("tt-store", err)
	}
}

func (t *sharedTable) failed(op string, err error) {
	if errors.Is(err, store.ErrUnavailable) || errors.Is(err, context.DeadlineExceeded) {
		t.s.storeDown(op)
		return
	}
	t.s.log.Warn("shared transposition table", "op", op, "err", err)
}
