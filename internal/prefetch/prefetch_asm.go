//go:build amd64 || arm64

package prefetch

import "unsafe"

// Line hints that the cache line holding addr will be read soon. It never
// faults, whatever addr is.
//
//go:noescape
func Line(addr unsafe.Pointer)
