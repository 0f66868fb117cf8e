package competition

import "math"

// Skill is a bot's strength as a ladder believes it: a Gaussian of mean
// Mu and deviation Sigma, on the scale of Weng and Lin's online Bayesian
// ranking ("A Bayesian Approximation Method for Online Ranking", JMLR 12,
// 2011), as OpenSkill uses it: a new bot is 25 ± 25/3, and it is ordered
// by the conservative Mu - 3 Sigma, which a bot climbs by winning and by
// becoming certain.
type Skill struct {
	Mu    float64 `json:"mu"`
	Sigma float64 `json:"sigma"`
}

// The model's constants: the prior, the performance noise Beta (half the
// prior's deviation), and Kappa, the floor of a variance's shrinking.
const (
	SkillMu    = 25.0
	SkillSigma = SkillMu / 3
	skillBeta  = SkillSigma / 2
	skillKappa = 0.0001
)

// NewSkill is a bot's skill before its first game.
func NewSkill() Skill { return Skill{Mu: SkillMu, Sigma: SkillSigma} }

// Conservative is the rating a ladder orders by: Mu - 3 Sigma.
func (s Skill) Conservative() float64 { return s.Mu - 3*s.Sigma }

// RateGame updates the skills of a game's teams (a Less team is two bots,
// a Morris "team" one) from their ranks: 0 the best, equal ranks a draw.
// It is the Plackett-Luce update of Weng and Lin's Algorithm 4: a team's
// strength is the sum of its members' means and variances, and each member
// moves by its share of its team's variance; first each variance grows by
// tau² (SkillTau on a ladder; 0 is the paper's update). teams and ranks
// are not changed; the result is in the same shape.
func RateGame(teams [][]Skill, ranks []int, tau float64) [][]Skill {
	k := len(teams)
	mu, sigma2 := make([]float64, k), make([]float64, k)
	c2 := 0.0
	teams = drift(teams, tau)
	for i, t := range teams {
		for _, s := range t {
			mu[i] += s.Mu
			sigma2[i] += s.Sigma * s.Sigma
		}
		c2 += sigma2[i] + skillBeta*skillBeta
	}
	c := math.Sqrt(c2)
	// sumQ[q] sums exp(mu/c) over the teams ranked no better than q; a[q]
	// counts the teams that share q's rank.
	e := make([]float64, k)
	for i := range teams {
		e[i] = math.Exp(mu[i] / c)
	}
	sumQ, a := make([]float64, k), make([]float64, k)
	for q := range teams {
		for s := range teams {
			if ranks[s] >= ranks[q] {
				sumQ[q] += e[s]
			}
			if ranks[s] == ranks[q] {
				a[q]++
			}
		}
	}
	out := make([][]Skill, k)
	for i, t := range teams {
		omega, delta := 0.0, 0.0
		for q := range teams {
			if ranks[q] > ranks[i] {
				continue
			}
			p := e[i] / sumQ[q]
			if q == i {
				omega += (1 - p) / a[q]
			} else {
				omega -= p / a[q]
			}
			delta += p * (1 - p) / a[q]
		}
		gamma := math.Sqrt(sigma2[i]) / c
		omega *= sigma2[i] / c
		delta *= gamma * sigma2[i] / c2
		out[i] = make([]Skill, len(t))
		for j, s := range t {
			share := s.Sigma * s.Sigma / sigma2[i]
			v := s.Sigma * s.Sigma * math.Max(1-share*delta, skillKappa)
			out[i][j] = Skill{Mu: s.Mu + share*omega, Sigma: math.Sqrt(v)}
		}
	}
	return out
}

// SkillTau is the drift a skill is allowed each game (added to its
// variance before the update), as OpenSkill's tau: without it a
// deviation shrinks with every game until new results can no longer move
// the mean, and the intervals claim more than the games show.
const SkillTau = SkillMu / 300

func drift(teams [][]Skill, tau float64) [][]Skill {
	out := make([][]Skill, len(teams))
	for i, t := range teams {
		out[i] = make([]Skill, len(t))
		for j, s := range t {
			out[i][j] = Skill{Mu: s.Mu, Sigma: math.Sqrt(s.Sigma*s.Sigma + tau*tau)}
		}
	}
	return out
}
