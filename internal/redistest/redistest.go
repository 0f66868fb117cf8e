// Package redistest gives tests a Redis server: the one named by
// GAMEAI_TEST_REDIS_URL, which the test script starts on a free port. Without
// it the tests skip, unless GAMEAI_REQUIRE_REDIS=1 (as in CI) makes that fail.
package redistest

import (
	"context"
	"crypto/rand"
	"fmt"
	"os"
	"testing"

	"github.com/redis/go-redis/v9"

	"gameai/store"
	"gameai/store/redisstore"
)

// Client is a go-redis client of the server at url, closed when the test
// ends: for writing keys as an earlier version left them, or reading them.
func Client(t testing.TB, url string) *redis.Client {
	t.Helper()
	opts, err := redis.ParseURL(url)
	if err != nil {
		t.Fatal(err)
	}
	c := redis.NewClient(opts)
	t.Cleanup(func() { _ = c.Close() })
	return c
}

// Store opens our Redis store at url under prefix, closed when the test
// ends. Two stores on one prefix are two servers sharing Redis.
func Store(t testing.TB, url, prefix string) *store.Store {
	t.Helper()
	st, err := redisstore.New(context.Background(), url, prefix, store.Config{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = st.Close() })
	return st
}

// URL returns the test server's URL or skips (or fails, when required).
func URL(t testing.TB) string {
	t.Helper()
	url := os.Getenv("GAMEAI_TEST_REDIS_URL")
	if url == "" {
		msg := "no Redis server for this test: run `make test` (scripts/test.sh starts redis-server " +
			"on a free port; install it with `apt-get install redis-server`) or set GAMEAI_TEST_REDIS_URL"
		if os.Getenv("GAMEAI_REQUIRE_REDIS") == "1" {
			t.Fatal(msg)
		}
		t.Skip(msg)
	}
	return url
}

// Prefix returns a key prefix unique to this test, and deletes the test's
// keys when it ends, so tests sharing one server never see each other.
func Prefix(t testing.TB) string {
	t.Helper()
	url := URL(t)
	prefix := "test:" + rand.Text()[:12] + ":"
	t.Cleanup(func() {
		opts, err := redis.ParseURL(url)
		if err != nil {
			return
		}
		c := redis.NewClient(opts)
		defer c.Close()
		ctx := context.Background()
		iter := c.Scan(ctx, 0, prefix+"*", 1000).Iterator()
		for iter.Next(ctx) {
			c.Del(ctx, iter.Val())
		}
		if err := iter.Err(); err != nil {
			fmt.Fprintln(os.Stderr, "redistest cleanup:", err)
		}
	})
	return prefix
}
