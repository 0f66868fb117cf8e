// Package morpionai holds the Morpion Solitaire engines, as morrisai and
// lessai hold their games':
//
//   - nested_engine.go: Nested, the service's nrpa (default) and nmcs
//     engines: root-parallel NRPA or NMCS from any position; the move is the
//     first of the longest game found, the pv the whole continuation.
//   - dnagreedy.go: DNAGreedy, the greedy-by-DNA engine: it draws
//     random DNAs, lets each play the position to its end and plays the
//     first move of the longest game; the baseline the record searches are
//     measured against.
//   - dnasearch.go: DNASearch, hill climbing on the DNA (a preference per
//     line) by black-listing a few lines of the current grid, with a tabu
//     list of grids searched too long without gain, restarts, and a
//     population variant; workers run through ai/nested's Runner.
//   - search.go: Run, a record search by name (NRPA, NMCS, DNA search,
//     population DNA search) on several cores within a budget, with its
//     progress (playouts, rate, best grid, the history of improvements); the
//     command line and the service's jobs both use it.
//
// NRPA and nested Monte Carlo themselves are generic, in ai/nested.
package morpionai
