package docs_test

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// documents are the project's documents a reader follows paths from
// (with every notebook under docs/notebook).
var documents = []string{"README.md", "ARCHITECTURE.md", "BENCHMARKS.md", "docs/strength.md", "docs/usage.md", "docs/hosting.md", "docs/running.md"}

// codePath is a path in backquotes: a file or folder of the repository
// (a word with a slash, or a name with a source extension).
var codePath = regexp.MustCompile("`([A-Za-z0-9_.-]+(?:/[A-Za-z0-9_.*-]+)+/?|[A-Za-z0-9_-]+\\.(?:go|sh|md|js|css|txt|c|py))`")

// TestDocumentedPathsExist: every repository path a document names in
// backquotes exists, so a file moved or deleted cannot leave a document
// sending its reader nowhere (docs/strength.md once cited a deleted test).
// Paths outside the repository (../shared), API routes (/v1/...), URLs and
// globs are not files of it.
func TestDocumentedPathsExist(t *testing.T) {
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	notebooks, err := filepath.Glob(filepath.Join(root, "docs", "notebook", "*.md"))
	if err != nil || len(notebooks) == 0 {
		t.Fatalf("no notebook under docs/notebook: %v", err)
	}
	docs := documents
	for _, n := range notebooks {
		rel, _ := filepath.Rel(root, n)
		docs = append(docs, rel)
	}
	for _, doc := range docs {
		b, err := os.ReadFile(filepath.Join(root, doc))
		if err != nil {
			t.Errorf("%s: %v", doc, err)
			continue
		}
		for i, line := range strings.Split(string(b), "\n") {
			for _, m := range codePath.FindAllStringSubmatch(line, -1) {
				p := m[1]
				if strings.Contains(p, "*") || strings.HasSuffix(p, "/...") || strings.HasPrefix(p, "../") || strings.Contains(p, "://") || !looksLocal(p) {
					continue
				}
				if !exists(root, p) {
					t.Errorf("%s:%d names %s, which the repository does not hold", doc, i+1, p)
				}
			}
		}
	}
}

// looksLocal reports whether p starts with a top-level entry of the
// repository (or is a bare file name, looked for anywhere).
func looksLocal(p string) bool {
	if !strings.Contains(strings.TrimSuffix(p, "/"), "/") {
		return true
	}
	first := strings.SplitN(p, "/", 2)[0]
	_, err := os.Stat(filepath.Join("..", first))
	return err == nil
}

func exists(root, p string) bool {
	if _, err := os.Stat(filepath.Join(root, p)); err == nil {
		return true
	}
	if strings.Contains(strings.TrimSuffix(p, "/"), "/") {
		return false
	}
	// A bare file name (`routes.go`) is found somewhere in the tree.
	found := false
	_ = filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && d.Name() == p {
			found = true
			return filepath.SkipAll
		}
		return nil
	})
	return found
}
