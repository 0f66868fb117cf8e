//go:build race

package api_test

import "testing"

// raceSlowdown scales work budgets in tests whose timing matters: the race
// detector runs the searches about ten times slower.
const raceSlowdown = 10

// parallel leaves a browser test to run alone under the race detector:
// there every test is CPU-bound, and four at once, pages' 50 ms engine
// moves were refused as too busy for their budget (search's check reads
// the whole process's scheduling) until the test's two minutes ran out.
func parallel(*testing.T) {}
