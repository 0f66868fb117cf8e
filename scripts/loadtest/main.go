//go:build loadtest

// Command loadtest drives a running gameai server with vegeta (as a library):
// a fixed number of concurrent clients for a fixed time, each request one of
// a mix of routes, and prints per route the throughput, latency, the share of
// 429s (and whether each carried Retry-After), 5xx and transport errors, and
// the server's goroutines and RSS (from /metrics) before and after.
//
//	go run -tags loadtest ./scripts/loadtest --url http://127.0.0.1:8080 --clients 200 --duration 60s
//	go run -tags loadtest ./scripts/loadtest --url http://127.0.0.1:8080 --abuse --duration 30s
//
// The best-move kind asks no_cache, so that it measures searches.
//
// scripts/loadtest.sh starts the server, runs this and stops the server.
package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"math/rand/v2"
	"net/http"
	"os"
	"slices"
	"strings"
	"sync"
	"time"

	vegeta "github.com/tsenart/vegeta/v12/lib"

	"gameai/games"
	"gameai/games/morris"
)

// The kinds of request of the mix; each is tagged in the URL's query
// (?load=kind, which the server ignores) so that results can be told apart.
const (
	bestMove = "best-move"
	cached   = "cached-analysis"
	move     = "session-move"
	list     = "list-games"
)

func main() {
	url := flag.String("url", "http://127.0.0.1:8080", "the server")
	clients := flag.Uint64("clients", 200, "concurrent clients")
	duration := flag.Duration("duration", 60*time.Second, "how long to attack")
	budget := flag.Int("budget-ms", 100, "time budget of a best-move search")
	nSessions := flag.Int("sessions", 2000, "Morris sessions played round-robin")
	mix := flag.String("mix", strings.Join([]string{bestMove, cached, move, list}, ","), "the kinds of request, taken in turn")
	seed := flag.Uint64("seed", 1, "seed of the random games")
	abuseMode := flag.Bool("abuse", false, "instead of the mix: one network's bogus registrations and slow bodies against another's GET /v1/games (abuse.go)")
	registrations := flag.Int("registrations", 16, "--abuse: threads of bogus registrations")
	slow := flag.Int("slow-bodies", 64, "--abuse: slow-body connections")
	rate := flag.Int("rate", 50, "--abuse: GET /v1/games a second from the other network")
	flag.Parse()
	if *abuseMode {
		abuse(*url, *duration, *registrations, *slow, *rate)
		return
	}
	kinds := strings.Split(*mix, ",")
	for _, k := range kinds {
		if !slices.Contains([]string{bestMove, cached, move, list}, k) {
			fail("--mix: unknown kind %q", k)
		}
	}
	rng := rand.New(rand.NewPCG(*seed, 0))

	before := serverGauges(*url)
	midgames := randomPositions(rng, 64, 24)
	analyses := randomPositions(rng, 16, 12)
	for _, p := range analyses {
		// Fills the analysis cache: depth-bounded searches are cached.
		post(*url+"/v1/games/morris/best-move", analysisBody(p))
	}
	var sessions []*session
	if slices.Contains(kinds, move) {
		sessions = newSessions(*url, rng, *nSessions)
	}

	t := &targeter{url: *url, kinds: kinds, budget: *budget, midgames: midgames, analyses: analyses, sessions: sessions}
	// Our own transport, so that its connections can be closed before the
	// server's goroutines are counted again: a kept-alive connection holds
	// one, and would look like a leak.
	tr := &http.Transport{MaxIdleConnsPerHost: int(*clients), MaxConnsPerHost: int(*clients), IdleConnTimeout: time.Minute}
	attacker := vegeta.NewAttacker(vegeta.Workers(*clients), vegeta.MaxWorkers(*clients),
		vegeta.Client(&http.Client{Transport: tr, Timeout: 60 * time.Second}))
	stats := map[string]*routeStats{}
	schedBefore := schedLatencies()
	for res := range attacker.Attack(t.next, vegeta.Rate{Freq: 0}, *duration, "gameai") {
		kind := kindOf(res.URL)
		s := stats[kind]
		if s == nil {
			s = &routeStats{}
			stats[kind] = s
		}
		s.add(res)
	}
	schedAfter := schedLatencies()
	tr.CloseIdleConnections()
	time.Sleep(2 * time.Second) // the server notices the closed connections
	after := serverGauges(*url)
	report(stats, kinds, *clients, *duration, *budget, before, after)
	fmt.Printf("the generator's own goroutines waited for a CPU: p50 %.1f ms, p99 %.1f ms (part of every latency above)\n",
		1000*histQuantile(schedBefore, schedAfter, 0.5), 1000*histQuantile(schedBefore, schedAfter, 0.99))
}

// session is a Morris session with a random legal game to play in it, one
// move a pass of the round-robin: with thousands of sessions, a session's
// previous move has long been answered when its next is sent.
type session struct {
	id    string
	moves []string
	next  int
}

// targeter hands out requests, the kinds in turn.
type targeter struct {
	url      string
	kinds    []string
	budget   int
	midgames []string
	analyses []string
	sessions []*session

	mu   sync.Mutex
	i, s int
}

func (t *targeter) next(tgt *vegeta.Target) error {
	t.mu.Lock()
	defer t.mu.Unlock()
	kind := t.kinds[t.i%len(t.kinds)]
	t.i++
	tgt.Header = http.Header{"Content-Type": {"application/json"}}
	switch kind {
	case bestMove:
		tgt.Method, tgt.URL = "POST", t.url+"/v1/games/morris/best-move?load="+kind
		// no_cache: a time-limited analysis would serve the next request of
		// the position, and this kind measures searches.
		tgt.Body = mustJSON(map[string]any{"position": t.midgames[t.i%len(t.midgames)], "limits": map[string]any{"time_ms": t.budget},
			"no_cache": true})
	case cached:
		tgt.Method, tgt.URL = "POST", t.url+"/v1/games/morris/best-move?load="+kind
		tgt.Body = analysisBody(t.analyses[t.i%len(t.analyses)])
	case move:
		s := t.nextSession()
		if s == nil {
			return vegeta.ErrNoTargets
		}
		tgt.Method, tgt.URL = "POST", t.url+"/v1/sessions/"+s.id+"/moves?load="+kind
		tgt.Body = mustJSON(map[string]any{"move": s.moves[s.next], "ply": s.next})
		s.next++
	case list:
		tgt.Method, tgt.URL, tgt.Body = "GET", t.url+"/v1/games?load="+kind, nil
	}
	return nil
}

func (t *targeter) nextSession() *session {
	for range len(t.sessions) {
		s := t.sessions[t.s%len(t.sessions)]
		t.s++
		if s.next < len(s.moves) {
			return s
		}
	}
	return nil
}

func analysisBody(position string) []byte {
	return mustJSON(map[string]any{"position": position, "limits": map[string]any{"depth": 3}})
}

// randomPositions plays n random games of plies moves from the start.
func randomPositions(rng *rand.Rand, n, plies int) []string {
	var out []string
	for len(out) < n {
		st := start()
		for range plies {
			legal := st.LegalMoves()
			if len(legal) == 0 {
				break
			}
			must(st.Play(legal[rng.IntN(len(legal))]))
		}
		if !st.Terminal() {
			out = append(out, st.String())
		}
	}
	return out
}

func start() games.State {
	opts, err := games.ResolveOptions(morris.Game.Options(), nil)
	must(err)
	st, err := morris.Game.NewState("", opts)
	must(err)
	return st
}

func newSessions(url string, rng *rand.Rand, n int) []*session {
	var out []*session
	for range n {
		var created struct{ ID string }
		must(json.Unmarshal(post(url+"/v1/games/morris/sessions", []byte("{}")), &created))
		s := &session{id: created.ID}
		st := start()
		for len(s.moves) < 200 {
			legal := st.LegalMoves()
			if len(legal) == 0 {
				break
			}
			m := legal[rng.IntN(len(legal))]
			must(st.Play(m))
			s.moves = append(s.moves, m.String())
		}
		out = append(out, s)
	}
	return out
}

// routeStats are one kind's results; accepted are the 2xx answers alone.
type routeStats struct {
	all, accepted   vegeta.Metrics
	n429, n429Retry int
	n4xx, n5xx      int
	transport       int
	firstErr        string
	// searchMS are the accepted answers' elapsed_ms: the search's own
	// time as the server measured it, to tell an engine that overran from
	// an answer that waited outside the engine.
	searchMS []int64
}

func (s *routeStats) add(r *vegeta.Result) {
	s.all.Add(r)
	switch {
	case r.Code == 0:
		s.transport++
		if s.firstErr == "" {
			s.firstErr = r.Error
		}
	case r.Code >= 200 && r.Code < 300:
		s.accepted.Add(r)
		var answer struct {
			ElapsedMS *int64 `json:"elapsed_ms"`
		}
		if json.Unmarshal(r.Body, &answer) == nil && answer.ElapsedMS != nil {
			s.searchMS = append(s.searchMS, *answer.ElapsedMS)
		}
	case r.Code == http.StatusTooManyRequests:
		s.n429++
		if r.Headers.Get("Retry-After") != "" {
			s.n429Retry++
		}
	case r.Code >= 500:
		s.n5xx++
		if s.firstErr == "" {
			s.firstErr = fmt.Sprintf("%d %s", r.Code, r.Body)
		}
	default:
		s.n4xx++
		if s.firstErr == "" {
			s.firstErr = fmt.Sprintf("%d %s", r.Code, r.Body)
		}
	}
}

func report(stats map[string]*routeStats, kinds []string, clients uint64, d time.Duration, budget int, before, after gauges) {
	fmt.Printf("%d clients for %s, budget of a best-move %d ms\n\n", clients, d, budget)
	fmt.Println("| route | requests | req/s | 2xx | 429 (with Retry-After) | other 4xx | 5xx | transport errors | p50 | p99 | p99 of 2xx |")
	fmt.Println("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
	var total, fails int
	for _, k := range kinds {
		s := stats[k]
		if s == nil {
			continue
		}
		s.all.Close()
		s.accepted.Close()
		n := int(s.all.Requests)
		total += n
		fails += s.n5xx + s.transport
		share := 0.0
		if n > 0 {
			share = 100 * float64(s.n429) / float64(n)
		}
		fmt.Printf("| %s | %d | %.0f | %d | %d, %.1f%% (%d) | %d | %d | %d | %s | %s | %s |\n", k, n,
			float64(n)/d.Seconds(), int(s.accepted.Requests), s.n429, share, s.n429Retry,
			s.n4xx, s.n5xx, s.transport, ms(s.all.Latencies.P50), ms(s.all.Latencies.P99), ms(s.accepted.Latencies.P99))
		if s.firstErr != "" {
			fmt.Fprintf(os.Stderr, "%s: first failure: %.300s\n", k, s.firstErr)
		}
	}
	for _, k := range kinds {
		if s := stats[k]; s != nil && len(s.searchMS) > 0 && k == bestMove {
			slices.Sort(s.searchMS)
			q := func(p float64) int64 { return s.searchMS[min(len(s.searchMS)-1, int(p*float64(len(s.searchMS))))] }
			fmt.Printf("\n%s: the search's own time (elapsed_ms) of the accepted: p50 %d ms, p99 %d ms, max %d ms\n", k, q(0.5), q(0.99), q(1))
		}
	}
	fmt.Printf("\nall routes: %d requests, %.0f req/s, %d 5xx or transport errors\n", total, float64(total)/d.Seconds(), fails)
	fmt.Printf("server goroutines %d before, %d after; RSS %.1f MiB before, %.1f MiB after; heap in use %.1f MiB before, %.1f MiB after\n",
		before.goroutines, after.goroutines, before.rss/(1<<20), after.rss/(1<<20), before.heap/(1<<20), after.heap/(1<<20))
}

func ms(d time.Duration) string { return fmt.Sprintf("%.1f ms", float64(d.Microseconds())/1000) }

func kindOf(url string) string {
	_, q, _ := strings.Cut(url, "?load=")
	return q
}

type gauges struct {
	goroutines int
	rss, heap  float64
}

// serverGauges reads go_goroutines and process_resident_memory_bytes from
// the server's /metrics, and go_memstats_heap_inuse_bytes.
func serverGauges(url string) gauges {
	resp, err := http.Get(url + "/metrics")
	must(err)
	defer resp.Body.Close()
	var g gauges
	sc := bufio.NewScanner(resp.Body)
	for sc.Scan() {
		var v float64
		if n, _ := fmt.Sscanf(sc.Text(), "go_goroutines %g", &v); n == 1 {
			g.goroutines = int(v)
		}
		if n, _ := fmt.Sscanf(sc.Text(), "process_resident_memory_bytes %g", &v); n == 1 {
			g.rss = v
		}
		if n, _ := fmt.Sscanf(sc.Text(), "go_memstats_heap_inuse_bytes %g", &v); n == 1 {
			g.heap = v
		}
	}
	return g
}

func post(url string, body []byte) []byte {
	resp, err := http.Post(url, "application/json", bytes.NewReader(body))
	must(err)
	defer resp.Body.Close()
	var b bytes.Buffer
	_, _ = b.ReadFrom(resp.Body)
	if resp.StatusCode >= 300 {
		fail("POST %s: %d %s", url, resp.StatusCode, b.String())
	}
	return b.Bytes()
}

func mustJSON(v any) []byte {
	b, err := json.Marshal(v)
	must(err)
	return b
}

func must(err error) {
	if err != nil {
		fail("%v", err)
	}
}

func fail(format string, args ...any) {
	fmt.Fprintf(os.Stderr, "loadtest: "+format+"\n", args...)
	os.Exit(1)
}
