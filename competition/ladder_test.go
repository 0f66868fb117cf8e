package competition

import (
	"math"
	"math/rand/v2"
	"slices"
	"strconv"
	"testing"
	"time"
)

// A ladder of six Less bots of known strength, then a seventh that joins
// late: the newcomer is picked for most of the next games (its skill is
// the least certain) and is placed where it belongs, by its mean, within
// its first few dozen games; every game's seats are four different bots.
func TestLadderPlacesANewBotQuickly(t *testing.T) {
	truth := map[string]float64{}
	var active []string
	for i, s := range []float64{14, 19, 23, 27, 31, 36} {
		id := "b" + strconv.Itoa(i)
		truth[id] = s
		active = append(active, id)
	}
	rng := rand.New(rand.NewPCG(3, 4))
	var l Ladder
	at := time.Unix(0, 0)
	play := func() []string {
		seats := l.Pick(Less, active, rng)
		if len(seats) != 4 || len(slices.Compact(slices.Sorted(slices.Values(seats)))) != 4 {
			t.Fatalf("seats %v", seats)
		}
		d := truth[seats[0]] + truth[seats[2]] - truth[seats[1]] - truth[seats[3]]
		s := 0.0
		if rng.Float64() < 1/(1+math.Exp(-d/(skillBeta*math.Sqrt2))) {
			s = 1
		}
		at = at.Add(time.Minute)
		l.Record(Less, seats, []float64{s, 1 - s, s, 1 - s}, nil, at)
		return seats
	}
	for range 400 {
		play()
	}
	truth["new"], active = 33, append(active, "new")
	in := 0
	for range 40 {
		if slices.Contains(play(), "new") {
			in++
		}
	}
	rows := make([]*LadderRow, 0, len(l.Rows))
	for _, r := range l.Rows {
		rows = append(rows, r)
	}
	slices.SortFunc(rows, func(a, b *LadderRow) int { return int(math.Copysign(1, b.Mu-a.Mu)) })
	place := slices.IndexFunc(rows, func(r *LadderRow) bool { return r.Bot == "new" })
	t.Logf("the newcomer played %d of 40 games; by mean it is %d of 7: %.1f ± %.1f", in, place+1, l.Rows["new"].Mu, l.Rows["new"].Sigma)
	if in < 25 {
		t.Errorf("the newcomer played %d of its first 40 games", in)
	}
	if place < 0 || place > 2 {
		t.Errorf("the newcomer (true strength second of seven) is placed %d", place+1)
	}
	if n := len(l.Rows["new"].History); n != l.Rows["new"].Games {
		t.Errorf("%d history points for %d games", n, l.Rows["new"].Games)
	}
}

// A Morris game rates its two players alone; a draw moves equals by
// nothing; a forfeit counts as irregular; history stays bounded.
func TestLadderRecordsMorris(t *testing.T) {
	var l Ladder
	at := time.Unix(0, 0)
	l.Record(Morris, []string{"a", "b"}, []float64{0.5, 0.5}, nil, at)
	if l.Rows["a"].Mu != SkillMu || l.Rows["a"].Draws != 1 || l.Rows["a"].Sigma >= SkillSigma {
		t.Errorf("a draw of equals: %+v", l.Rows["a"])
	}
	for range 2 * MaxHistory {
		l.Record(Morris, []string{"a", "b"}, []float64{1, 0}, []int{1}, at)
	}
	a, b := l.Rows["a"], l.Rows["b"]
	if a.Wins != 2*MaxHistory || b.Irregular != 2*MaxHistory || b.Losses != 2*MaxHistory || a.Mu <= b.Mu {
		t.Errorf("a %+v, b %+v", a.Skill, b.Skill)
	}
	if len(a.History) > MaxHistory || a.History[len(a.History)-1].Games != a.Games {
		t.Errorf("%d history points, the last at game %d of %d", len(a.History), a.History[len(a.History)-1].Games, a.Games)
	}
	if got := l.Pick(Morris, []string{"a"}, rand.New(rand.NewPCG(1, 1))); got != nil {
		t.Errorf("one bot picked for a game: %v", got)
	}
}
