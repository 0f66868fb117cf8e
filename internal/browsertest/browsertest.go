// Package browsertest gives tests a real browser: Debian's
// chromium-headless-shell (or chromium where it is missing), driven through
// chromedp. The headless shell is the same Chromium without its desktop
// parts: it starts in a third of the time and the API's browser tests take
// half the CPU. Without either the tests skip with a message, unless
// GAMEAI_REQUIRE_BROWSER=1 (as in CI) makes that fail.
package browsertest

import (
	"context"
	"os"
	"os/exec"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// New returns a browser tab's context, closed when the test ends, and
// bounded by timeout; extra options (flags) join the defaults.
func New(t *testing.T, timeout time.Duration, extra ...chromedp.ExecAllocatorOption) context.Context {
	t.Helper()
	path := ""
	for _, name := range []string{"chromium-headless-shell", "chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			path = p
			break
		}
	}
	if path == "" {
		msg := "no chromium for the browser tests: apt-get install chromium-headless-shell"
		if os.Getenv("GAMEAI_REQUIRE_BROWSER") == "1" {
			t.Fatal(msg)
		}
		t.Skip(msg)
	}
	// As root in a container Chromium needs --no-sandbox; the network flags
	// keep it from calling home on a machine with no way out.
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(path),
		chromedp.NoSandbox,
		chromedp.Flag("disable-gpu", true),
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.UserDataDir(t.TempDir()),
		chromedp.WindowSize(1200, 900),
	)
	opts = append(opts, extra...)
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancelTab := chromedp.NewContext(actx, chromedp.WithLogf(t.Logf))
	ctx, cancelTime := context.WithTimeout(ctx, timeout)
	t.Cleanup(func() {
		cancelTime()
		cancelTab()
		cancelAlloc()
	})
	if err := chromedp.Do(ctx); err != nil {
		t.Fatalf("starting chromium: %v", err)
	}
	return ctx
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
