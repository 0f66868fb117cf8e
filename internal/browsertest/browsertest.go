// Package browsertest gives tests a real browser: Debian's
// chromium-headless-shell (or chromium where it is missing), driven through
// chromedp. The headless shell is the same Chromium without its desktop
// parts: it starts in a third of the time and the API's browser tests take
// half the CPU. Without either the tests skip with a message, unless
// GAMEAI_REQUIRE_BROWSER=1 (as in CI) makes that fail.
//
// One browser serves a test binary's tests: each test gets a browser context
// of its own (cookies, storage and cache apart, as a fresh profile's, and
// disposed when the test ends) instead of a browser of its own, whose start
// was 0.8 s alone and 2 s or more on CI's busy cores, for each of the API's
// 45 browser tests. A test that needs other flags gets its own browser.
package browsertest

import (
	"context"
	"log"
	"os"
	"os/exec"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// shared is the test binary's browser, started by the first test that asks
// and ended by Close.
var shared struct {
	once   sync.Once
	ctx    context.Context // its first tab, which keeps the browser open
	cancel func()
	err    error
	dir    string
}

// New returns a browser tab's context, in a browser context of its own,
// closed when the test ends, and bounded by timeout; extra options (flags)
// give the test a browser of its own with them added to the defaults.
func New(t *testing.T, timeout time.Duration, extra ...chromedp.ExecAllocatorOption) context.Context {
	t.Helper()
	path := browserPath(t)
	var ctx context.Context
	var cancelTab context.CancelFunc
	if len(extra) > 0 {
		opts := append(options(path, t.TempDir()), extra...)
		actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
		t.Cleanup(cancelAlloc)
		ctx, cancelTab = chromedp.NewContext(actx, chromedp.WithLogf(t.Logf))
	} else {
		shared.once.Do(func() { startShared(path) })
		if shared.err != nil {
			t.Fatalf("starting chromium: %v", shared.err)
		}
		ctx, cancelTab = chromedp.NewContext(shared.ctx, chromedp.WithNewBrowserContext())
	}
	ctx, cancelTime := context.WithTimeout(ctx, timeout)
	t.Cleanup(func() {
		cancelTime()
		cancelTab()
	})
	if err := chromedp.Do(ctx); err != nil {
		t.Fatalf("opening a tab in chromium: %v", err)
	}
	return ctx
}

// Close ends the shared browser, if one started; a package's TestMain calls
// it after its tests (a browser left behind is killed with the test binary
// anyway: chromedp starts it with Pdeathsig).
func Close() {
	if shared.cancel != nil {
		shared.cancel()
		shared.cancel = nil
	}
	if shared.dir != "" {
		os.RemoveAll(shared.dir)
	}
}

func startShared(path string) {
	dir, err := os.MkdirTemp("", "gameai-browser-")
	if err != nil {
		shared.err = err
		return
	}
	shared.dir = dir
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), options(path, dir)...)
	// The browser's own words go nowhere (a test's t.Logf would outlive
	// its test); its errors to the test binary's log.
	ctx, cancelTab := chromedp.NewContext(actx, chromedp.WithLogf(func(string, ...any) {}), chromedp.WithErrorf(log.Printf))
	shared.ctx = ctx
	shared.cancel = func() { cancelTab(); cancelAlloc() }
	if err := chromedp.Do(ctx); err != nil {
		shared.err = err
	}
}

// browserPath finds a Chromium, or skips (fails when one is required).
func browserPath(t *testing.T) string {
	t.Helper()
	for _, name := range []string{"chromium-headless-shell", "chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	msg := "no chromium for the browser tests: apt-get install chromium-headless-shell"
	if os.Getenv("GAMEAI_REQUIRE_BROWSER") == "1" {
		t.Fatal(msg)
	}
	t.Skip(msg)
	return ""
}

// options are the browser's flags. As root in a container Chromium needs
// --no-sandbox; the network flags keep it from calling home on a machine
// with no way out.
func options(path, dataDir string) []chromedp.ExecAllocatorOption {
	return append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(path),
		chromedp.NoSandbox,
		chromedp.Flag("disable-gpu", true),
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.UserDataDir(dataDir),
		chromedp.WindowSize(1200, 900),
	)
}

// Screenshot saves the page as NAME.png (quality 100 is what makes
// chromedp write PNG, not JPEG) when GAMEAI_SCREENSHOTS names a
// folder (the README's pictures are made so), and does nothing otherwise.
func Screenshot(t *testing.T, ctx context.Context, name string) {
	t.Helper()
	dir := os.Getenv("GAMEAI_SCREENSHOTS")
	if dir == "" {
		return
	}
	png, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
	if err != nil {
		t.Errorf("screenshot %s: %v", name, err)
		return
	}
	if err := os.WriteFile(dir+"/"+name+".png", png, 0o644); err != nil {
		t.Error(err)
	}
}
