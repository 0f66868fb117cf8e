package competition

import (
	"cmp"
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

func near(a, b float64) bool { return math.Abs(a-b) < 1e-9 }

// The published updates of the model: two new players, one wins
// (OpenSkill's reference values, which its ports share); a draw moves no
// mean; a team of two against one (variances given, as in the Weng-Lin
// ports' tests) with the members moving by their shares.
func TestRateGameAgainstPublishedUpdates(t *testing.T) {
	got := RateGame([][]Skill{{NewSkill()}, {NewSkill()}}, []int{0, 1}, 0)
	if !near(got[0][0].Mu, 27.63523138347365) || !near(got[0][0].Sigma, 8.065506316323548) ||
		!near(got[1][0].Mu, 22.36476861652635) || !near(got[1][0].Sigma, 8.065506316323548) {
		t.Errorf("one against one: %+v", got)
	}
	drawn := RateGame([][]Skill{{NewSkill()}, {NewSkill()}}, []int{0, 0}, 0)
	if !near(drawn[0][0].Mu, SkillMu) || !near(drawn[1][0].Mu, SkillMu) || drawn[0][0].Sigma >= SkillSigma {
		t.Errorf("a draw of equals: %+v", drawn)
	}
	sk := func(mu, sigma2 float64) Skill { return Skill{Mu: mu, Sigma: math.Sqrt(sigma2)} }
	got = RateGame([][]Skill{{sk(15, 4.1233), sk(10.2, 9.220903)}, {sk(50, 2.1232)}}, []int{0, 1}, 0)
	want := [][]Skill{{sk(15.56496998825091, 4.118333035231164), sk(11.463437891876112, 9.19606319864965)}, {sk(49.709081493208274, 2.122674670057498)}}
	for i := range want {
		for j := range want[i] {
			if !near(got[i][j].Mu, want[i][j].Mu) || !near(got[i][j].Sigma, want[i][j].Sigma) {
				t.Errorf("two against one, team %d member %d: %+v, want %+v", i, j, got[i][j], want[i][j])
			}
		}
	}
}

// Synthetic bots of known strength play two-against-two games whose
// winner is drawn from their true strengths as the model says it is (σ of
// the teams' difference over c = √2 Beta). After 3000 games of six bots
// (2000 a bot), over 40 seeds: the conservative order is the true one,
// and the true strengths (known up to a shift: each bot's distance from
// the field's mean) lie within mu ± 2 sigma at about the rate such an
// interval claims. Earlier the means overshoot (the first games' steps
// are large) and the intervals cover less: a ladder's order settles long
// before its intervals are calibrated (docs/strength.md).
func TestRatingsConvergeOnKnownStrengths(t *testing.T) {
	truth := []float64{14, 19, 23, 27, 31, 36}
	n := len(truth)
	const seeds, games = 40, 3000
	ordered, covered := 0, 0
	for seed := uint64(1); seed <= seeds; seed++ {
		rng := rand.New(rand.NewPCG(seed, 9))
		skills := make([]Skill, n)
		for i := range skills {
			skills[i] = NewSkill()
		}
		for range games {
			p := rng.Perm(n)[:4]
			d := truth[p[0]] + truth[p[1]] - truth[p[2]] - truth[p[3]]
			ranks := []int{0, 1}
			if rng.Float64() > 1/(1+math.Exp(-d/(skillBeta*math.Sqrt2))) {
				ranks = []int{1, 0}
			}
			up := RateGame([][]Skill{{skills[p[0]], skills[p[1]]}, {skills[p[2]], skills[p[3]]}}, ranks, SkillTau)
			skills[p[0]], skills[p[1]], skills[p[2]], skills[p[3]] = up[0][0], up[0][1], up[1][0], up[1][1]
		}
		if slices.IsSortedFunc(skills, func(a, b Skill) int { return cmp.Compare(a.Conservative(), b.Conservative()) }) {
			ordered++
		}
		meanTrue, meanMu := 0.0, 0.0
		for i := range n {
			meanTrue += truth[i] / float64(n)
			meanMu += skills[i].Mu / float64(n)
		}
		for i := range n {
			if math.Abs((skills[i].Mu-meanMu)-(truth[i]-meanTrue)) <= 2*skills[i].Sigma {
				covered++
			}
		}
	}
	rate := float64(covered) / float64(seeds*n)
	t.Logf("order right in %d of %d seeds; mu ± 2 sigma held the truth %.3f of the time", ordered, seeds, rate)
	if ordered < seeds-2 {
		t.Errorf("the conservative order was the true one in %d of %d seeds", ordered, seeds)
	}
	if rate < 0.90 {
		t.Errorf("mu ± 2 sigma held the true strength %.3f of the time; it claims 0.95", rate)
	}
}
