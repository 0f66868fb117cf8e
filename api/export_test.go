package api

// FreeSessionBots frees every seat's program as its idle time would: the
// tests of a game resumed after its bot was freed need not wait a minute.
func (s *Server) FreeSessionBots() { s.seats.RetireAll() }
