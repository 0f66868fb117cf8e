// Command deploytest runs the deployment of docs/running.md on one
// machine and attacks it: a Redis primary with a replica and three
// sentinels, two `gameai serve` behind HAProxy (from Debian) trusting it
// for clients' addresses, two workers. While a competition, a ladder and
// 20 sessions are played and strangers register and upload bots, it
// SIGKILLs the Redis primary, then a server, then a worker; afterwards it
// checks that every account, bot and move acknowledged is there, every
// ladder game was recorded once, the competition's standings are those of
// one machine playing it alone, and what the clients saw: 503 (with how
// long), never 500.
//
//	go run ./scripts/deploytest [--phase 20s]
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sync"
	"time"

	"gameai/api"
)

func main() {
	phase := flag.Duration("phase", 20*time.Second, "how long the load runs before each kill, and after the last")
	flag.Parse()
	dir, err := os.MkdirTemp("", "deploytest")
	if err != nil {
		panic(err)
	}
	bin := filepath.Join(dir, "gameai")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		panic(fmt.Sprintf("go build: %v\n%s", err, out))
	}
	os.Exit(run(dir, bin, *phase))
}

// run plays the reference and the attack; every process it started is
// ended before it returns, a panic's included (os.Exit runs no deferred
// call, so main exits only after this).
func run(dir, bin string, phase time.Duration) (code int) {
	c := &cluster{dir: dir, bin: bin, key: "deploy-key"}
	defer func() {
		c.down()
		if r := recover(); r != nil {
			fmt.Println("deploytest: FAILED:", r)
			code = 2
		}
	}()
	ref := reference(dir, bin)
	c.up()
	fmt.Printf("deploytest: %s, servers %v behind %s, logs in %s\n", c.redisURL, c.serverURLs, c.url, dir)
	return attack(c, phase, ref)
}

// attack plays the load, kills one machine's part after each phase, then
// checks; its exit status is 1 when anything was lost or a 500 seen.
func attack(c *cluster, phase time.Duration, ref []string) int {
	t := &tally{byStatus: map[int]int{}}
	ack := &played{sessions: map[string]int{}}
	host := newClient(c.url, "10.0.0.1", t)
	host.key = c.key
	var comp api.CompetitionResponse
	if st := host.do("POST", "/v1/competitions", theCompetition, &comp); st != 202 && st != 201 {
		panic(fmt.Sprintf("the competition: %d", st))
	}
	host.do("PUT", "/v1/ladders/morris", api.LadderRequest{State: "running", GamesPerMinute: 60,
		Bots: []string{"gameai:morris:random", "gameai:morris:alphabeta:depth=1", "gameai:morris:mcts"}}, nil)
	ctx, stop := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	for i := range 20 {
		wg.Go(func() { playSessions(ctx, newClient(c.url, fmt.Sprintf("10.1.%d.1", i), t), ack) })
	}
	wg.Go(func() { strangers(ctx, c.url, t, ack) })
	kills := map[string]time.Time{}
	for _, k := range []struct {
		name string
		p    *proc
	}{{"the Redis primary", c.primary}, {"server 0", c.servers[0]}, {"worker 0", c.workers[0]}} {
		time.Sleep(phase)
		kills[k.name] = time.Now()
		k.p.kill()
		fmt.Printf("deploytest: %s SIGKILLed at %s\n", k.name, kills[k.name].Format(time.TimeOnly))
	}
	time.Sleep(phase)
	stop()
	wg.Wait()

	var bad findings
	bots := checkAcknowledged(host, ack, &bad)
	l := checkLadder(host, &bad)
	got, err := finished(host, comp.ID, 5*time.Minute)
	if err != nil {
		bad.add("%v", err)
	} else if s := standings(got); !slices.Equal(s, ref) {
		bad.add("the competition's standings %v, one machine's %v", s, ref)
	} else if got.Played != got.Planned {
		bad.add("the competition played %d of %d games", got.Played, got.Planned)
	}
	report(t, ack, kills, bots, l, got)
	if t.bare503 > 0 {
		bad.add("%d answers 503 without Retry-After", t.bare503)
	}
	if t.byStatus[500] > 0 || len(bad) > 0 {
		for _, b := range bad {
			fmt.Println("deploytest: LOST OR WRONG:", b)
		}
		return 1
	}
	return 0
}

func report(t *tally, ack *played, kills map[string]time.Time, bots map[string]int, l api.LadderResponse, comp api.CompetitionResponse) {
	fmt.Printf("deploytest: answers by status %v; %d requests got no answer (first: %q)\n", t.byStatus, t.errs, t.firstErr)
	if !t.first503.IsZero() {
		k := kills["the Redis primary"]
		fmt.Printf("deploytest: 503s from %v to %v after the Redis primary was killed\n",
			t.first503.Sub(k).Round(10*time.Millisecond), t.last503.Sub(k).Round(10*time.Millisecond))
	}
	if t.first5xx != "" {
		fmt.Printf("deploytest: the first other 5xx: %.300s\n", t.first5xx)
	}
	moves := 0
	for _, n := range ack.sessions {
		moves += n
	}
	fmt.Printf("deploytest: acknowledged %d accounts, %d bots (now %v), %d sessions with %d moves: all kept unless said below\n",
		len(ack.accounts), len(ack.bots), bots, len(ack.sessions), moves)
	fmt.Printf("deploytest: the ladder played %d games; the competition %s, %d of %d games, standings as one machine's unless said below\n",
		l.Played, comp.Status, comp.Played, comp.Planned)
}

// reference plays theCompetition on one machine alone (memory, a local
// worker) and returns its standings.
func reference(dir, bin string) []string {
	port := freePort()
	c := &cluster{dir: dir}
	p := c.start("reference", bin, "serve", "--addr", fmt.Sprintf("127.0.0.1:%d", port), "--api-key", "ref", "--log-level", "warn")
	defer p.stop()
	base := fmt.Sprintf("http://127.0.0.1:%d", port)
	waitHTTP(base + "/healthz")
	cl := newClient(base, "10.0.0.1", &tally{byStatus: map[int]int{}})
	cl.key = "ref"
	var comp api.CompetitionResponse
	if st := cl.do("POST", "/v1/competitions", theCompetition, &comp); st != 202 && st != 201 {
		panic(fmt.Sprintf("the reference competition: %d", st))
	}
	r, err := finished(cl, comp.ID, 5*time.Minute)
	if err != nil {
		panic(err)
	}
	fmt.Printf("deploytest: one machine played the competition: %v\n", standings(r))
	return standings(r)
}
