package api

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"time"

	"github.com/labstack/echo/v5"

	"gameai/store"
)

// Bounds of the event streams: how often a stream reads its job, the
// comment that keeps proxies from closing a quiet stream, how long one
// stream lives (a browser's EventSource reconnects by itself, with
// Last-Event-ID), and how many may be open at once (one client may hold
// maxEventStreamsPerClient of them).
const (
	eventPoll       = 250 * time.Millisecond
	eventHeartbeat  = 15 * time.Second
	eventLifetime   = 30 * time.Minute
	maxEventStreams = 256
)

// jobEvents streams a job's progress as Server-Sent Events.
//
//	@Summary		A job's progress, live (Server-Sent Events)
//	@Description	An event "progress" each time the job changes (id: its version), then one event "result" with the final job, after which the stream ends. A client that reconnects with Last-Event-ID gets only what changed since. Usable with curl -N. Data: a JobResponse.
//	@Tags			jobs
//	@Produce		text/event-stream
//	@Param			id				path		string	true	"job id"
//	@Param			Last-Event-ID	header		string	false	"the id of the last event received"
//	@Success		200				{object}	JobResponse	"a stream of events whose data are JobResponse"
//	@Failure		404				{object}	Problem
//	@Failure		429				{object}	Problem	"this client holds its share of the streams"
//	@Failure		503				{object}	Problem	"too many streams, or the store does not answer"
//	@Router			/v1/jobs/{id}/events [get]
func (s *Server) jobEvents(c *echo.Context) error {
	id := c.Param("id")
	ctx := c.Request().Context()
	j, err := s.jobs.Get(ctx, id)
	if err != nil {
		return s.storeErr(err, "job")
	}
	release, err := s.streams.acquire(network(c.RealIP()))
	if err != nil {
		return err
	}
	defer release()
	var sent int64
	if last := c.Request().Header.Get("Last-Event-ID"); last != "" {
		sent, _ = strconv.ParseInt(last, 10, 64)
	}

	// The stream outlives the request timeout that bounds other routes:
	// its own lifetime bounds it instead.
	ctx, cancel := context.WithTimeout(ctx, eventLifetime)
	defer cancel()
	rc := http.NewResponseController(c.Response())
	_ = rc.SetWriteDeadline(time.Now().Add(eventLifetime + time.Minute))

	h := c.Response().Header()
	h.Set(echo.HeaderContentType, "text/event-stream")
	h.Set("Cache-Control", "no-cache")
	h.Set("X-Accel-Buffering", "no")
	c.Response().WriteHeader(http.StatusOK)
	_ = rc.Flush()

	write := func(event string, j *store.Job) error {
		b, err := json.Marshal(jobResponse(j))
		if err != nil {
			return err
		}
		if _, err := fmt.Fprintf(c.Response(), "event: %s\nid: %d\ndata: %s\n\n", event, j.Rev, b); err != nil {
			return err
		}
		return rc.Flush()
	}
	poll := time.NewTicker(eventPoll)
	defer poll.Stop()
	beat := time.Now()
	for {
		if j != nil && j.Rev > sent {
			event := "progress"
			if j.Status.Final() {
				event = "result"
			}
			if err := write(event, j); err != nil {
				return nil // the client went away
			}
			sent = j.Rev
			beat = time.Now()
		}
		if j != nil && j.Status.Final() {
			return nil
		}
		if time.Since(beat) >= eventHeartbeat {
			if _, err := fmt.Fprint(c.Response(), ": still running\n\n"); err != nil || rc.Flush() != nil {
				return nil
			}
			beat = time.Now()
		}
		select {
		case <-ctx.Done():
			return nil
		case <-poll.C:
		}
		next, err := s.jobs.Get(ctx, id)
		switch {
		case err == nil:
			j = next
		case ctx.Err() != nil:
			return nil
		default:
			// The store is away or the job expired: say so once, as a
			// comment, and keep trying; the client keeps its last event.
			if j != nil {
				if _, err := fmt.Fprintf(c.Response(), ": job unavailable: %v\n\n", problemFor(err, "job").Title); err != nil || rc.Flush() != nil {
					return nil
				}
				beat = time.Now()
			}
			j = nil
		}
	}
}
