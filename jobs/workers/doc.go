// Package workers runs the independent units of long jobs through asynq on
// Redis, so that `gameai worker` processes on any number of machines share
// the work of one job: a tuning's tournament games, a Less match's
// refereed games, a Morpion search's runs and a competition's games.
//
// A job on the server splits its work into tasks whose payload holds all
// that decides them (morrisai.TournamentGame: vectors, opening, depth), so
// a task's result is the same whichever worker runs it, and again when it
// runs twice. A task's id is the job's id and a hash of its payload: a
// server that resumes a job enqueues the same ids, finds the tasks already
// there, and collects their results instead of playing them again.
//
// Faults are asynq's: a worker killed mid-task leaves its task leased;
// once the lease lapses asynq's recoverer gives it to another worker (a
// minute or two). A Morpion run writes its state as its task's result
// every 2 s, and a retried run goes on from it. A task that cannot be decoded, or whose games cannot be
// played, fails for good (asynq.SkipRetry): it is archived with its reason
// and the job fails with it, never retried forever.
//
// Files: dispatch.go (the server side: enqueue, collect, cancel, counts),
// codec.go (payloads and results), morris.go (tournament games), less.go
// (refereed Less games), morpion.go (record-search runs), competition.go
// (a competition's or a ladder's games, uploaded bots among them), worker.go (the worker
// side, an asynq server), metrics.go (queue depth and tasks in flight).
package workers
