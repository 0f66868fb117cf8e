package redisstore

import (
	"context"
	"errors"
	"strings"

	"github.com/redis/go-redis/v9"

	"gameai/store"
)

// durability reads what Redis does with an acknowledged write: its
// persistence (CONFIG GET, which a managed Redis may refuse: then
// "unknown", with a warning to check the host's settings), its replicas
// (INFO replication) and whether the client follows a failover.
func durability(ctx context.Context, c *redis.Client) (store.Durability, error) {
	d := store.Durability{Kind: "redis", Failover: c.Options().Addr == "FailoverClient"}
	info, err := c.Info(ctx, "replication").Result()
	if err != nil {
		return d, err
	}
	d.Replicas = connectedReplicas(info)
	cfg, err := c.ConfigGet(ctx, "*").Result()
	if err != nil {
		var reply redis.Error
		if !errors.As(err, &reply) {
			return d, err // away, not refusing
		}
		d.Persistence = "unknown"
		d.Warning = "this Redis does not show its persistence (CONFIG is refused): make sure it keeps an append-only file, fsync always or everysec"
		return d, nil
	}
	d.Persistence, d.Warning = persistence(cfg["appendonly"], cfg["appendfsync"], cfg["save"])
	return d, nil
}

// persistence names Redis's persistence and says how it loses an
// acknowledged write ("" when only a machine's crash within a second can).
func persistence(appendonly, fsync, save string) (string, string) {
	switch {
	case appendonly == "yes" && fsync == "no":
		return "aof, fsync no", "Redis flushes its append-only file when the system decides (appendfsync no): a machine that dies loses about the last 30 s of writes; set appendfsync everysec"
	case appendonly == "yes":
		return "aof, fsync " + fsync, ""
	case strings.TrimSpace(save) != "":
		return "snapshots", "Redis only snapshots (save " + save + ", no append-only file): a crash loses every write since the last snapshot; set appendonly yes"
	}
	return "none", "Redis keeps nothing on disk (no append-only file, no snapshots): a restart loses everything; set appendonly yes"
}
