package api

// FreeSessionBots frees every seat's program as its idle time would: the
// tests of a game resumed after its bot was freed need not wait a minute.
func (s *Server) FreeSessionBots() {
	s.sessionBots.mu.Lock()
	var all []*seatBot
	for _, b := range s.sessionBots.live {
		all = append(all, b)
	}
	s.sessionBots.mu.Unlock()
	for _, b := range all {
		b.timer.Stop()
		s.sessionBots.retire(b)
	}
}
