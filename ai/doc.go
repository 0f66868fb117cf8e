// Package ai defines the Engine interface every search family implements for
// the service (best move for a games.State within Limits), the Result it
// reports, and the registry keyed by game and engine name.
package ai
