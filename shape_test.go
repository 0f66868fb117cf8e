package main

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// floors are ARCHITECTURE.md's floors, lowest first: a package may import
// its own floor and those below, never one above. A package belongs to the
// longest prefix that names it.
var floors = []struct {
	name     string
	prefixes []string
}{
	{"support", []string{"internal", "starters"}},
	// The Redis test helper starts a store for the tests of every floor
	// above it: it sits with the state it starts.
	{"state", []string{"store", "internal/redistest"}},
	// The tests' quickest Less bot plays by the game's rules: it sits
	// with the games.
	{"games", []string{"games", "internal/lessfirst"}},
	{"engines", []string{"ai"}},
	{"protocols", []string{"codecup", "morrisuci"}},
	{"the referee", []string{"arena", "competition"}},
	{"other people's programs", []string{"hosting", "sandbox"}},
	{"long work", []string{"jobs"}},
	{"services", []string{"search", "accounts", "seats", "sessions", "ladders"}},
	{"the service", []string{"api", "web", "docs"}},
	{"the binary", []string{".", "cli", "scripts"}},
}

// floorOf is the floor of a package directory ("." the module's root).
func floorOf(dir string) (int, bool) {
	best, at := -1, -1
	for i, f := range floors {
		for _, p := range f.prefixes {
			if (dir == p || strings.HasPrefix(dir, p+"/") || (p == "." && dir == ".")) && len(p) > best {
				best, at = len(p), i
			}
		}
	}
	return at, at >= 0
}

// goFiles calls f with every non-test Go file of the module, parsed with
// comments, and its package directory.
func goFiles(t *testing.T, mode parser.Mode, f func(dir, path string, fset *token.FileSet, file *ast.File)) {
	t.Helper()
	fset := token.NewFileSet()
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (strings.HasPrefix(d.Name(), ".") && path != "." || d.Name() == "testdata" || d.Name() == "node_modules") {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") {
			return nil
		}
		file, err := parser.ParseFile(fset, path, nil, mode)
		if err != nil {
			return err
		}
		f(filepath.ToSlash(filepath.Dir(path)), path, fset, file)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// TestImportsPointDown: no package imports a floor above its own, so the
// floors ARCHITECTURE.md draws are the ones the code has (tests may reach
// up: they are not part of the house).
func TestImportsPointDown(t *testing.T) {
	seen := 0
	goFiles(t, parser.ImportsOnly, func(dir, path string, _ *token.FileSet, file *ast.File) {
		if strings.HasSuffix(path, "_test.go") {
			return
		}
		from, ok := floorOf(dir)
		if !ok {
			t.Errorf("%s: package %s is on no floor: add it to ARCHITECTURE.md and to floors", path, dir)
			return
		}
		for _, imp := range file.Imports {
			p, _ := strconv.Unquote(imp.Path.Value)
			rel, ok := strings.CutPrefix(p, "gameai/")
			if !ok {
				continue
			}
			seen++
			to, ok := floorOf(rel)
			if !ok {
				t.Errorf("%s imports %s, which is on no floor", path, p)
			} else if to > from {
				t.Errorf("%s (%s) imports %s (%s), a floor above", path, floors[from].name, p, floors[to].name)
			}
		}
	})
	if seen < 100 {
		t.Fatalf("only %d imports of the module's packages read: the walk missed the code", seen)
	}
}

// longFunctions are the functions allowed over maxFunctionLines, and why:
// search inner loops, where one frame keeps what the next node needs.
var longFunctions = map[string]string{
	"ai/minimax/search.go negamax":   "alpha-beta's node: table probe, pruning, move loop and store in one frame, the hot path of every Morris search",
	"ai/morrisdb/solve.go propagate": "the retrograde solver's pass over a space: unmoves, counters and values of a position in one loop",
}

const maxFunctionLines = 100

// TestNoLongFunctions: no function (tests included) runs over
// maxFunctionLines lines but the search inner loops named in
// longFunctions; a CLI command reads its flags, builds its configuration
// and runs it in separate functions.
func TestNoLongFunctions(t *testing.T) {
	var over []string
	goFiles(t, 0, func(dir, path string, fset *token.FileSet, file *ast.File) {
		for _, d := range file.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body == nil {
				continue
			}
			n := fset.Position(fd.End()).Line - fset.Position(fd.Pos()).Line + 1
			key := filepath.ToSlash(path) + " " + fd.Name.Name
			if n > maxFunctionLines {
				over = append(over, key)
				if _, ok := longFunctions[key]; !ok {
					t.Errorf("%s is %d lines (at most %d outside search inner loops)", key, n, maxFunctionLines)
				}
			}
		}
	})
	for key := range longFunctions {
		if !slices.Contains(over, key) {
			t.Errorf("%s is listed as long but is not (or is gone): take it off longFunctions", key)
		}
	}
}
