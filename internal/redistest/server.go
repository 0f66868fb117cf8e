package redistest

import (
	"context"
	"fmt"
	"gameai/internal/waitfor"
	"net"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"
)

// Server is a redis-server of the test's own, which the test may stop and
// start again (by its PID) to see what a client does while Redis is away. It
// keeps its data in an append-only file, so a restart loses nothing, as a
// production Redis with persistence would.
type Server struct {
	t    testing.TB
	port int
	dir  string
	cmd  *exec.Cmd
	args []string // beyond a plain server's (a replica's, a sentinel's)
}

// Start runs redis-server on a free loopback port until the test ends. It
// skips the test without redis-server, or fails when GAMEAI_REQUIRE_REDIS=1.
func Start(t testing.TB) *Server {
	t.Helper()
	return start(t)
}

func start(t testing.TB, args ...string) *Server {
	t.Helper()
	if _, err := exec.LookPath("redis-server"); err != nil {
		msg := "no redis-server for this test: apt-get install redis-server"
		if os.Getenv("GAMEAI_REQUIRE_REDIS") == "1" {
			t.Fatal(msg)
		}
		t.Skip(msg)
	}
	s := &Server{t: t, port: freePort(t), dir: t.TempDir(), args: args}
	s.Restart()
	t.Cleanup(s.Stop)
	return s
}

func freePort(t testing.TB) int {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port
}

// StartReplica runs a replica of primary, as Start runs a server.
func StartReplica(t testing.TB, primary *Server) *Server {
	t.Helper()
	return start(t, "--replicaof", "127.0.0.1", strconv.Itoa(primary.port))
}

// Kill ends the server at once (SIGKILL to its PID), as a machine that
// dies would, and waits for it.
func (s *Server) Kill() {
	if s.cmd == nil {
		return
	}
	_ = s.cmd.Process.Kill()
	_ = s.cmd.Wait()
	s.cmd = nil
}

// Sentinels runs n sentinels (redis-server --sentinel) watching primary as
// "primary", quick to fail over (down after 500 ms without an answer, a
// majority agreeing), until the test ends; it returns the
// redis+sentinel:// URL of its database 0.
func Sentinels(t testing.TB, primary *Server, n int) string {
	t.Helper()
	var addrs []string
	for range n {
		port := freePort(t)
		dir := t.TempDir()
		conf := fmt.Sprintf("port %d\nbind 127.0.0.1\ndir %s\nlogfile %s/sentinel.log\n"+
			"sentinel monitor primary 127.0.0.1 %d %d\nsentinel down-after-milliseconds primary 500\n"+
			"sentinel failover-timeout primary 3000\nsentinel parallel-syncs primary 1\n", port, dir, dir, primary.port, n/2+1)
		// A sentinel rewrites its configuration file: it must be its own.
		if err := os.WriteFile(dir+"/sentinel.conf", []byte(conf), 0o644); err != nil {
			t.Fatal(err)
		}
		cmd := exec.Command("redis-server", dir+"/sentinel.conf", "--sentinel")
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { _ = cmd.Process.Kill(); _ = cmd.Wait() })
		addrs = append(addrs, fmt.Sprintf("127.0.0.1:%d", port))
		waitAnswer(t, addrs[len(addrs)-1], dir+"/sentinel.log")
	}
	return "redis+sentinel://" + strings.Join(addrs, ",") + "/primary/0"
}

// waitAnswer waits until the Redis (or sentinel) at addr answers a PING.
func waitAnswer(t testing.TB, addr, log string) {
	t.Helper()
	c := redis.NewClient(&redis.Options{Addr: addr, MaxRetries: -1})
	defer c.Close()
	if !waitfor.Until(10*time.Second, func() bool { return c.Ping(context.Background()).Err() == nil }) {
		b, _ := os.ReadFile(log)
		t.Fatalf("%s did not answer in 10 s; its log:\n%s", addr, b)
	}
}

// URL is the server's redis:// URL.
func (s *Server) URL() string { return fmt.Sprintf("redis://127.0.0.1:%d/0", s.port) }

// PID is the running server's process id, 0 when stopped.
func (s *Server) PID() int {
	if s.cmd == nil {
		return 0
	}
	return s.cmd.Process.Pid
}

// Stop ends the server (SIGINT to its PID, which flushes its data) and
// waits for it, 10 s at most: a replica still in its first sync put off
// its shutdown for good, and the test with it. Stopping a stopped server
// does nothing.
func (s *Server) Stop() {
	if s.cmd == nil {
		return
	}
	_ = s.cmd.Process.Signal(os.Interrupt)
	done := make(chan struct{})
	go func() { _ = s.cmd.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		_ = s.cmd.Process.Kill()
		<-done
	}
	s.cmd = nil
}

// Restart starts the server again on the same port and data, and waits
// until it answers.
func (s *Server) Restart() {
	s.t.Helper()
	if s.cmd != nil {
		s.t.Fatal("redistest: Restart of a running server")
	}
	cmd := exec.Command("redis-server", append([]string{"--port", strconv.Itoa(s.port), "--bind", "127.0.0.1",
		"--dir", s.dir, "--save", "", "--appendonly", "yes", "--appendfsync", "always",
		"--logfile", s.dir + "/redis.log"}, s.args...)...)
	if err := cmd.Start(); err != nil {
		s.t.Fatal(err)
	}
	s.cmd = cmd
	waitAnswer(s.t, fmt.Sprintf("127.0.0.1:%d", s.port), s.dir+"/redis.log")
}

// Client is a go-redis client of the server, closed when the test ends.
func (s *Server) Client() *redis.Client {
	s.t.Helper()
	return Client(s.t, s.URL())
}
