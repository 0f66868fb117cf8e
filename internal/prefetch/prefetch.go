// Package prefetch asks the processor to bring a cache line in ahead of its
// use: a search that knows which table slot it will read next fetches it
// while it works on something else, instead of waiting on the miss later.
// Go has no portable prefetch, so the hint is a line of assembly where the
// architecture has one and nothing elsewhere (a hint changes no result).
package prefetch
