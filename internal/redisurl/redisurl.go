// Package redisurl reads where the Redis that servers and workers share is:
// one server (redis://, rediss://) or a primary found through Sentinel
// (redis+sentinel://), which a failover replaces without a restart. The
// store, the job queue and the workers read the same URL, so they follow
// the same primary.
package redisurl

import (
	"crypto/tls"
	"errors"
	"fmt"
	"net"
	"net/url"
	"strconv"
	"strings"

	"github.com/hibiken/asynq"
	"github.com/redis/go-redis/v9"
)

// The schemes of a primary found through Sentinel, in the clear and over
// TLS.
const (
	Sentinel    = "redis+sentinel"
	SentinelTLS = "rediss+sentinel"
)

// Syntax says what a URL may be, for flags' help and errors.
const Syntax = "redis://[user:password@]host:port/db, rediss://..., or redis+sentinel://[user:password@]sentinel1:26379,sentinel2:26379/PRIMARY/db " +
	"(rediss+sentinel for TLS; ?sentinel_username=&sentinel_password= when the sentinels want their own)"

// Options are one URL's connection options: Single for one server,
// Failover for a primary found through Sentinel.
type Options struct {
	Single   *redis.Options
	Failover *redis.FailoverOptions
}

// Parse reads a URL (Syntax). A single server's URL is go-redis's own, its
// query parameters included; a Sentinel URL names the sentinels, the
// primary's name and the database in its path, and the primary's
// credentials as its user and password.
func Parse(s string) (Options, error) {
	u, err := url.Parse(s)
	if err != nil {
		return Options{}, fmt.Errorf("redis url: %w", err)
	}
	switch u.Scheme {
	case Sentinel, SentinelTLS:
		f, err := failover(u)
		return Options{Failover: f}, err
	case "redis", "rediss", "unix":
		o, err := redis.ParseURL(s)
		if err != nil {
			return Options{}, fmt.Errorf("redis url: %w", err)
		}
		return Options{Single: o}, nil
	}
	return Options{}, fmt.Errorf("redis url: scheme %q: want %s", u.Scheme, Syntax)
}

func failover(u *url.URL) (*redis.FailoverOptions, error) {
	o := &redis.FailoverOptions{}
	for a := range strings.SplitSeq(u.Host, ",") {
		h, p, err := net.SplitHostPort(a)
		if err != nil || h == "" {
			return nil, fmt.Errorf("redis url: sentinel %q: want host:port", a)
		}
		if n, err := strconv.Atoi(p); err != nil || n < 1 || n > 65535 {
			return nil, fmt.Errorf("redis url: sentinel %q: the port is 1 to 65535", a)
		}
		o.SentinelAddrs = append(o.SentinelAddrs, a)
	}
	path := strings.Split(strings.Trim(u.Path, "/"), "/")
	if path[0] == "" || len(path) > 2 {
		return nil, errors.New("redis url: want the primary's name, and its database, as the path: /PRIMARY/db")
	}
	o.MasterName = path[0]
	if len(path) == 2 {
		db, err := strconv.Atoi(path[1])
		if err != nil || db < 0 {
			return nil, fmt.Errorf("redis url: database %q: want a number", path[1])
		}
		o.DB = db
	}
	if u.User != nil {
		o.Username = u.User.Username()
		o.Password, _ = u.User.Password()
	}
	q := u.Query()
	for k := range q {
		if k != "sentinel_username" && k != "sentinel_password" {
			return nil, fmt.Errorf("redis url: parameter %q: a sentinel URL takes sentinel_username and sentinel_password", k)
		}
	}
	o.SentinelUsername, o.SentinelPassword = q.Get("sentinel_username"), q.Get("sentinel_password")
	if u.Scheme == SentinelTLS {
		o.TLSConfig = &tls.Config{MinVersion: tls.VersionTLS12}
	}
	return o, nil
}

// Client connects as the options say; tune sets what the caller wants of
// every connection (its retries, its deadlines) whichever kind it is.
func (o Options) Client(tune func(dialerRetries *int, contextTimeout *bool)) *redis.Client {
	if o.Failover != nil {
		f := *o.Failover
		tune(&f.DialerRetries, &f.ContextTimeoutEnabled)
		return redis.NewFailoverClient(&f)
	}
	s := *o.Single
	tune(&s.DialerRetries, &s.ContextTimeoutEnabled)
	return redis.NewClient(&s)
}

// Asynq is the same connection for the job queue: asynq makes its own
// clients from it.
func (o Options) Asynq() asynq.RedisConnOpt {
	if f := o.Failover; f != nil {
		return asynq.RedisFailoverClientOpt{MasterName: f.MasterName, SentinelAddrs: f.SentinelAddrs,
			SentinelUsername: f.SentinelUsername, SentinelPassword: f.SentinelPassword,
			Username: f.Username, Password: f.Password, DB: f.DB, TLSConfig: f.TLSConfig}
	}
	s := o.Single
	return asynq.RedisClientOpt{Network: s.Network, Addr: s.Addr, Username: s.Username, Password: s.Password, DB: s.DB, TLSConfig: s.TLSConfig}
}

// String names where it connects, without credentials, for logs.
func (o Options) String() string {
	if f := o.Failover; f != nil {
		return fmt.Sprintf("the primary %q of the sentinels %s", f.MasterName, strings.Join(f.SentinelAddrs, ","))
	}
	return "Redis at " + o.Single.Addr
}
