// Package protocol serves the protocol pages (less.md, morris.md beside
// this file): what a bot of each game reads and writes, its clock, faults
// and limits, and a whole game. The server shows them on its page and in
// the API; the Markdown is the source, rendered once to HTML here.
package protocol

import (
	"bytes"
	"embed"
	"strings"
	"sync"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/extension"
)

//go:embed *.md
var pages embed.FS

// Page is one game's protocol page.
type Page struct {
	Game  string
	Title string // its first heading
	// Markdown is the page as written; HTML as rendered (raw HTML in the
	// Markdown is left out, so the page's own comments never reach it).
	Markdown, HTML string
}

var (
	once     sync.Once
	rendered map[string]Page
)

// Get is the protocol page of game, if there is one.
func Get(game string) (Page, bool) {
	once.Do(render)
	p, ok := rendered[game]
	return p, ok
}

// Games lists the games with a protocol page.
func Games() []string { return []string{"less", "morris"} }

func render() {
	rendered = map[string]Page{}
	md := goldmark.New(goldmark.WithExtensions(extension.Table))
	for _, game := range Games() {
		src, err := pages.ReadFile(game + ".md")
		if err != nil {
			continue // embedded at build time: a missing page is a build that lists no such game
		}
		var html bytes.Buffer
		if err := md.Convert(src, &html); err != nil {
			continue
		}
		title, _, _ := strings.Cut(string(src), "\n")
		rendered[game] = Page{Game: game, Title: strings.TrimPrefix(title, "# "), Markdown: string(src), HTML: html.String()}
	}
}
