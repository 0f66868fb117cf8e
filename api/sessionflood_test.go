package api_test

import (
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"gameai/internal/redistest"
	"gameai/store"
	"gameai/store/memory"
)

// from is a client whose connections leave from a loopback address of its
// choice (127.0.0.0/8 is all this machine's), so a test can be another
// network.
func from(addr string) *http.Client {
	d := &net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(addr)}, Timeout: 5 * time.Second}
	return &http.Client{Timeout: 30 * time.Second, Transport: &http.Transport{DialContext: d.DialContext, MaxIdleConnsPerHost: 8}}
}

func createSession(t *testing.T, c *http.Client, url string) (int, http.Header, string) {
	t.Helper()
	r, err := c.Post(url+"/v1/games/tictactoe/sessions", "application/json", strings.NewReader(`{}`))
	if err != nil {
		t.Error(err)
		return 0, nil, ""
	}
	defer r.Body.Close()
	b, _ := io.ReadAll(r.Body)
	return r.StatusCode, r.Header, string(b)
}

// The session flood of issue 86, tried as an attacker would: one client on
// eight connections, from two addresses of one /24, asks for sessions
// without end. Its network gets its share (store.Config.MaxSessionsPerClient)
// and then 429 with Retry-After naming the share; a client of another
// network still gets its session; the flood leaves the server's heap and
// Redis within a few MiB of before. On both stores.
func TestASessionFloodLeavesRoomForOthers(t *testing.T) {
	const share = 200
	url := redistest.URL(t)
	for name, open := range map[string]func(t *testing.T) *store.Store{
		"memory": func(*testing.T) *store.Store { return memory.New(store.Config{MaxSessionsPerClient: share}) },
		"redis": func(t *testing.T) *store.Store {
			return redistest.Store(t, url, redistest.Prefix(t))
		},
	} {
		t.Run(name, func(t *testing.T) {
			st := open(t)
			if st.Config.MaxSessionsPerClient != share {
				t.Fatalf("the store's share is %d, the test's %d", st.Config.MaxSessionsPerClient, share)
			}
			e := newEnv(t, st, nil)
			redisUsed := func() int64 { return 0 }
			if name == "redis" {
				rdb := redistest.Client(t, url)
				redisUsed = func() int64 {
					info, err := rdb.Info(context.Background(), "memory").Result()
					if err != nil {
						t.Fatal(err)
					}
					for _, l := range strings.Split(info, "\r\n") {
						if v, ok := strings.CutPrefix(l, "used_memory:"); ok {
							n, _ := strconv.ParseInt(v, 10, 64)
							return n
						}
					}
					return 0
				}
			}
			heap := func() int64 {
				runtime.GC()
				var m runtime.MemStats
				runtime.ReadMemStats(&m)
				return int64(m.HeapAlloc)
			}
			heap0, redis0 := heap(), redisUsed()

			var created, refused atomic.Int64
			var firstRefusal atomic.Value
			var wg sync.WaitGroup
			for w := range 8 {
				c := from([]string{"127.0.0.2", "127.0.0.3"}[w%2])
				wg.Go(func() {
					for range 150 {
						status, h, body := createSession(t, c, e.url)
						switch status {
						case http.StatusCreated:
							created.Add(1)
						case http.StatusTooManyRequests:
							refused.Add(1)
							if h.Get("Retry-After") == "" || !strings.Contains(body, "too-many-sessions") {
								t.Errorf("a refusal without Retry-After or its type: %v %s", h, body)
							}
							firstRefusal.CompareAndSwap(nil, body)
						default:
							t.Errorf("status %d: %s", status, body)
						}
					}
				})
			}
			wg.Wait()
			if created.Load() != share || refused.Load() != 8*150-share {
				t.Fatalf("the flood made %d sessions and was refused %d times; want its share %d, then refusals", created.Load(), refused.Load(), share)
			}
			if body, _ := firstRefusal.Load().(string); !strings.Contains(body, fmt.Sprintf("you hold %d live sessions", share)) {
				t.Errorf("the refusal: %s", body)
			}
			status, _, body := createSession(t, from("127.0.1.5"), e.url)
			if status != http.StatusCreated {
				t.Errorf("another network after the flood: %d %s", status, body)
			}
			// The network a session is counted against is the server's: its
			// link shows nobody where its creator was.
			if strings.Contains(body, "127.0.1") {
				t.Errorf("a session shows its creator's network: %s", body)
			}
			grew, redisGrew := heap()-heap0, redisUsed()-redis0
			t.Logf("after the flood: heap %+d KiB, Redis %+d KiB", grew>>10, redisGrew>>10)
			if grew > 8<<20 || redisGrew > 8<<20 {
				t.Errorf("the flood grew the heap by %d KiB and Redis by %d KiB", grew>>10, redisGrew>>10)
			}
		})
	}
}
