package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"gameai/ai/morrisdb"
	"gameai/ai/morrisdb/morrisdbtest"
)

// The book's build writes a line a root, goes on after a kill that cut
// its last line short (dropped, solved again), and says so when whole; the
// bot's and the server's database flag plays from it, and refuses one that
// does not read.
func TestMorrisDBBookBuildsResumesAndIsPlayed(t *testing.T) {
	for _, c := range []struct{ args, want string }{
		{"book", "--dir DIR is required"},
		{"book --dir D --placed 3", "0 to 2 placed"},
		{"book --dir D --threads 0", "--threads: 1 to 64"},
		{"book --dir D --placed 1 --in-hand 2", "lacks 1 of them (3-3 first)"},
	} {
		args := strings.Fields(strings.ReplaceAll(c.args, " D", " "+t.TempDir()))
		out, code := run(t, "", append([]string{"morris", "db"}, args...)...)
		if code == 0 || !strings.Contains(out, c.want) {
			t.Errorf("%s: %d %q, want an error saying %q", c.args, code, out, c.want)
		}
	}
	db := morrisdbtest.Dir(t)
	file := filepath.Join(t.TempDir(), "book.jsonl")
	build := func() string {
		t.Helper()
		out, code := run(t, "", "morris", "db", "book", "--dir", db, "--file", file, "--placed", "1", "--in-hand", "2", "--threads", "2")
		if code != 0 {
			t.Fatalf("book: %d %q", code, out)
		}
		return out
	}
	out := build()
	if !strings.HasPrefix(out, "46 roots (1 placed, 2 in hand a side), 0 solved before, 46 to go") || !strings.Contains(out, "the book is whole: 46 roots, 46 solved") {
		t.Fatalf("book: %q", out)
	}
	whole, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(string(whole), "\n"); n != 46 {
		t.Fatalf("%d lines, want 46", n)
	}
	if out := build(); !strings.Contains(out, "46 solved before, 0 to go") {
		t.Errorf("built again: %q", out)
	}
	// A kill in the middle of the last line.
	if err := os.WriteFile(file, whole[:len(whole)-9], 0o644); err != nil {
		t.Fatal(err)
	}
	if out := build(); !strings.Contains(out, "45 solved before, 1 to go") || !strings.Contains(out, "the book is whole") {
		t.Errorf("after a cut line: %q", out)
	}
	again, err := os.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	defer again.Close()
	_, lines, cut, err := morrisdb.ReadBook(again)
	roots := map[string]bool{}
	for _, l := range lines {
		roots[l.Root] = true
	}
	if err != nil || cut != 0 || len(lines) != 46 || len(roots) != 46 {
		t.Errorf("after a cut line: %d lines, %d roots, cut %d, %v; want 46 roots once each", len(lines), len(roots), cut, err)
	}

	dir := t.TempDir()
	if b, err := readMorrisBook(dir); err != nil || b != nil {
		t.Fatalf("no book there: %v, %v", err, b)
	}
	if err := os.WriteFile(filepath.Join(dir, BookFile), whole, 0o644); err != nil {
		t.Fatal(err)
	}
	if b, err := readMorrisBook(dir); err != nil || b == nil || b.Roots != 46 {
		t.Fatalf("a book there: %v, %+v", err, b)
	}
	if err := os.WriteFile(filepath.Join(dir, BookFile), []byte("{\"root\": 3}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := readMorrisBook(dir); err == nil || !strings.Contains(err.Error(), BookFile+": book line 1") {
		t.Errorf("a damaged book: %v", err)
	}
}
