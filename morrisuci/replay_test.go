package morrisuci

import (
	"strings"
	"testing"

	"gameai/games/morris"
)

func TestReplayTokensKeepsAPendingRemoval(t *testing.T) {
	p := morris.NewPosition(morris.StandardRules)
	played, pending, err := replayTokens(p, strings.Fields("d6 d2 b6 f2 f6"))
	if err != nil || len(played) != 4 || pending == nil || pending.String() != "f6" {
		t.Fatalf("played %v pending %v err %v", played, pending, err)
	}
	p = morris.NewPosition(morris.StandardRules)
	played, pending, err = replayTokens(p, strings.Fields("d6 d2 b6 f2 f6 xd2 a1"))
	if err != nil || len(played) != 6 || pending != nil || played[4].String() != "f6xd2" {
		t.Fatalf("played %v pending %v err %v", played, pending, err)
	}
	p = morris.NewPosition(morris.StandardRules)
	if _, _, err := replayTokens(p, strings.Fields("d6 d6")); err == nil || !strings.Contains(err.Error(), "token 2") {
		t.Errorf("illegal token: %v", err)
	}
	p = morris.NewPosition(morris.StandardRules)
	if _, _, err := replayTokens(p, strings.Fields("d6 d2 b6 f2 f6 a1")); err == nil {
		t.Error("a mill without its removal, then a move, was accepted")
	}
}
