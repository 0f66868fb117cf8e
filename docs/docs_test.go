package docs_test

import (
	"bytes"
	"io"
	"log"
	"os"
	"path/filepath"
	"testing"

	"github.com/swaggo/swag/gen"
)

// TestDocsUpToDate regenerates the OpenAPI document from the annotations, as
// `make docs` does with swag v1.16.6, and fails when the committed one differs.
func TestDocsUpToDate(t *testing.T) {
	out := t.TempDir()
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	t.Chdir(root)
	err = gen.New().Build(&gen.Config{
		SearchDir:          "./",
		MainAPIFile:        "api/doc.go",
		OutputDir:          out,
		PackageName:        "docs",
		OutputTypes:        []string{"go", "json", "yaml"},
		PropNamingStrategy: "camelcase",
		ParseDepth:         100,
		ParseInternal:      true,
		ParseGoList:        true,
		OverridesFile:      ".swaggo",
		LeftTemplateDelim:  "{{",
		RightTemplateDelim: "}}",
		CollectionFormat:   "csv",
		Debugger:           log.New(io.Discard, "", 0),
	})
	if err != nil {
		t.Fatalf("swag: %v", err)
	}
	for _, name := range []string{"docs.go", "swagger.json", "swagger.yaml"} {
		want, err := os.ReadFile(filepath.Join(out, name))
		if err != nil {
			t.Fatal(err)
		}
		got, err := os.ReadFile(filepath.Join(root, "docs", name))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("docs/%s is stale: run `make docs` and commit the result", name)
		}
	}
}
