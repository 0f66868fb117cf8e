package morrisuci

import (
	"fmt"
	"strings"

	"gameai/games/morris"
)

// replayTokens plays engine-protocol tokens (a move, then its removals as
// separate "xb4" tokens) from p, and returns the moves. A mill-closing move
// whose removal tokens are missing at the end is returned as pending: its
// move without the removals, not played.
func replayTokens(p *morris.Position, tokens []string) (played []morris.Move, pending *morris.Move, err error) {
	for i := 0; i < len(tokens); i++ {
		text := tokens[i]
		for i+1 < len(tokens) && strings.HasPrefix(strings.ToLower(tokens[i+1]), "x") {
			i++
			text += tokens[i]
		}
		m, err := morris.ParseMove(text)
		if err != nil {
			return played, nil, fmt.Errorf("token %d: %w", i+1, err)
		}
		if bad := p.Illegal(m); bad != nil {
			if i == len(tokens)-1 && !m.Removes() && needsRemoval(p, m) {
				return played, &m, nil
			}
			return played, nil, fmt.Errorf("token %d %q: %s", i+1, text, bad.Reason)
		}
		p.Make(m)
		played = append(played, m)
	}
	return played, nil, nil
}
