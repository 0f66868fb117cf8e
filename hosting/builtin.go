package hosting

import (
	"strings"
	"sync"
	"time"

	"gameai/codecup"
	"gameai/games/morris"
	"gameai/store"
)

// BuiltinOwner owns our own engines in the list of bots; no owner may
// take the name.
const BuiltinOwner = "gameai"

// Builtins are our own engines as bots: listed beside the uploads, ready,
// needing no upload. Their ids are their specs, as the referee and the
// stdin bots read them. The bots are shared: read them, never change them.
func Builtins() []*store.Bot { return builtins() }

// builtins is computed once: the engines and shipped strategies are
// fixed in the binary, and every list of bots reads them.
var builtins = sync.OnceValue(func() []*store.Bot {
	var out []*store.Bot
	add := func(game, spec string) {
		out = append(out, &store.Bot{ID: BuiltinOwner + ":" + spec, Game: game, Name: spec, Owner: BuiltinOwner,
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

// Builtin finds one of our engines by id.
func Builtin(id string) (*store.Bot, bool) {
	if !strings.HasPrefix(id, BuiltinOwner+":") {
		return nil, false
	}
	for _, b := range Builtins() {
		if b.ID == id {
			return b, true
		}
	}
	return nil, false
}
