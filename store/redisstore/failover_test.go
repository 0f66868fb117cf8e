package redisstore_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"gameai/internal/redistest"
	"gameai/internal/waitfor"
	"gameai/store"
	"gameai/store/redisstore"
)

// A store opened through Sentinel follows a failover: the primary killed
// (SIGKILL, as its machine dying), its calls fail as store.ErrUnavailable
// (a 503 to the API's clients, never a 500) until the sentinels promote
// the replica, then succeed on it with what was written before the kill.
func TestAStoreFollowsAFailover(t *testing.T) {
	if testing.Short() {
		t.Skip("a failover takes seconds")
	}
	primary := redistest.Start(t)
	replica := redistest.StartReplica(t, primary)
	url := redistest.Sentinels(t, primary, 3)
	ctx := context.Background()
	st, err := redisstore.New(ctx, url, "failover:", store.Config{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = st.Close() })
	rc := replica.Client()
	waitfor.Check(t, 30*time.Second, "the replica's first sync", func() bool {
		return strings.Contains(rc.Info(ctx, "replication").Val(), "master_link_status:up")
	})
	// An account is on the replica when its creation returns (the store
	// waits for it), so the primary's death cannot take it.
	if err := st.Owners.Create(ctx, &store.Owner{Name: "ann", CreatedAt: time.Now()}); err != nil {
		t.Fatal(err)
	}
	if n, err := rc.Exists(ctx, "failover:owner:ann").Result(); err != nil || n != 1 {
		t.Errorf("the account on the replica when its creation returned: %d, %v", n, err)
	}
	if d, err := st.Durability(ctx); err != nil || d.Kind != "redis" || !d.Failover || d.Replicas != 1 || d.Persistence != "aof, fsync always" || d.Warning != "" || d.WaitsMissed != 0 {
		t.Errorf("the durability through Sentinel: %+v, %v", d, err)
	}
	primary.Kill()
	killed := time.Now()
	var failures int
	if !waitfor.UntilEvery(30*time.Second, 50*time.Millisecond, func() bool {
		err = st.Owners.Create(ctx, &store.Owner{Name: "bob", CreatedAt: time.Now()})
		if err != nil && !errors.Is(err, store.ErrUnavailable) {
			t.Fatalf("during the failover: %v, want store.ErrUnavailable", err)
		}
		if err != nil {
			failures++
		}
		return err == nil
	}) {
		t.Fatalf("no new primary 30 s after the kill: %v", err)
	}
	t.Logf("the store wrote again %v after the primary was killed (%d calls refused meanwhile)", time.Since(killed).Round(10*time.Millisecond), failures)
	if o, err := st.Owners.Get(ctx, "ann"); err != nil || o.Name != "ann" {
		t.Errorf("what was written before the kill: %+v, %v", o, err)
	}
	if role, err := rc.Do(ctx, "ROLE").Slice(); err != nil || role[0] != "master" {
		t.Errorf("the replica's role after the failover: %v, %v", role, err)
	}
}
