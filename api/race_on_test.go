//go:build race

package api_test

// raceSlowdown scales work budgets in tests whose timing matters: the race
// detector runs the searches about ten times slower.
const raceSlowdown = 10
