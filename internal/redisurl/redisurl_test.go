package redisurl

import (
	"slices"
	"strings"
	"testing"

	"github.com/hibiken/asynq"
)

// Each form reads into the options it names, and the job queue's options
// name the same Redis; what is not a Redis URL is refused saying why.
func TestParse(t *testing.T) {
	for _, c := range []struct {
		url, addrs, master string
		db                 int
		user, pw, spw      string
		tls                bool
	}{
		{url: "redis://127.0.0.1:6379/2", addrs: "127.0.0.1:6379", db: 2},
		{url: "rediss://u:p@cache:6380/0", addrs: "cache:6380", user: "u", pw: "p", tls: true},
		{url: "redis+sentinel://s1:26379,s2:26379,s3:26380/mymaster/3", addrs: "s1:26379,s2:26379,s3:26380", master: "mymaster", db: 3},
		{url: "redis+sentinel://:secret@s1:26379/primary", addrs: "s1:26379", master: "primary", pw: "secret"},
		{url: "rediss+sentinel://s1:26379/m/1?sentinel_password=sp", addrs: "s1:26379", master: "m", db: 1, spw: "sp", tls: true},
	} {
		o, err := Parse(c.url)
		if err != nil {
			t.Errorf("%s: %v", c.url, err)
			continue
		}
		var addrs []string
		var master, user, pw, spw string
		var db int
		var tls bool
		switch a := o.Asynq().(type) {
		case asynq.RedisFailoverClientOpt:
			addrs, master, user, pw, spw, db, tls = a.SentinelAddrs, a.MasterName, a.Username, a.Password, a.SentinelPassword, a.DB, a.TLSConfig != nil
		case asynq.RedisClientOpt:
			addrs, user, pw, db, tls = []string{a.Addr}, a.Username, a.Password, a.DB, a.TLSConfig != nil
		}
		if got := strings.Join(addrs, ","); got != c.addrs || master != c.master || db != c.db || user != c.user || pw != c.pw || spw != c.spw || tls != c.tls {
			t.Errorf("%s: %s %q db %d user %q password %q sentinels' %q tls %v", c.url, got, master, db, user, pw, spw, tls)
		}
		if (o.Failover != nil) != (c.master != "") || strings.Contains(o.String(), "secret") {
			t.Errorf("%s: read as %s", c.url, o)
		}
		c := o.Client(func(r *int, ctx *bool) { *r, *ctx = 1, true })
		_ = c.Close()
	}
	for _, bad := range []string{
		"", "localhost:6379", "http://x:1/0", "redis+sentinel://s1:26379", "redis+sentinel://s1:26379/m/x",
		"redis+sentinel://s1/m", "redis+sentinel://s1:0/m", "redis+sentinel://s1:26379,/m", "redis+sentinel://s1:26379/m/0/1",
		"redis+sentinel://s1:26379/m?db=2", "redis://h:1/notadb",
	} {
		if _, err := Parse(bad); err == nil {
			t.Errorf("%q read without an error", bad)
		} else if !strings.HasPrefix(err.Error(), "redis url: ") {
			t.Errorf("%q: %v does not say it is the URL", bad, err)
		}
	}
}

// FuzzParse: no input panics, and a Sentinel URL read names at least one
// sentinel and a primary.
func FuzzParse(f *testing.F) {
	for _, s := range []string{"redis://h:1/0", "redis+sentinel://a:1,b:2/m/0", "rediss+sentinel://:p@a:1/m?sentinel_password=x"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		o, err := Parse(s)
		if err != nil {
			return
		}
		if o.Failover != nil && (len(o.Failover.SentinelAddrs) == 0 || o.Failover.MasterName == "" || slices.Contains(o.Failover.SentinelAddrs, "")) {
			t.Errorf("%q read as %+v", s, o.Failover)
		}
	})
}
