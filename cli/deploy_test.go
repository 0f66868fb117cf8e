package cli

import (
	"net"
	"net/http"
	"os"
	"os/exec"
	"testing"
	"time"

	"gameai/internal/redistest"
	"gameai/internal/waitfor"
)

// deployment is a deployment on several machines, in one test: a Redis,
// `gameai serve` on it (in this process, started and stopped by serve),
// and `gameai worker` processes (this test binary) on the server's queue.
// The tests of work that crosses machines (admissions, competitions,
// ladders, tunings, the hostile bots on a worker) start it the same way.
type deployment struct {
	redis *redistest.Server
	queue string
	// args are the server's flags: a second server on the same Redis (a
	// restart) takes the same.
	args []string
}

// newDeployment is a deployment on srv (a Redis of the test's own when
// nil) whose server sends tasks to queue and plays them itself only when
// localWorker; extra are more flags of the server. No process is started.
func newDeployment(t testing.TB, srv *redistest.Server, queue string, localWorker bool, extra ...string) *deployment {
	t.Helper()
	if srv == nil {
		srv = redistest.Start(t)
	}
	args := []string{"--redis-url", srv.URL(), "--task-queue", queue}
	if !localWorker {
		args = append(args, "--no-local-worker")
	}
	return &deployment{redis: srv, queue: queue, args: append(args, extra...)}
}

// deploy is newDeployment with its server started; it returns the
// deployment and the server's base URL.
func deploy(t testing.TB, srv *redistest.Server, queue string, localWorker bool, extra ...string) (*deployment, string) {
	t.Helper()
	d := newDeployment(t, srv, queue, localWorker, extra...)
	return d, d.serve(t)
}

// serve starts a server of the deployment until the test ends and returns
// its base URL.
func (d *deployment) serve(t testing.TB) string {
	t.Helper()
	return startServe(t, d.args...)
}

// serveStoppable is serve with a stop that ends that server as Ctrl-C
// would.
func (d *deployment) serveStoppable(t testing.TB) (string, func()) {
	t.Helper()
	return startServeStoppable(t, d.args...)
}

// worker starts a worker process on the deployment's queue, holding files
// open as its descriptors 3, 4, ... (startWorker).
func (d *deployment) worker(t testing.TB, files ...*os.File) *exec.Cmd {
	t.Helper()
	return startWorker(t, d.redis.URL(), d.queue, files...)
}

// serveProcess starts a server of the deployment as a process of its own
// (this test binary), which a test can SIGKILL as a crash would: no
// shutdown, no last checkpoint. It returns the server's base URL once it
// answers, and the process; the test ends it (SIGTERM) unless it was
// killed.
func (d *deployment) serveProcess(t testing.TB) (string, *exec.Cmd) {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	_ = l.Close() // the server takes the port; no one else asks for one this precise
	cmd := gameaiCommand(t, append([]string{"serve", "--addr", addr, "--log-level", "warn"}, d.args...)...)
	if err := startProcess(t, cmd); err != nil {
		t.Fatal(err)
	}
	base := "http://" + addr
	if !waitfor.Until(time.Minute, func() bool {
		r, err := http.Get(base + "/healthz")
		if err != nil {
			return false
		}
		r.Body.Close()
		return r.StatusCode == http.StatusOK
	}) {
		t.Fatalf("the server at %s did not answer within a minute", base)
	}
	return base, cmd
}
