//go:build !race

package api_test

const raceSlowdown = 1
