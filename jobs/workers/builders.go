package workers

import (
	"cmp"
	"context"
	"encoding/json"
	"os"
	"slices"
	"time"

	"github.com/redis/go-redis/v9"
)

// A worker says when it starts, and again every builderBeat, on each
// queue it serves, which languages its machine builds: a server whose
// admissions go to the workers lists what they build, not what it would
// build itself (a worker without gcc would reject the C upload the
// listing offered). A machine's word stands for builderMemory, so a
// worker's restart or a quiet hour does not take its languages off the
// listing; a machine gone for a day is forgotten.
const (
	builderBeat   = time.Minute
	builderMemory = 24 * time.Hour
)

// Builder is what the workers of one machine say of it.
type Builder struct {
	// Machine is its host name: the workers of one machine share its
	// toolchains and speak as one.
	Machine string `json:"machine"`
	// Toolchains: each language it builds, with its toolchain's version
	// line; none when it cannot confine programs.
	Toolchains map[string]string `json:"toolchains"`
	Seen       time.Time         `json:"seen"`
}

// buildersKey is the hash of a queue's builders, a field a machine.
func buildersKey(queue string) string { return "gameai:tasks:builders:" + queue }

// machineName is this machine's host name.
func machineName() string {
	if host, err := os.Hostname(); err == nil && host != "" {
		return host
	}
	return "unnamed"
}

// announceBuilder says on every queue what a builds, now and every beat
// until ctx ends.
func announceBuilder(ctx context.Context, rdb redis.UniversalClient, machine string, queues []string, a Admitter, beat time.Duration) {
	say := func() {
		b := Builder{Machine: machine, Toolchains: a.Toolchains(), Seen: time.Now()}
		data, err := json.Marshal(b)
		if err != nil {
			return
		}
		pipe := rdb.Pipeline()
		for _, q := range queues {
			pipe.HSet(ctx, buildersKey(q), machine, data)
		}
		_, _ = pipe.Exec(ctx) // best effort: the next beat says it again
	}
	say()
	tick := time.NewTicker(beat)
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
			say()
		}
	}
}

// Builders lists the machines whose workers on the dispatcher's queue
// spoke within builderMemory, by name; it forgets the others.
func (d *Dispatcher) Builders(ctx context.Context) ([]Builder, error) {
	key := buildersKey(d.queue)
	all, err := d.rdb.HGetAll(ctx, key).Result()
	if err != nil {
		return nil, err
	}
	now := time.Now()
	var out []Builder
	for name, data := range all {
		var b Builder
		if json.Unmarshal([]byte(data), &b) != nil || now.Sub(b.Seen) > builderMemory {
			d.rdb.HDel(ctx, key, name) // best effort: the next reader tries again
			continue
		}
		out = append(out, b)
	}
	slices.SortFunc(out, func(a, b Builder) int { return cmp.Compare(a.Machine, b.Machine) })
	return out, nil
}

// Toolchains is, for hosting, each builder's toolchains (Builders).
func (d *Dispatcher) Toolchains(ctx context.Context) ([]map[string]string, error) {
	bs, err := d.Builders(ctx)
	if err != nil {
		return nil, err
	}
	out := make([]map[string]string, len(bs))
	for i, b := range bs {
		out[i] = b.Toolchains
	}
	return out, nil
}
