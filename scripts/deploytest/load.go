package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"mime/multipart"
	"net/http"
	"net/http/cookiejar"
	"sync"
	"time"

	"gameai/api"
	"gameai/starters"
)

// tally counts the answers the clients saw, by status, and when the
// first and last 503 came.
type tally struct {
	mu                 sync.Mutex
	byStatus           map[int]int
	errs               int
	first503, last503  time.Time
	first5xx, firstErr string
	// bare503 counts the 503s that did not say when to come back.
	bare503 int
}

func (t *tally) saw(status int, retryAfter, what string) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.byStatus[status]++
	if status == http.StatusServiceUnavailable && retryAfter == "" {
		t.bare503++
	}
	if status == http.StatusServiceUnavailable {
		if t.first503.IsZero() {
			t.first503 = time.Now()
		}
		t.last503 = time.Now()
	}
	if status >= 500 && status != 503 && t.first5xx == "" {
		t.first5xx = what
	}
}

func (t *tally) failed(err error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.errs++
	if t.firstErr == "" {
		t.firstErr = err.Error()
	}
}

// client is one person (or program) using the service through the
// balancer, from its own network (X-Forwarded-For, which the balancer
// appends to and the servers trust from it).
type client struct {
	base, from, key string
	http            *http.Client
	t               *tally
}

func newClient(base, from string, t *tally) *client {
	jar, _ := cookiejar.New(nil)
	return &client{base: base, from: from, t: t, http: &http.Client{Jar: jar, Timeout: 60 * time.Second}}
}

// do sends a JSON request and decodes a 2xx answer into out: its status,
// or 0 when no answer came.
func (c *client) do(method, path string, body, out any) int {
	var r io.Reader
	if body != nil {
		b, _ := json.Marshal(body)
		r = bytes.NewReader(b)
	}
	req, _ := http.NewRequest(method, c.base+path, r)
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	return c.send(req, method+" "+path, out)
}

func (c *client) send(req *http.Request, what string, out any) int {
	req.Header.Set("X-Forwarded-For", c.from)
	if c.key != "" {
		req.Header.Set("X-API-Key", c.key)
	}
	resp, err := c.http.Do(req)
	if err != nil {
		c.t.failed(err)
		return 0
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	c.t.saw(resp.StatusCode, resp.Header.Get("Retry-After"), fmt.Sprintf("%s: %d %s", what, resp.StatusCode, b))
	if resp.StatusCode/100 == 2 && out != nil {
		_ = json.Unmarshal(b, out)
	}
	return resp.StatusCode
}

// played is what the service acknowledged: accounts made, bots uploaded,
// and each session's moves as last answered.
type played struct {
	mu       sync.Mutex
	accounts []string
	bots     []string
	sessions map[string]int
}

// playSessions plays Morris against our alpha-beta at depth 1, a move a turn,
// each move naming its ply (a move retried after a failure is refused,
// not played twice), a new session after each game, until ctx ends.
func playSessions(ctx context.Context, c *client, ack *played) {
	for ctx.Err() == nil {
		var s api.SessionResponse
		if c.do("POST", "/v1/games/morris/sessions?legal_moves=1", map[string]any{"engines": []any{nil, map[string]any{"engine": "alphabeta", "limits": map[string]int{"depth": 1}}}}, &s) != 201 {
			time.Sleep(200 * time.Millisecond)
			continue
		}
		for ctx.Err() == nil && !s.Terminal && len(s.LegalMoves) > 0 {
			ply := len(s.Moves)
			var next api.SessionResponse
			switch c.do("POST", "/v1/sessions/"+s.ID+"/moves?legal_moves=1", map[string]any{"move": s.LegalMoves[0], "ply": ply}, &next) {
			case 200:
				s = next
				ack.mu.Lock()
				ack.sessions[s.ID] = len(s.Moves)
				ack.mu.Unlock()
			case 409: // played by a try whose answer was lost: read it again
				c.do("GET", "/v1/sessions/"+s.ID+"?legal_moves=1", nil, &s)
			default:
				time.Sleep(200 * time.Millisecond)
				c.do("GET", "/v1/sessions/"+s.ID+"?legal_moves=1", nil, &s)
			}
		}
	}
}

// strangers register, each from a network of its own, make a token and
// upload the Python Morris starter, one every few seconds until ctx ends.
func strangers(ctx context.Context, base string, t *tally, ack *played) {
	src, _ := starters.Get("morris", "python")
	for i := 0; ctx.Err() == nil; i++ {
		c := newClient(base, fmt.Sprintf("10.%d.%d.1", 50+i/200, i%200), t)
		name := fmt.Sprintf("stranger%d", i)
		if c.do("POST", "/v1/accounts", api.RegisterRequest{Name: name, Password: "a deployment's stranger"}, nil) != 201 {
			time.Sleep(time.Second)
			continue
		}
		ack.mu.Lock()
		ack.accounts = append(ack.accounts, name)
		ack.mu.Unlock()
		var tok api.TokenResponse
		if c.do("POST", "/v1/owners/me/tokens", map[string]string{"name": "upload"}, &tok) != 201 {
			continue
		}
		c.key = tok.Token
		var body bytes.Buffer
		w := multipart.NewWriter(&body)
		for k, v := range map[string]string{"game": "morris", "name": "starter", "language": "python"} {
			_ = w.WriteField(k, v)
		}
		f, _ := w.CreateFormFile("file", "bot.py")
		_, _ = f.Write(src.Source)
		_ = w.Close()
		req, _ := http.NewRequest("POST", base+"/v1/bots", &body)
		req.Header.Set("Content-Type", w.FormDataContentType())
		var b api.BotResponse
		if c.send(req, "POST /v1/bots", &b) == 202 {
			ack.mu.Lock()
			ack.bots = append(ack.bots, b.ID)
			ack.mu.Unlock()
		}
		select {
		case <-ctx.Done():
		case <-time.After(3 * time.Second):
		}
	}
}
