package workers

import (
	"maps"
	"slices"
	"strings"
)

// Work that runs uploaded programs goes to a worker whose machine runs
// their languages: a game between a C bot and a Python bot is queued on
// "QUEUE:builds:c,python". A worker serves QUEUE, the builds queue of each
// of its languages and of each pair of them, and the queue of all its
// languages (its machine's class): with eight languages, 38 queues, where
// one queue for every set of them would be 255 for asynq to poll. A game
// of one or two languages goes to their queue, served by every machine
// that runs them; one of three or four (a Less game of uploaded bots) goes
// to the class of the machine with the fewest languages that runs them all
// (route), so it waits for a machine that can play it, rather than being
// retried by each worker in turn (errElsewhere) until its retries run out
// on a deployment where few machines have Java. Work that runs no
// uploaded program stays on QUEUE, for any worker.
const buildsSep = ":builds:"

// buildsQueue is the queue of work on queue whose programs are in langs.
func buildsQueue(queue string, langs []string) string {
	langs = slices.Compact(slices.Sorted(slices.Values(langs)))
	if len(langs) == 0 {
		return queue
	}
	return queue + buildsSep + strings.Join(langs, ",")
}

// buildsQueues is queue and the builds queues a worker whose machine runs
// langs serves, each with queue's priority: each language's, each pair's,
// and all of langs'.
func buildsQueues(queue string, priority int, langs []string) map[string]int {
	langs = slices.Compact(slices.Sorted(slices.Values(langs)))
	out := map[string]int{queue: priority}
	for i, a := range langs {
		out[buildsQueue(queue, []string{a})] = priority
		for _, b := range langs[i+1:] {
			out[buildsQueue(queue, []string{a, b})] = priority
		}
	}
	if len(langs) > 0 {
		out[buildsQueue(queue, langs)] = priority
	}
	return out
}

// routeLangs is the set of languages whose queue takes work in langs: the
// languages themselves when a worker of every machine that runs them
// serves their queue (one or two), else the languages of the machine with
// the fewest that runs them all (ties by name), or langs when none does.
func routeLangs(builders []Builder, langs []string) []string {
	langs = slices.Compact(slices.Sorted(slices.Values(langs)))
	if len(langs) <= 2 {
		return langs
	}
	var best []string
	for _, b := range builders {
		if !runsAll(b, langs) {
			continue
		}
		class := slices.Sorted(maps.Keys(b.Toolchains))
		if best == nil || len(class) < len(best) || len(class) == len(best) && strings.Join(class, ",") < strings.Join(best, ",") {
			best = class
		}
	}
	if best == nil {
		return langs
	}
	return best
}
