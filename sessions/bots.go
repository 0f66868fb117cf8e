package sessions

import (
	"maps"
	"slices"

	"gameai/games"
	"gameai/games/less"
	"gameai/games/morris"
	"gameai/store"
)

// BotsCanFollow says why a session's uploaded bots could not follow its
// game (an *InvalidError): a program hears the game from its start (no
// position given), in its protocol's rules (Sanmill's standard nine-men
// rules for Morris).
func BotsCanFollow(engines []*store.SessionEngine, position string, st games.State) error {
	if !slices.ContainsFunc(engines, func(e *store.SessionEngine) bool { return e != nil && e.Bot != "" }) {
		return nil
	}
	if position != "" {
		return &InvalidError{Field: "position", Why: "a session with an uploaded bot starts from the game's start: its program hears every move"}
	}
	if st.Game().Name() == morris.Game.Name() && (st.Variant() != morris.StandardRules.Variant.String() ||
		!maps.Equal(st.Options(), morris.StandardRules.Options())) {
		return &InvalidError{Field: "variant", Why: "an uploaded Morris bot plays the standard nine men's rules (Sanmill's protocol)"}
	}
	return nil
}

// lessBotsKeepTheirMoves refuses to take a Less session back to keep
// moves when that would take back an uploaded bot's move.
func lessBotsKeepTheirMoves(sess *store.Session, keep int) error {
	if sess.Game != less.Game.Name() {
		return nil
	}
	for i := keep; i < len(sess.Moves); i++ {
		if e := EngineFor(sess, i%4); e != nil && e.Bot != "" {
			return &BotMoveError{Ply: i + 1, Bot: e.Bot}
		}
	}
	return nil
}
