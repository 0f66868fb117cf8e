// Package starters holds a starter bot for each game in each language an
// upload may be in: short, commented programs that read the game's
// protocol and play a legal greedy move, for a bot author to begin from.
// They are the files the server hands out (GET /v1/starters), the
// programs CI uploads through the real path (each must be admitted), and
// the programs whose answers the protocol pages' transcripts show
// (docs/protocol): every starter of a game plays the same moves, so a
// test replays the page's transcript against each.
package starters

import (
	"embed"
	"io/fs"
	"path"
	"slices"
)

//go:embed less morris
var files embed.FS

// Starter is one starter bot.
type Starter struct {
	Game     string
	Language string // as hosting names it (c, cpp, go, python, java, rust, javascript)
	File     string // the name an upload in the language is kept under
	Source   []byte
}

// Languages are the languages of the starters, in the order the page
// lists them.
var Languages = []string{"c", "cpp", "go", "python", "java", "rust", "javascript"}

// Games are the games that take uploaded bots.
var Games = []string{"less", "morris"}

// All lists every starter, game by game, each game's in Languages' order.
func All() []Starter {
	var out []Starter
	for _, g := range Games {
		for _, l := range Languages {
			if s, ok := Get(g, l); ok {
				out = append(out, s)
			}
		}
	}
	return out
}

// Get is the starter of game in language.
func Get(game, language string) (Starter, bool) {
	if !slices.Contains(Games, game) || !slices.Contains(Languages, language) {
		return Starter{}, false
	}
	dir := path.Join(game, language)
	entries, err := fs.ReadDir(files, dir)
	if err != nil || len(entries) != 1 {
		return Starter{}, false
	}
	src, err := fs.ReadFile(files, path.Join(dir, entries[0].Name()))
	if err != nil {
		return Starter{}, false
	}
	return Starter{Game: game, Language: language, File: entries[0].Name(), Source: src}, true
}
