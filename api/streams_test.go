package api_test

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"strings"
	"testing"

	"gameai/api"
)

// clientAt is an HTTP client whose connections leave from a loopback
// address of its own (127.0.0.N), as a distinct client on the network
// would: the server tells clients apart by address.
func clientAt(ip string) *http.Client {
	d := &net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(ip)}}
	return &http.Client{Transport: &http.Transport{DialContext: d.DialContext, DisableKeepAlives: true}}
}

// openStream opens a job's event stream from c and returns its status; a
// stream that opened stays open until the test ends. headers are pairs.
func openStream(t *testing.T, c *http.Client, url string, headers ...string) (int, string) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	req, _ := http.NewRequestWithContext(ctx, "GET", url, nil)
	for i := 0; i+1 < len(headers); i += 2 {
		req.Header.Set(headers[i], headers[i+1])
	}
	resp, err := c.Do(req)
	if err != nil {
		cancel()
		t.Fatal(err)
	}
	t.Cleanup(func() { cancel(); resp.Body.Close() })
	if resp.StatusCode != http.StatusOK {
		return resp.StatusCode, resp.Header.Get("Retry-After")
	}
	return resp.StatusCode, ""
}

// One client that opens stream after stream gets its network's share and
// then 429 with Retry-After, from another address of its /24 too; a
// client of another network still gets its stream. And the total holds:
// clients of many networks cannot open more than the server keeps, and
// what is refused is 503 with Retry-After. Real connections, each held
// open.
func TestEventStreamsAreLimitedPerClientAndInTotal(t *testing.T) {
	e := newEnv(t, nil, nil)
	j, err := e.runner.Submit(context.Background(), "steps", map[string]int{"N": 5})
	if err != nil {
		t.Fatal(err)
	}
	url := e.url + "/v1/jobs/" + j.ID + "/events"
	greedy := clientAt("127.0.0.1")
	opened := 0
	for i := range 40 {
		// An attacker claims to be someone else each time: the server
		// counts the address the connection comes from, not the headers.
		fake := fmt.Sprintf("10.9.%d.%d", i/200, i%200)
		code, retry := openStream(t, greedy, url, "X-Forwarded-For", fake, "X-Real-IP", fake, "Forwarded", "for="+fake)
		if code == http.StatusOK {
			opened++
			continue
		}
		if code != http.StatusTooManyRequests || retry == "" {
			t.Fatalf("after %d streams: %d (Retry-After %q), want 429 with Retry-After", opened, code, retry)
		}
		break
	}
	if opened != 16 {
		t.Errorf("one client opened %d streams, want its network's share of 16", opened)
	}
	if code, retry := openStream(t, clientAt("127.0.0.2"), url); code != http.StatusTooManyRequests || retry == "" {
		t.Fatalf("another address of the same /24: %d (Retry-After %q), want 429", code, retry)
	}
	if code, _ := openStream(t, clientAt("127.0.1.1"), url); code != http.StatusOK {
		t.Fatalf("a client of another network was refused a stream: %d", code)
	}
	// The job is still readable by a plain GET, whatever the streams.
	var got api.JobResponse
	e.do(t, "GET", "/v1/jobs/"+j.ID, nil).ok(t, 200).json(t, &got)

	// 17 streams are open; fill the server's 256 from 15 more networks.
	total := 17
	for net := 2; total < 256; net++ {
		c := clientAt(fmt.Sprintf("127.0.%d.1", net))
		for range 16 {
			if total == 256 {
				break
			}
			if code, _ := openStream(t, c, url); code != http.StatusOK {
				t.Fatalf("stream %d from 127.0.%d.1 refused: %d", total+1, net, code)
			}
			total++
		}
	}
	code, retry := openStream(t, clientAt("127.0.200.1"), url)
	if code != http.StatusServiceUnavailable || retry == "" {
		t.Errorf("stream 257: %d (Retry-After %q), want 503 with Retry-After", code, retry)
	}
	if !strings.HasPrefix(e.url, "http://127.0.0.1:") {
		t.Fatalf("the test server is not on 127.0.0.1: %s", e.url)
	}
}
