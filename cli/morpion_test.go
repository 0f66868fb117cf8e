package cli

import (
	"bytes"
	"context"
	"path/filepath"
	"strings"
	"testing"
)

func run(t *testing.T, stdin string, args ...string) (string, int) {
	t.Helper()
	old := Stdin
	Stdin = strings.NewReader(stdin)
	defer func() { Stdin = old }()
	var out, errb bytes.Buffer
	code := Main(context.Background(), args, &out, &errb)
	return out.String() + errb.String(), code
}

var record178 = filepath.Join("..", "games", "morpion", "testdata", "5T-178.psol")

func TestMorpionCLI(t *testing.T) {
	out, code := run(t, "", "morpion", "validate", "--variant", "5T", record178)
	if code != 0 || !strings.Contains(out, "valid: 5T grid of 178 moves, finished") {
		t.Errorf("validate 178: %d %q", code, out)
	}
	out, code = run(t, "(28,28)\n(25,27) | 2\n(25,32) | -2\n", "morpion", "validate", "-")
	if code != 1 || !strings.Contains(out, "move 2") || !strings.Contains(out, "overlaps line 1") {
		t.Errorf("validate illegal: %d %q", code, out)
	}
	out, code = run(t, "", "morpion", "dna", "--variant", "5D", "--ascending", "--to", "layers")
	if code != 0 || strings.TrimSpace(out) != "Flxbd2BbBV6Y" {
		t.Errorf("dna ascending: %d %q", code, out)
	}
	a, _ := run(t, "", "morpion", "dna", "--random", "--seed", "9", "--to", "layers")
	b, _ := run(t, "", "morpion", "dna", "--random", "--seed", "9", "--to", "layers")
	c, _ := run(t, "", "morpion", "dna", "--random", "--seed", "10", "--to", "layers")
	if a != b || a == c {
		t.Errorf("random DNA not reproducible by seed: %q %q %q", a, b, c)
	}
	out, code = run(t, "LG4VXOFJjGWQMXhsY7aRf+/97Y\n", "morpion", "layers", "--variant", "5D")
	if code != 0 || !strings.Contains(out, "moves:  82") || !strings.Contains(out, "orders: ") {
		t.Errorf("layers: %d %q", code, out)
	}
	out, code = run(t, "Flxbd2BbBV6Y", "morpion", "convert", "--from", "layers", "--to", "pentasol")
	if code != 0 || !strings.HasPrefix(out, "(28,28)\n") || strings.Count(out, "\n") != 36 {
		t.Errorf("convert: %d %q", code, out)
	}
	back, code := run(t, out, "morpion", "convert", "--to", "layers")
	if code != 0 || strings.TrimSpace(back) != "Flxbd2BbBV6Y" {
		t.Errorf("convert back: %d %q", code, back)
	}
	out, code = run(t, "", "morpion", "convert", "--to", "svg", "--numbers", record178)
	if code != 0 || !strings.HasPrefix(out, "<svg") || !strings.Contains(out, ">178</text>") {
		t.Errorf("svg: %d %.60q", code, out)
	}
	for _, args := range [][]string{
		{"morpion", "convert", "--to", "png", record178},
		{"morpion", "convert", record178},
		{"morpion", "dna", "--ascending", "--random"},
		{"morpion", "layers", "--variant", "6T", record178},
		{"morpion", "frobnicate"},
		{"morpion", "layers", "no-such-file"},
	} {
		if _, code := run(t, "", args...); code != 1 {
			t.Errorf("%v: exit %d, want 1", args, code)
		}
	}
	if _, code := run(t, "", "morpion", "convert", "--help"); code != 0 {
		t.Errorf("convert --help exit %d", code)
	}
}
