package workers

import (
	"slices"
	"strings"
)

// Work that runs uploaded programs goes to a worker whose machine runs
// their languages: a game between a C bot and a Python bot is queued on
// "QUEUE:builds:c,python", and a worker whose machine builds c, go and
// python serves QUEUE and the builds queue of every set of those (seven
// here). So such a game waits for a machine that can play it, rather than
// being retried by each worker in turn (errElsewhere) until its retries
// run out on a deployment where few machines have Python. Work that runs
// no uploaded program stays on QUEUE, for any worker.
const buildsSep = ":builds:"

// buildsQueue is the queue of work on queue whose programs are in langs.
func buildsQueue(queue string, langs []string) string {
	langs = slices.Compact(slices.Sorted(slices.Values(langs)))
	if len(langs) == 0 {
		return queue
	}
	return queue + buildsSep + strings.Join(langs, ",")
}

// maxRouted bounds the languages a worker serves builds queues for: 2^n-1
// queues, each polled by asynq when the worker is idle. A machine with
// more serves the sets of its first maxRouted (hosting has five).
const maxRouted = 6

// buildsQueues is queue and the builds queue of every non-empty set of
// langs, each with queue's priority: what a worker whose machine runs
// langs serves.
func buildsQueues(queue string, priority int, langs []string) map[string]int {
	langs = slices.Compact(slices.Sorted(slices.Values(langs)))
	langs = langs[:min(len(langs), maxRouted)]
	out := map[string]int{queue: priority}
	for set := 1; set < 1<<len(langs); set++ {
		var sub []string
		for i, l := range langs {
			if set&(1<<i) != 0 {
				sub = append(sub, l)
			}
		}
		out[buildsQueue(queue, sub)] = priority
	}
	return out
}
