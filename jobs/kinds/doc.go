// Package kinds holds the kinds of long-running work the service runs as
// jobs: Morpion record searches, Morris tunings, builds of the Morris
// database, refereed Less matches, competitions between bots and ladders
// (standing jobs, which play rated games until stopped). Each
// kind has its parameters, its handler for the jobs runner, and what it
// checkpoints so that a restarted server resumes it; register.go lists
// them.
package kinds
