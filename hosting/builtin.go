package hosting

import (
	"gameai/arena"
	"strings"
	"sync"
	"time"

	"gameai/codecup"
	"gameai/games/morris"
	"gameai/store"
)

// BuiltinOwner owns our own engines in the list of bots.
const BuiltinOwner = arena.BuiltinOwner

// Builtins are our own engines as bots: listed beside the uploads, ready,
// needing no upload. An id is gameai:GAME:SPEC, the spec as the referee
// and the stdin bots read it (both games have an mcts). The bots are
// shared: read them, never change them.
func Builtins() []*store.Bot { return builtins() }

// builtins is computed once: the engines and shipped strategies are
// fixed in the binary, and every list of bots reads them.
var builtins = sync.OnceValue(func() []*store.Bot {
	var out []*store.Bot
	add := func(game, spec string) {
		out = append(out, &store.Bot{ID: BuiltinOwner + ":" + game + ":" + spec, Game: game, Name: spec, Owner: BuiltinOwner,
			Language: "builtin", Version: 1, Status: store.BotReady, CreatedAt: time.Time{}})
	}
	for _, e := range codecup.Engines {
		add("less", e)
	}
	add("less", "uct:teammate=max")
	for _, s := range morris.Shipped() {
		add("morris", "alphabeta:strategy="+s.Name)
	}
	add("morris", "mcts")
	return out
})

// IsBuiltin reports whether b is one of our engines.
func IsBuiltin(b *store.Bot) bool { return b.Owner == BuiltinOwner }

// Builtin finds one of our engines by id: gameai:GAME:SPEC, or the
// shorter gameai:SPEC of earlier links where only one game has SPEC.
func Builtin(id string) (*store.Bot, bool) {
	rest, ok := strings.CutPrefix(id, BuiltinOwner+":")
	if !ok {
		return nil, false
	}
	var found *store.Bot
	for _, b := range Builtins() {
		switch {
		case b.ID == id:
			return b, true
		case b.Name == rest && found == nil:
			found = b
		case b.Name == rest:
			return nil, false // gameai:mcts: both games have one
		}
	}
	return found, found != nil
}
