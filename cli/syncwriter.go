package cli

import (
	"io"
	"sync"
)

// syncWriter serialises writes from games running in parallel: the
// caller's writer (a test's buffer, say) need not be safe for concurrent use.
type syncWriter struct {
	mu sync.Mutex
	w  io.Writer
}

func (s *syncWriter) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.w.Write(p)
}
