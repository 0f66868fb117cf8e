package main

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"time"
)

// cluster is the deployment on one machine: a Redis primary and its
// replica, three sentinels, two servers behind HAProxy, two workers; each
// a process of its own, ended by its PID.
type cluster struct {
	dir, bin, key    string
	primary, replica *proc
	sentinels        []*proc
	servers, workers []*proc
	balancer         *proc
	redisURL, url    string
	serverURLs       []string
	primaryPort      int
	all              []*proc // every process started, to end
}

// proc is one process of the cluster, its output in a log file.
type proc struct {
	name   string
	cmd    *exec.Cmd
	log    string
	killed bool
}

func freePort() int {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		panic(err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port
}

func (c *cluster) start(name string, args ...string) *proc {
	log := filepath.Join(c.dir, name+".log")
	f, err := os.Create(log)
	if err != nil {
		panic(err)
	}
	cmd := exec.Command(args[0], args[1:]...)
	cmd.Stdout, cmd.Stderr = f, f
	// Should this program die, its cluster dies with it.
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
	if err := cmd.Start(); err != nil {
		panic(fmt.Sprintf("%s: %v", name, err))
	}
	p := &proc{name: name, cmd: cmd, log: log}
	c.all = append(c.all, p)
	return p
}

// kill ends p at once, as its machine dying would.
func (p *proc) kill() {
	_ = p.cmd.Process.Signal(syscall.SIGKILL)
	_ = p.cmd.Wait()
	p.killed = true
}

// stop ends p as an operator would (SIGTERM), then waits.
func (p *proc) stop() {
	if p.cmd.ProcessState != nil || p.killed {
		return
	}
	_ = p.cmd.Process.Signal(syscall.SIGTERM)
	done := make(chan struct{})
	go func() { _ = p.cmd.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		p.kill()
	}
}

func (c *cluster) redis(name string, port int, extra ...string) *proc {
	d := filepath.Join(c.dir, name)
	_ = os.MkdirAll(d, 0o755)
	args := append([]string{"redis-server", "--port", fmt.Sprint(port), "--bind", "127.0.0.1", "--dir", d,
		"--appendonly", "yes", "--appendfsync", "everysec", "--save", ""}, extra...)
	p := c.start(name, args...)
	waitTCP(fmt.Sprintf("127.0.0.1:%d", port))
	return p
}

// up starts everything and waits until the balancer answers.
func (c *cluster) up() {
	c.primaryPort = freePort()
	c.primary = c.redis("redis-primary", c.primaryPort)
	c.replica = c.redis("redis-replica", freePort(), "--replicaof", "127.0.0.1", fmt.Sprint(c.primaryPort))
	var addrs []string
	for i := range 3 {
		port := freePort()
		d := filepath.Join(c.dir, fmt.Sprintf("sentinel%d", i))
		_ = os.MkdirAll(d, 0o755)
		conf := fmt.Sprintf("port %d\nbind 127.0.0.1\ndir %s\nsentinel monitor primary 127.0.0.1 %d 2\n"+
			"sentinel down-after-milliseconds primary 1000\nsentinel failover-timeout primary 5000\n", port, d, c.primaryPort)
		if err := os.WriteFile(filepath.Join(d, "sentinel.conf"), []byte(conf), 0o644); err != nil {
			panic(err)
		}
		c.sentinels = append(c.sentinels, c.start(fmt.Sprintf("sentinel%d", i), "redis-server", filepath.Join(d, "sentinel.conf"), "--sentinel"))
		addrs = append(addrs, fmt.Sprintf("127.0.0.1:%d", port))
		waitTCP(addrs[i])
	}
	c.redisURL = "redis+sentinel://" + strings.Join(addrs, ",") + "/primary/0"
	var backends []string
	for i := range 2 {
		port := freePort()
		c.servers = append(c.servers, c.start(fmt.Sprintf("server%d", i), c.bin, "serve", "--addr", fmt.Sprintf("127.0.0.1:%d", port),
			"--redis-url", c.redisURL, "--api-key", c.key, "--registration", "open", "--trusted-proxies", "127.0.0.1/32",
			"--no-local-worker", "--log-level", "warn"))
		c.serverURLs = append(c.serverURLs, fmt.Sprintf("http://127.0.0.1:%d", port))
		backends = append(backends, fmt.Sprintf("  server s%d 127.0.0.1:%d check inter 500 fall 2 rise 2", i, port))
	}
	for i := range 2 {
		c.workers = append(c.workers, c.start(fmt.Sprintf("worker%d", i), c.bin, "worker", "--redis-url", c.redisURL, "--concurrency", "2", "--log-level", "warn"))
	}
	front := freePort()
	cfg := fmt.Sprintf(`global
  maxconn 2000
defaults
  mode http
  timeout connect 2s
  timeout client 120s
  timeout server 120s
  retries 2
  option redispatch
  option forwardfor
frontend gameai
  bind 127.0.0.1:%d
  default_backend servers
backend servers
  balance roundrobin
  option httpchk GET /healthz
%s
`, front, strings.Join(backends, "\n"))
	hp := filepath.Join(c.dir, "haproxy.cfg")
	if err := os.WriteFile(hp, []byte(cfg), 0o644); err != nil {
		panic(err)
	}
	c.balancer = c.start("haproxy", "haproxy", "-db", "-f", hp)
	c.url = fmt.Sprintf("http://127.0.0.1:%d", front)
	for _, u := range append(slicesOf(c.serverURLs), c.url) {
		waitHTTP(u + "/healthz")
	}
}

func slicesOf(s []string) []string { return append([]string(nil), s...) }

// down stops every process still running, the last started first.
func (c *cluster) down() {
	for i := len(c.all) - 1; i >= 0; i-- {
		c.all[i].stop()
	}
}

func waitTCP(addr string) {
	for deadline := time.Now().Add(20 * time.Second); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		if c, err := net.Dial("tcp", addr); err == nil {
			_ = c.Close()
			return
		}
	}
	panic("nothing listens at " + addr)
}

func waitHTTP(url string) {
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	for ctx.Err() == nil {
		if r, err := http.Get(url); err == nil {
			_ = r.Body.Close()
			if r.StatusCode == 200 {
				return
			}
		}
		time.Sleep(100 * time.Millisecond)
	}
	panic("no answer from " + url)
}
