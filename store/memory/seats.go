package memory

import (
	"context"
	"sync"
	"time"

	"gameai/store"
)

// seats are one process's session seats: a memory store is one server's.
type seats struct {
	mu   sync.Mutex
	now  func() time.Time
	held map[string]store.Seat
}

func (s *seats) Take(_ context.Context, seat store.Seat, b store.SeatBounds) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	now := s.now()
	holder, network := 0, 0
	for k, o := range s.held {
		if !now.Before(o.Until) {
			delete(s.held, k)
			continue
		}
		if o.Holder == seat.Holder {
			holder++
		}
		if o.Network == seat.Network {
			network++
		}
	}
	if _, ok := s.held[seat.Key]; ok {
		s.held[seat.Key] = seat
		return nil
	}
	if bound := seatBound(holder, network, len(s.held), seat.Own, b); bound != "" {
		return &store.SeatsFullError{Bound: bound}
	}
	s.held[seat.Key] = seat
	return nil
}

// seatBound is the bound a new seat would pass ("" when none).
func seatBound(holder, network, total int, own bool, b store.SeatBounds) string {
	switch {
	case holder >= b.Holder:
		return "holder"
	case network >= b.Network:
		return "network"
	case total >= b.Total+b.Reserve, total >= b.Total && !own:
		return "total"
	}
	return ""
}

func (s *seats) Release(_ context.Context, seat store.Seat) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	delete(s.held, seat.Key)
	return nil
}
