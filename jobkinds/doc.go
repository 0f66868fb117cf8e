// Package jobkinds holds the kinds of long-running work the service runs as
// jobs (Morpion record searches, Morris tunings, refereed Less
// matches): each kind's parameters, its handler for the jobs runner, and
// what it checkpoints so that a restarted server resumes it.
package jobkinds
