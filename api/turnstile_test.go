package api

import (
	"context"
	"errors"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"gameai/ai"
	"gameai/ai/morrisai"
	"gameai/games"
	"gameai/games/morris"
)

// With every turn taken, one more request waits AdmitWait and is answered
// 503 with Retry-After; the probes and metrics are answered all the same,
// and a search's request takes a turn of the reserve.
func TestTurnstileBoundsRequestsInFlight(t *testing.T) {
	cfg := DefaultConfig()
	cfg.MaxRequests, cfg.AdmitWait, cfg.MaxSearches = 1, 50*time.Millisecond, 1
	g := games.NewRegistry()
	g.Register(morris.Game)
	e := ai.NewRegistry()
	e.Register(morrisai.AlphaBetaInfo(nil))
	s := bareServer(cfg, g, e)
	ts := httptest.NewServer(s.Handler())
	defer ts.Close()

	// The one turn is held (by a request at work: a body no longer holds
	// one while it trickles in, TestSlowBodiesFromOneNetworkStopNobodyElse).
	s.turnstile.turns <- struct{}{}
	defer func() { <-s.turnstile.turns }()

	resp, err := http.Get(ts.URL + "/v1/games")
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusServiceUnavailable || resp.Header.Get("Retry-After") == "" || !strings.Contains(string(b), "busy") {
		t.Errorf("a request beyond the bound: %d %q %s, want 503 busy with Retry-After", resp.StatusCode, resp.Header.Get("Retry-After"), b)
	}
	for _, path := range []string{"/healthz", "/metrics"} {
		if resp, err := http.Get(ts.URL + path); err != nil || resp.StatusCode != 200 {
			t.Errorf("%s while busy: %v %v", path, err, resp)
		} else {
			resp.Body.Close()
		}
	}
	// A best-move takes the reserve: it is not refused as busy.
	resp, err = http.Post(ts.URL+"/v1/games/morris/best-move", "application/json", strings.NewReader(`{"limits":{"depth":1}}`))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 200 {
		t.Errorf("a search's request while cheap ones fill the bound: %d, want 200 through the reserve", resp.StatusCode)
	}
}

// A request's arrival is when its bytes were read, before its handler ran.
func TestArrivalIsStampedAtTheConnection(t *testing.T) {
	seen := make(chan [2]time.Time, 1)
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		seen <- [2]time.Time{arrivedAt(r), time.Now()}
	})
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := &http.Server{Handler: h, ConnContext: ConnContext}
	go func() { _ = srv.Serve(Listener(ln)) }()
	defer srv.Shutdown(context.Background())
	before := time.Now()
	resp, err := http.Get("http://" + ln.Addr().String() + "/")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	got := <-seen
	if got[0].Before(before) || got[0].After(got[1]) {
		t.Errorf("arrival %s not between the request's sending %s and its handler %s", got[0], before, got[1])
	}
	if a := arrival(context.Background()); time.Since(a) > time.Second {
		t.Error("outside the turnstile, arrival must read as now")
	}
	if a := arrival(withArrival(context.Background(), before)); !a.Equal(before) {
		t.Errorf("a restarted clock reads %s, want %s", a, before)
	}
}

// The routes the turnstile names are routes of the table: a route renamed
// there would silently lose its reserve or its exemption.
func TestTurnstileNamesRealRoutes(t *testing.T) {
	paths := map[string]bool{}
	for _, r := range bareServer(DefaultConfig(), games.NewRegistry(), ai.NewRegistry()).table() {
		paths[r.path] = true
	}
	for _, set := range []map[string]bool{searchRoutes, unadmitted} {
		for p := range set {
			if !paths[p] {
				t.Errorf("%s is not a route", p)
			}
		}
	}
}

// A network takes at most half the turns: with its share held, its next
// request waits and is refused, while another network's takes a turn.
func TestANetworkTakesHalfTheTurns(t *testing.T) {
	a := newTurnstile(4, 1, 20*time.Millisecond)
	ctx := context.Background()
	var held []func()
	for range 2 {
		share, done := a.shares.of("10.0.0.0/24")
		turn, err := a.take(ctx, share, nil)
		if err != nil {
			t.Fatalf("a turn within the network's share: %v", err)
		}
		held = append(held, func() { <-turn; <-share; done() })
	}
	share, done := a.shares.of("10.0.0.0/24")
	var p *Problem
	if _, err := a.take(ctx, share, nil); !errors.As(err, &p) || p.Status != http.StatusServiceUnavailable {
		t.Errorf("a third turn for the network: %v, want 503", err)
	}
	done()
	other, otherDone := a.shares.of("10.0.1.0/24")
	turn, err := a.take(ctx, other, nil)
	if err != nil {
		t.Fatalf("another network while the first holds its share: %v", err)
	}
	<-turn
	<-other
	otherDone()
	for _, release := range held {
		release()
	}
	if len(a.shares.m) != 0 || len(a.turns) != 0 {
		t.Errorf("left behind: %d shares, %d turns", len(a.shares.m), len(a.turns))
	}
}
