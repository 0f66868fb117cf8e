// Package ticker calls a function at a period while long work runs (a
// progress line, a job's progress report), and stops it cleanly.
package ticker

import "time"

// Every calls f every period until the returned stop is called; stop
// returns once f is no longer running, so what f reads may then change
// hands.
func Every(period time.Duration, f func()) (stop func()) {
	done, quit := make(chan struct{}), make(chan struct{})
	go func() {
		defer close(done)
		tick := time.NewTicker(period)
		defer tick.Stop()
		for {
			select {
			case <-quit:
				return
			case <-tick.C:
				f()
			}
		}
	}()
	return func() { close(quit); <-done }
}
