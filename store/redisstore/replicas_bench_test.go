package redisstore_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"gameai/internal/redistest"
	"gameai/internal/waitfor"
	"gameai/store"
	"gameai/store/redisstore"
)

// BenchmarkAnAccountIsMade: making an account on a primary alone, and on
// one with a replica, where the store waits until the replica has it
// (replicas.go): the price of the wait, on loopback.
func BenchmarkAnAccountIsMade(b *testing.B) {
	for _, replica := range []bool{false, true} {
		b.Run(fmt.Sprintf("replica=%v", replica), func(b *testing.B) {
			primary := redistest.Start(b)
			if replica {
				rc := redistest.StartReplica(b, primary).Client()
				waitfor.Check(b, 30*time.Second, "the replica's first sync", func() bool {
					return strings.Contains(rc.Info(context.Background(), "replication").Val(), "master_link_status:up")
				})
			}
			st, err := redisstore.New(context.Background(), primary.URL(), "bench:", store.Config{})
			if err != nil {
				b.Fatal(err)
			}
			defer st.Close()
			b.ResetTimer()
			for i := range b.N {
				if err := st.Owners.Create(context.Background(), &store.Owner{Name: fmt.Sprint("o", i), CreatedAt: time.Now()}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
