package morrisdb

import (
	"testing"
)

func TestPlanOrdersPairsAfterWhatTheyNeed(t *testing.T) {
	plan, err := Plan(Space{4, 4})
	if err != nil {
		t.Fatal(err)
	}
	want := []Space{{3, 3}, {4, 3}, {4, 4}}
	if len(plan) != len(want) {
		t.Fatalf("plan %v, want %v", plan, want)
	}
	for i := range want {
		if plan[i] != want[i] {
			t.Fatalf("plan %v, want %v", plan, want)
		}
	}
	if _, err := Plan(Space{2, 5}); err == nil {
		t.Error("2-5 planned")
	}
	if plan, _ := Plan(Space{7, 7}); len(plan) != 15 {
		t.Errorf("7-7 needs %d pairs: %v", len(plan), plan)
	}
}
