package api_test

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"strings"
	"testing"

	"gameai/api"
)

// Every answer, page or API, success or problem, carries the headers that
// keep other sites from framing it, sniffing it or reading its URL.
func TestSecurityHeadersOnEveryKindOfAnswer(t *testing.T) {
	e := newEnv(t, nil, nil)
	for _, path := range []string{"/", "/web/app.js", "/web/nope.js", "/swagger/index.html", "/swagger/doc.json", "/v1/games", "/v1/nothing", "/metrics"} {
		r := e.do(t, "GET", path, nil)
		csp := r.header.Get("Content-Security-Policy")
		for _, want := range []string{"default-src 'none'", "script-src 'self'", "frame-ancestors 'none'"} {
			if !strings.Contains(csp, want) {
				t.Errorf("%s: Content-Security-Policy %q lacks %q", path, csp, want)
			}
		}
		if strings.Contains(csp, "unsafe-inline") || strings.Contains(csp, "unsafe-eval") {
			t.Errorf("%s: Content-Security-Policy %q allows inline code", path, csp)
		}
		for k, want := range map[string]string{"X-Content-Type-Options": "nosniff", "X-Frame-Options": "DENY", "Referrer-Policy": "no-referrer"} {
			if got := r.header.Get(k); got != want {
				t.Errorf("%s: %s %q, want %q", path, k, got, want)
			}
		}
	}
}

// The API's UI is served with no inline script, its files as they are, and
// an unknown file is a 404 problem like any other.
func TestSwaggerUIFiles(t *testing.T) {
	e := newEnv(t, nil, nil)
	page := string(e.do(t, "GET", "/swagger/index.html", nil).ok(t, 200).body)
	if strings.Contains(page, "<script>") || !strings.Contains(page, "swagger-initializer.js") {
		t.Errorf("/swagger/index.html has inline script or no initializer:\n%s", page)
	}
	init := string(e.do(t, "GET", "/swagger/swagger-initializer.js", nil).ok(t, 200).body)
	if !strings.Contains(init, "/swagger/doc.json") {
		t.Errorf("the initializer does not load this server's document: %s", init)
	}
	e.do(t, "GET", "/swagger/swagger-ui-bundle.js", nil).ok(t, 200)
	e.do(t, "GET", "/swagger/nope", nil).problem(t, 404)
	e.do(t, "GET", "/swagger/swagger-ui.js.map", nil).problem(t, 404)
}

// Invented methods and paths fold into one label value each: a thousand of
// them cannot grow /metrics.
func TestMetricsLabelsAreBounded(t *testing.T) {
	e := newEnv(t, nil, nil)
	before := len(e.do(t, "GET", "/metrics", nil).ok(t, 200).body)
	for i := range 200 {
		e.do(t, fmt.Sprintf("MX%d", i), "/v1/games", nil)
		e.do(t, "GET", fmt.Sprintf("/v1/nothing/%d", i), nil)
		e.do(t, fmt.Sprintf("MX%d", i), fmt.Sprintf("/x%d", i), nil)
	}
	m := string(e.do(t, "GET", "/metrics", nil).ok(t, 200).body)
	if strings.Contains(m, "MX1") || strings.Contains(m, "/v1/nothing/") || strings.Contains(m, "/x1") {
		t.Error("/metrics holds a client's invented method or path")
	}
	if !strings.Contains(m, `method="other"`) || !strings.Contains(m, `route="unmatched"`) {
		t.Error(`/metrics lacks the folded labels method="other" and route="unmatched"`)
	}
	if len(m) > before+30_000 {
		t.Errorf("/metrics grew from %d to %d bytes over 600 invented requests", before, len(m))
	}
}

// A client's X-Request-Id is kept when it is short and plain, and replaced
// otherwise, in the answer as in the log.
func TestRequestIDIsCapped(t *testing.T) {
	e := newEnv(t, nil, nil)
	if got := e.do(t, "GET", "/v1/games", nil, "X-Request-Id", "trace-42.a_b:c").header.Get("X-Request-Id"); got != "trace-42.a_b:c" {
		t.Errorf("a plain id was not kept: %q", got)
	}
	for _, id := range []string{strings.Repeat("a", 65), "has space", "é", "a/b"} {
		got := e.do(t, "GET", "/v1/games", nil, "X-Request-Id", id).header.Get("X-Request-Id")
		if got == id || got == "" || len(got) > 64 {
			t.Errorf("X-Request-Id %q echoed as %q", id, got)
		}
	}
}

// The job list refuses what it cannot honour, naming the field, instead of
// answering as if it had not been asked.
func TestJobListRefusesBadFilters(t *testing.T) {
	e := newEnv(t, nil, nil)
	for q, field := range map[string]string{"cursor=garbage": "cursor", "kind=nope": "kind",
		"cursor=0000000000000:../x": "cursor", "status=done": "status", "limit=0": "limit"} {
		r := e.do(t, "GET", "/v1/jobs?"+q, nil)
		r.hasField(t, r.problem(t, 400), field)
	}
	e.do(t, "GET", "/v1/jobs?kind=steps", nil).ok(t, 200)
}

// Cancelling a job that has finished changes nothing and says so.
func TestCancellingAFinishedJobIsAConflict(t *testing.T) {
	e := newEnv(t, nil, nil)
	j, err := e.runner.Submit(context.Background(), "steps", map[string]int{"N": 0})
	if err != nil {
		t.Fatal(err)
	}
	var got api.JobResponse
	waitFor(t, func() bool {
		e.do(t, "GET", "/v1/jobs/"+j.ID, nil).ok(t, 200).json(t, &got)
		return got.Status == "succeeded"
	})
	e.do(t, "DELETE", "/v1/jobs/"+j.ID, nil).problem(t, http.StatusConflict)
}

// Problems speak JSON, not Go: a wrong type is named as JSON names types,
// and every 413 has one title and the server's limit.
func TestProblemsSpeakJSON(t *testing.T) {
	e := newEnv(t, nil, func(c *api.Config) { c.MaxBodyBytes = 2000 })
	for body, want := range map[string]string{
		`[]`:                         "must be an object, not array",
		`{"position": 5}`:            "must be a string, not number",
		`{"limits":{"time_ms":"5"}}`: "must be an integer, not string",
		`{"limits":{"time_ms":1.5}}`: "must be an integer, not number",
		`{"no_cache":"yes"}`:         "must be true or false, not string",
		`{"moves":"d6"}`:             "must be an array, not string",
		`{"engine_options":["a"]}`:   "must be an object, not array",
	} {
		r := e.do(t, "POST", "/v1/games/morris/best-move", body)
		p := r.problem(t, 400)
		if !strings.Contains(string(r.body), want) || strings.Contains(string(r.body), "api.") || strings.Contains(string(r.body), "int64") {
			t.Errorf("%s: %+v, want %q and no Go type", body, p, want)
		}
	}
	titles := map[string]bool{}
	for _, body := range []string{`{"position":"` + strings.Repeat(".", 3000) + `"}`, strings.Repeat(" ", 3000) + "{}"} {
		r := e.do(t, "POST", "/v1/games/morris/best-move", body)
		p := r.problem(t, 413)
		r.hasField(t, p, "body")
		titles[p.Title+" / "+p.Detail] = true
	}
	big, _ := http.NewRequest("POST", e.url+"/v1/games/morris/best-move", strings.NewReader(strings.Repeat("x", 5000)))
	big.Header.Set("Content-Type", "application/json")
	resp, err := http.DefaultClient.Do(big)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 413 {
		t.Fatalf("a 5000-byte body: %d %s", resp.StatusCode, b)
	}
	if len(titles) != 1 {
		t.Errorf("413 answers differ: %v", titles)
	}
}
