//go:build !amd64 && !arm64

package prefetch

import "unsafe"

// Line hints that the cache line holding addr will be read soon; on this
// architecture there is no hint to give.
func Line(addr unsafe.Pointer) {}
