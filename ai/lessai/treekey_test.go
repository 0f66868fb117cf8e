package lessai

import (
	"reflect"
	"testing"
)

// TestTreeKeyHoldsTheWholeSearch: a kept tree's key changes with every
// field of the search's configuration but the seed, so a field added to
// mcts.Config keeps trees grown without it apart from trees grown with it
// (the key once listed its fields by hand, and bias had to be added).
func TestTreeKeyHoldsTheWholeSearch(t *testing.T) {
	p := start(t).P
	c := Chooser{Kind: KindUCT}
	base := c.treeKey(DefaultConfig(), HorizonTurns, Scale, p.Walls(), nil)
	def := DefaultConfig()
	v := reflect.ValueOf(&def).Elem()
	for i := range v.NumField() {
		cfg := DefaultConfig()
		f := reflect.ValueOf(&cfg).Elem().Field(i)
		switch f.Kind() {
		case reflect.Bool:
			f.SetBool(!f.Bool())
		case reflect.Int:
			f.SetInt(f.Int() + 3)
		case reflect.Uint64:
			f.SetUint(f.Uint() + 3)
		case reflect.Float64:
			f.SetFloat(f.Float() + 0.25)
		default:
			t.Fatalf("mcts.Config.%s is a %s: teach this test to change it", v.Type().Field(i).Name, f.Kind())
		}
		name := v.Type().Field(i).Name
		got := c.treeKey(cfg, HorizonTurns, Scale, p.Walls(), nil)
		if name == "Seed" {
			if got != base {
				t.Errorf("the seed changed the key: a game's searches, seeded by turn, would never reuse a tree")
			}
			continue
		}
		if got == base {
			t.Errorf("mcts.Config.%s changed, the key did not: %s", name, got)
		}
	}
	if c.treeKey(DefaultConfig(), HorizonTurns+1, Scale, p.Walls(), nil) == base {
		t.Error("the horizon is not in the key")
	}
}
