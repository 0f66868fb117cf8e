package api_test

import (
	"context"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"gameai/api"
	"gameai/internal/slowbody"
	"gameai/internal/waitfor"
)

// serveLikeServe serves e's handler as `gameai serve` does (its listener,
// its connection context, its read timeout), on 127.0.0.1.
func serveLikeServe(t *testing.T, e *env) string {
	t.Helper()
	ts := httptest.NewUnstartedServer(e.srv.Handler())
	ts.Listener = api.Listener(ts.Listener)
	ts.Config.ReadTimeout = 30 * time.Second
	ts.Config.ReadHeaderTimeout = 10 * time.Second
	ts.Config.ConnContext = api.ConnContext
	ts.Start()
	t.Cleanup(ts.Close)
	return ts.Listener.Addr().String()
}

// clientFrom is an HTTP client whose connections leave from local, so that
// a test on loopback can be two networks (127.0.0.0/24 and 127.0.1.0/24).
func clientFrom(local string) *http.Client {
	d := &net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(local)}}
	return &http.Client{Timeout: 10 * time.Second, Transport: &http.Transport{DialContext: d.DialContext}}
}

// slowBodies keeps n connections from local sending a sign-in's body a
// byte every 200 ms (slowbody.Send), each opened again once answered,
// until ctx ends; it counts the answers by status.
type slowBodies struct {
	mu       sync.Mutex
	statuses map[int]int
	took     []time.Duration // how long an answered connection was held
}

func (s *slowBodies) run(ctx context.Context, wg *sync.WaitGroup, addr, local string, n int) {
	for range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for ctx.Err() == nil {
				start := time.Now()
				code := slowbody.Send(ctx, addr, local, 200*time.Millisecond)
				if code < 0 {
					return
				}
				s.mu.Lock()
				s.statuses[code]++
				s.took = append(s.took, time.Since(start))
				s.mu.Unlock()
			}
		}()
	}
}

func (s *slowBodies) count(code int) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.statuses[code]
}

// Sixty-four connections from one network sending their bodies a byte at
// a time hold no turn of the turnstile: another network's requests, a
// list and a sign-in with a body, are answered as on an idle server, while
// the slow ones are cut (408) or refused a reader's place (429) within
// seconds, not held for the server's 30 s ReadTimeout.
func TestSlowBodiesFromOneNetworkStopNobodyElse(t *testing.T) {
	e := newEnv(t, nil, func(c *api.Config) { c.MaxRequests = 8 })
	addr := serveLikeServe(t, e)
	ctx, cancel := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	defer wg.Wait()
	defer cancel()
	slow := &slowBodies{statuses: map[int]int{}}
	slow.run(ctx, &wg, addr, "127.0.0.1", 64)

	// The attack is in place once its readers' places are full (the
	// connections past them are refused), or after 3 s (a server without
	// those places refuses none).
	waitfor.Until(3*time.Second, func() bool { return slow.count(http.StatusTooManyRequests) >= 8 })
	other := clientFrom("127.0.1.1")
	base := "http://" + addr
	var worst time.Duration
	pace := time.NewTicker(150 * time.Millisecond) // the probes spread over the attack's 6 s
	defer pace.Stop()
	for i := range 40 {
		start := time.Now()
		var resp *http.Response
		var err error
		if i%4 == 3 {
			resp, err = other.Post(base+"/v1/accounts/login", "application/json", strings.NewReader(`{"name":"nobody","password":"not this one"}`))
		} else {
			resp, err = other.Get(base + "/v1/games")
		}
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		took := time.Since(start)
		worst = max(worst, took)
		want := http.StatusOK
		if i%4 == 3 {
			want = http.StatusUnauthorized
		}
		if resp.StatusCode != want {
			t.Fatalf("request %d from another network: %d, want %d (slow ones: %v)", i, resp.StatusCode, want, slow.statuses)
		}
		<-pace.C
	}
	if worst > 2*time.Second {
		t.Errorf("another network waited up to %s", worst)
	}
	if !waitfor.Until(30*time.Second, func() bool { return slow.count(http.StatusRequestTimeout) > 0 }) {
		t.Fatalf("no slow body was cut: %v", slow.statuses)
	}
	cancel()
	wg.Wait()
	for _, d := range slow.took {
		if d > 15*time.Second {
			t.Errorf("a slow body held its connection %s", d)
		}
	}
	t.Logf("slow bodies answered: %v; another network's worst wait %s", slow.statuses, worst)
}
