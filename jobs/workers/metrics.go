package workers

import (
	"strings"

	"github.com/hibiken/asynq"
	"github.com/prometheus/client_golang/prometheus"
)

// Collector exports the queue's depth and its tasks in flight, read from
// Redis at each scrape (so every server reports the one shared queue).
// Close its connection when done.
func Collector(opt asynq.RedisConnOpt, queue string) *QueueCollector {
	if queue == "" {
		queue = DefaultQueue
	}
	return &QueueCollector{insp: asynq.NewInspector(opt), queue: queue}
}

// QueueCollector is a prometheus.Collector of one queue.
type QueueCollector struct {
	insp  *asynq.Inspector
	queue string
}

// Close closes its connection.
func (c *QueueCollector) Close() error { return c.insp.Close() }

var (
	queuedDesc = prometheus.NewDesc("gameai_tasks_queued",
		"Tasks waiting for a worker (pending, scheduled or waiting to be retried), by queue.", []string{"queue"}, nil)
	activeDesc = prometheus.NewDesc("gameai_tasks_in_flight",
		"Tasks a worker is running now, by queue.", []string{"queue"}, nil)
	archivedDesc = prometheus.NewDesc("gameai_tasks_archived",
		"Tasks that failed for good (their reason is kept), by queue.", []string{"queue"}, nil)
)

func (c *QueueCollector) Describe(ch chan<- *prometheus.Desc) {
	ch <- queuedDesc
	ch <- activeDesc
	ch <- archivedDesc
}

// Collect reports the queue and its builds queues (routes.go: work waiting
// there waits for a machine that runs its languages), each under its own
// name. It reports nothing of a queue that cannot be read (no task was
// ever enqueued, or Redis is away): a scrape never fails for it.
func (c *QueueCollector) Collect(ch chan<- prometheus.Metric) {
	names, err := c.insp.Queues()
	if err != nil {
		return
	}
	for _, name := range names {
		if name != c.queue && !strings.HasPrefix(name, c.queue+buildsSep) {
			continue
		}
		q, err := c.insp.GetQueueInfo(name)
		if err != nil {
			continue
		}
		ch <- prometheus.MustNewConstMetric(queuedDesc, prometheus.GaugeValue, float64(q.Pending+q.Scheduled+q.Retry), name)
		ch <- prometheus.MustNewConstMetric(activeDesc, prometheus.GaugeValue, float64(q.Active), name)
		ch <- prometheus.MustNewConstMetric(archivedDesc, prometheus.GaugeValue, float64(q.Archived), name)
	}
}
