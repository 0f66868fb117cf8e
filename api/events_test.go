package api_test

import (
	"bufio"
	"context"
	"encoding/json"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"gameai/api"
)

type event struct {
	name, id string
	job      api.JobResponse
}

// readEvents reads Server-Sent Events from the stream until it ends.
func readEvents(t *testing.T, resp *http.Response, out chan<- event) {
	defer close(out)
	sc := bufio.NewScanner(resp.Body)
	var ev event
	for sc.Scan() {
		line := sc.Text()
		switch {
		case strings.HasPrefix(line, "event: "):
			ev.name = strings.TrimPrefix(line, "event: ")
		case strings.HasPrefix(line, "id: "):
			ev.id = strings.TrimPrefix(line, "id: ")
		case strings.HasPrefix(line, "data: "):
			if err := json.Unmarshal([]byte(strings.TrimPrefix(line, "data: ")), &ev.job); err != nil {
				t.Errorf("event data %q: %v", line, err)
			}
		case line == "" && ev.name != "":
			out <- ev
			ev = event{}
		}
	}
}

func openEvents(t *testing.T, e *env, id, lastEventID string) chan event {
	t.Helper()
	req, _ := http.NewRequest("GET", e.url+"/v1/jobs/"+id+"/events", nil)
	if lastEventID != "" {
		req.Header.Set("Last-Event-ID", lastEventID)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { resp.Body.Close() })
	if resp.StatusCode != 200 || resp.Header.Get("Content-Type") != "text/event-stream" {
		t.Fatalf("events: %d %s", resp.StatusCode, resp.Header.Get("Content-Type"))
	}
	ch := make(chan event, 100)
	go readEvents(t, resp, ch)
	return ch
}

func next(t *testing.T, ch chan event) event {
	t.Helper()
	select {
	case ev, ok := <-ch:
		if !ok {
			t.Fatal("the stream ended")
		}
		return ev
	case <-time.After(10 * time.Second):
		t.Fatal("no event in 10 s")
	}
	return event{}
}

// A job's stream says each change as a progress event with the job's
// version as id, ends with a result event, and a client reconnecting with
// Last-Event-ID gets only what is newer.
func TestJobEvents(t *testing.T) {
	e := newEnv(t, nil, nil)
	j, err := e.runner.Submit(context.Background(), "steps", map[string]int{"N": 2})
	if err != nil {
		t.Fatal(err)
	}
	ch := openEvents(t, e, j.ID, "")
	first := next(t, ch)
	if first.name != "progress" || first.job.ID != j.ID {
		t.Fatalf("first event %+v", first)
	}
	e.steps <- struct{}{}
	var ev event
	for ev = next(t, ch); string(ev.job.Progress.Best) != "1"; ev = next(t, ch) {
	}
	if ev.name != "progress" {
		t.Errorf("after a step: %+v", ev)
	}
	later := openEvents(t, e, j.ID, ev.id) // a reconnection: nothing new yet
	e.steps <- struct{}{}
	for ev = next(t, ch); ev.name != "result"; ev = next(t, ch) {
	}
	if ev.job.Status != "succeeded" || string(ev.job.Result) != "2" {
		t.Errorf("result event %+v", ev)
	}
	if _, open := <-ch; open {
		t.Error("the stream goes on after the result")
	}
	got := next(t, later)
	if a, b := atoi(t, got.id), atoi(t, first.id); a <= b || got.name == "" {
		t.Errorf("reconnected stream's first event %+v", got)
	}
	// A finished job's stream is its result at once; a reconnection after
	// it, nothing.
	done := openEvents(t, e, j.ID, "")
	if ev := next(t, done); ev.name != "result" {
		t.Errorf("finished job's stream: %+v", ev)
	}
	if _, open := <-openEvents(t, e, j.ID, ev.id); open {
		t.Error("a stream reconnected after the result sent something")
	}
	e.do(t, "GET", "/v1/jobs/nope/events", nil).problem(t, 404)
}

func TestListJobs(t *testing.T) {
	e := newEnv(t, nil, nil)
	close(e.steps)
	for range 5 {
		if _, err := e.runner.Submit(context.Background(), "steps", map[string]int{"N": 0}); err != nil {
			t.Fatal(err)
		}
	}
	var seen []string
	cursor := ""
	for range 5 {
		var page api.JobListResponse
		e.do(t, "GET", "/v1/jobs?kind=steps&limit=2&cursor="+cursor, nil).ok(t, 200).json(t, &page)
		for _, j := range page.Jobs {
			seen = append(seen, j.ID)
		}
		if page.NextCursor == "" {
			break
		}
		cursor = page.NextCursor
	}
	// Jobs made within one clock tick (the same creation time) are paged
	// each once all the same.
	if len(seen) != 5 || len(slices.Compact(slices.Sorted(slices.Values(seen)))) != 5 {
		t.Errorf("pages of 2 gave %d jobs: %v", len(seen), seen)
	}
	// A kind this server does not run is an error, not an empty list.
	r := e.do(t, "GET", "/v1/jobs?kind=other", nil)
	r.hasField(t, r.problem(t, 400), "kind")
	for _, q := range []string{"status=done", "limit=0", "limit=101", "limit=x", "kind=" + strings.Repeat("k", 65)} {
		r := e.do(t, "GET", "/v1/jobs?"+q, nil)
		field, _, _ := strings.Cut(q, "=")
		r.hasField(t, r.problem(t, 400), field)
	}
}

func atoi(t *testing.T, s string) int {
	t.Helper()
	n, err := strconv.Atoi(s)
	if err != nil {
		t.Fatalf("event id %q: %v", s, err)
	}
	return n
}
