package api_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"gameai/api"
	"gameai/hosting"
	"gameai/internal/confinetest"
	"gameai/store"
	"gameai/store/memory"
)

// workerMachines is a hosting.Remote whose workers' machines build what
// it says, or whose Redis does not answer.
type workerMachines struct {
	said []map[string]string
	err  error
}

func (w *workerMachines) Admit(context.Context, string, string, string) error { return nil }

func (w *workerMachines) Toolchains(context.Context) ([]map[string]string, error) {
	return w.said, w.err
}

// A server whose admissions go to the workers offers the languages their
// machines build: a listed language is built, an unlisted one refused at
// upload naming the field and why; the workers' Redis down is a 503, for
// the listing and for an upload, never a guess.
func TestLanguagesAreTheWorkers(t *testing.T) {
	st := memory.New(store.Config{})
	remote := &workerMachines{said: []map[string]string{{"python": "Python 3.99.0", "executable": "none"}}}
	h := hosting.New(st, hosting.Config{Remote: remote, LessClock: 10 * time.Second, Log: quiet})
	if err := h.Unavailable(); err != nil {
		h.Close()
		confinetest.Check(t, err)
	}
	t.Cleanup(h.Close)
	e := newHostingEnv(t, st, nil, h)
	var owner api.OwnerResponse
	e.do(t, "POST", "/v1/owners", map[string]any{"name": "ann"}).ok(t, 201).json(t, &owner)

	var langs api.LanguagesResponse
	e.do(t, "GET", "/v1/languages", nil).ok(t, 200).json(t, &langs)
	got := map[string]api.LanguageResponse{}
	for _, l := range langs.Languages {
		got[l.Name] = l
	}
	if p := got["python"]; !p.Available || p.Toolchain != "Python 3.99.0" {
		t.Errorf("python, on the workers' machine: %+v", p)
	}
	if c := got["c"]; c.Available || !strings.Contains(c.Reason, "has its toolchain") {
		t.Errorf("c, on no worker's machine: %+v", c)
	}
	p := e.upload(t, owner.Token, "less", "cbot", "c", []byte("int main(void) { return 0; }\n")).problem(t, 422)
	if len(p.Errors) != 1 || p.Errors[0].Field != "language" || !strings.Contains(p.Errors[0].Reason, "has its toolchain") {
		t.Errorf("a C upload: %+v", p)
	}

	remote.err = errors.New("dial tcp: connection refused")
	e.do(t, "GET", "/v1/languages", nil).problem(t, 503)
	e.upload(t, owner.Token, "less", "pybot", "python", []byte("print('hi')\n")).problem(t, 503)
}
