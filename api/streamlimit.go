package api

import (
	"fmt"
	"net/http"
	"sync"
)

// maxEventStreamsPerClient is how many event streams one client's network
// (network: a /24 or a /64, as sessions and seats are counted) may hold: a
// page follows one job at a time, a person a few in tabs, a household or a
// room a few people; more is one client taking the streams every other
// viewer needs. Counted by address, one IPv6 host would have millions.
const maxEventStreamsPerClient = 16

// streamLimits counts open event streams, in total and per client network.
type streamLimits struct {
	mu        sync.Mutex
	open      int
	perClient map[string]int
	total     int
	each      int
}

func newStreamLimits(total, each int) *streamLimits {
	return &streamLimits{perClient: map[string]int{}, total: total, each: each}
}

// acquire takes a stream for client, or answers why not: 429 when the client
// holds its share (its own doing: close one), 503 when the server is full.
// Both say when to retry; release gives the stream back.
func (l *streamLimits) acquire(client string) (release func(), err error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	switch {
	case l.perClient[client] >= l.each:
		return nil, retryLater(http.StatusTooManyRequests, "too-many-streams", "Too many event streams",
			fmt.Sprintf("your network holds %d event streams, the most one may; close one, or poll GET /v1/jobs/{id}", l.each), 5)
	case l.open >= l.total:
		return nil, retryLater(http.StatusServiceUnavailable, "too-many-streams", "Too many event streams",
			fmt.Sprintf("%d event streams are open, the most this server keeps; poll GET /v1/jobs/{id} or retry", l.total), 5)
	}
	l.open++
	l.perClient[client]++
	var once sync.Once
	return func() {
		once.Do(func() {
			l.mu.Lock()
			defer l.mu.Unlock()
			l.open--
			if l.perClient[client]--; l.perClient[client] <= 0 {
				delete(l.perClient, client)
			}
		})
	}, nil
}
