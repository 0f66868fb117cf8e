// Package nested holds the searches for one-player games built on nested
// playouts: Nested Monte Carlo Search (Cazenave 2009) and Nested Rollout
// Policy Adaptation (Rosin 2011), sequential and root-parallel.
//
// The searches see a game only through Problem, whose moves are small
// integer codes: the policy of NRPA is keyed on them (for Morpion a code is
// a line id). Everything is seeded: one thread and one seed give one result.
package nested
