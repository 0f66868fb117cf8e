//go:build loadtest

package main

import (
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	vegeta "github.com/tsenart/vegeta/v12/lib"

	"gameai/internal/slowbody"
)

// abuse measures what one network's attack costs another's requests: from
// 127.0.0.1 (one /24), registrations threads sign up as fast as they can
// (bogus invitation codes where registration is by invitation) and slow
// connections each send a sign-in's headers and then its body a byte every
// 200 ms, opened again once answered; from 127.0.1.1 (another /24),
// GET /v1/games at rate a second. It prints the latter's latencies and the
// attackers' answers by status.
func abuse(base string, d time.Duration, registrations, slow, rate int) {
	u, err := url.Parse(base)
	must(err)
	stop := make(chan struct{})
	var wg sync.WaitGroup
	var mu sync.Mutex
	answers := map[string]map[int]int{"register": {}, "slow-body": {}}
	count := func(kind string, code int) {
		mu.Lock()
		answers[kind][code]++
		mu.Unlock()
	}
	attacker := &http.Client{Timeout: time.Minute, Transport: &http.Transport{MaxIdleConnsPerHost: registrations,
		DialContext: (&net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP("127.0.0.1")}}).DialContext}}
	var n atomic.Int64
	for range registrations {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				select {
				case <-stop:
					return
				default:
				}
				i := n.Add(1)
				body := fmt.Sprintf(`{"name":"bogus%d","password":"a long enough passphrase %d","invitation":"inv_made-up-%d"}`, i, i, i)
				resp, err := attacker.Post(base+"/v1/accounts", "application/json", strings.NewReader(body))
				if err != nil {
					count("register", 0)
					continue
				}
				_, _ = io.Copy(io.Discard, resp.Body)
				resp.Body.Close()
				count("register", resp.StatusCode)
			}
		}()
	}
	attack, endAttack := context.WithCancel(context.Background())
	defer endAttack()
	for range slow {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for attack.Err() == nil {
				if code := slowbody.Send(attack, u.Host, "127.0.0.1", 200*time.Millisecond); code >= 0 {
					count("slow-body", code)
				}
			}
		}()
	}
	time.Sleep(3 * time.Second) // the attack in place
	probe := &http.Client{Timeout: time.Minute, Transport: &http.Transport{
		DialContext: (&net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP("127.0.1.1")}}).DialContext}}
	a := vegeta.NewAttacker(vegeta.Client(probe))
	target := vegeta.NewStaticTargeter(vegeta.Target{Method: "GET", URL: base + "/v1/games"})
	var m vegeta.Metrics
	for res := range a.Attack(target, vegeta.Rate{Freq: rate, Per: time.Second}, d, "probe") {
		m.Add(res)
	}
	m.Close()
	close(stop)
	endAttack()
	wg.Wait()
	fmt.Printf("GET /v1/games from another network, %d/s for %s: %d requests, status %v, p50 %s, p90 %s, p99 %s, max %s\n",
		rate, d, m.Requests, m.StatusCodes, ms(m.Latencies.P50), ms(m.Latencies.P90), ms(m.Latencies.P99), ms(m.Latencies.Max))
	fmt.Printf("attackers from 127.0.0.0/24: %d registration threads, answers %v; %d slow-body connections, answers %v\n",
		registrations, answers["register"], slow, answers["slow-body"])
}
