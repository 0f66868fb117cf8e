package competition

import (
	"cmp"
	"math"
	"math/rand/v2"
	"slices"
	"time"
)

// Ladder is the rating of the bots of one game that play each other all
// the time: a skill for every bot version that ever played, with its
// record and its history. It is pure bookkeeping: which bots meet next
// (Pick) and what a result does to them (Record); the games are played
// elsewhere.
type Ladder struct {
	Rows map[string]*LadderRow `json:"rows"`
}

// LadderRow is a bot version on a ladder.
type LadderRow struct {
	Bot string `json:"bot"`
	Skill
	Games     int       `json:"games"`
	Wins      int       `json:"wins"`
	Draws     int       `json:"draws"`
	Losses    int       `json:"losses"`
	Irregular int       `json:"irregular"`
	LastGame  time.Time `json:"last_game"`
	// History is its skill after its games: a point a game, thinned
	// (every other of the older half dropped) past MaxHistory.
	History []SkillPoint `json:"history,omitempty"`
}

// SkillPoint is a bot's skill after its games-th game.
type SkillPoint struct {
	At    time.Time `json:"at"`
	Games int       `json:"games"`
	Mu    float64   `json:"mu"`
	Sigma float64   `json:"sigma"`
}

// MaxHistory bounds a bot's history points.
const MaxHistory = 400

// row is id's row, made on its first game.
func (l *Ladder) row(id string) *LadderRow {
	if l.Rows == nil {
		l.Rows = map[string]*LadderRow{}
	}
	r := l.Rows[id]
	if r == nil {
		r = &LadderRow{Bot: id, Skill: NewSkill()}
		l.Rows[id] = r
	}
	return r
}

// Skill is id's skill (a new bot's before its first game).
func (l *Ladder) Skill(id string) Skill {
	if r := l.Rows[id]; r != nil {
		return r.Skill
	}
	return NewSkill()
}

// Pick chooses the seats of the next game of game among the active bots
// (nil when there are too few): first the bot whose skill is least
// certain (a new version, so that it is placed within its first few dozen
// games), then opponents drawn from those nearest it in skill; Less's four
// split into the two most even teams, by colour (Yellow, Black, White,
// Red: Yellow and White one team), the colours drawn.
func (l *Ladder) Pick(game string, active []string, rng *rand.Rand) []string {
	need := Seats(game)
	if len(active) < need {
		return nil
	}
	bots := slices.Clone(active)
	rng.Shuffle(len(bots), func(i, j int) { bots[i], bots[j] = bots[j], bots[i] })
	first := slices.MaxFunc(bots, func(a, b string) int { return cmp.Compare(l.Skill(a).Sigma, l.Skill(b).Sigma) })
	mu := l.Skill(first).Mu
	var rest []string
	for _, b := range bots {
		if b != first {
			rest = append(rest, b)
		}
	}
	slices.SortStableFunc(rest, func(a, b string) int {
		return cmp.Compare(math.Abs(l.Skill(a).Mu-mu), math.Abs(l.Skill(b).Mu-mu))
	})
	// A window a little wider than the game needs: near in skill, but
	// not always the same neighbours.
	window := rest[:min(len(rest), need+1)]
	rng.Shuffle(len(window), func(i, j int) { window[i], window[j] = window[j], window[i] })
	four := append([]string{first}, window[:need-1]...)
	if game != Less {
		return four
	}
	// The split of the four whose teams' means are closest.
	splits := [][4]int{{0, 1, 2, 3}, {0, 2, 1, 3}, {0, 3, 1, 2}}
	best := slices.MinFunc(splits, func(a, b [4]int) int {
		gap := func(s [4]int) float64 {
			return math.Abs(l.Skill(four[s[0]]).Mu + l.Skill(four[s[1]]).Mu - l.Skill(four[s[2]]).Mu - l.Skill(four[s[3]]).Mu)
		}
		return cmp.Compare(gap(a), gap(b))
	})
	a := [2]string{four[best[0]], four[best[1]]}
	b := [2]string{four[best[2]], four[best[3]]}
	if rng.IntN(2) == 1 {
		a, b = b, a
	}
	if rng.IntN(2) == 1 {
		a[0], a[1] = a[1], a[0]
	}
	if rng.IntN(2) == 1 {
		b[0], b[1] = b[1], b[0]
	}
	return []string{a[0], b[0], a[1], b[1]}
}

// Record counts a game: the bots by seat (as Pick gives them), each
// seat's score (1, ½, 0; teammates alike) and the seats that lost
// irregularly.
func (l *Ladder) Record(game string, seats []string, score []float64, faults []int, at time.Time) {
	var teams [][]int // seat indices of each side
	if game == Less {
		teams = [][]int{{0, 2}, {1, 3}}
	} else {
		teams = [][]int{{0}, {1}}
	}
	skills := make([][]Skill, len(teams))
	ranks := make([]int, len(teams))
	for t, side := range teams {
		for _, s := range side {
			skills[t] = append(skills[t], l.Skill(seats[s]))
		}
		if score[side[0]] < 0.5 {
			ranks[t] = 1
		}
	}
	if score[teams[0][0]] == 0.5 {
		ranks = []int{0, 0}
	}
	up := RateGame(skills, ranks, SkillTau)
	for t, side := range teams {
		for k, s := range side {
			r := l.row(seats[s])
			r.Skill = up[t][k]
			r.Games++
			r.LastGame = at
			switch score[s] {
			case 1:
				r.Wins++
			case 0:
				r.Losses++
			default:
				r.Draws++
			}
			if slices.Contains(faults, s) {
				r.Irregular++
			}
			r.History = append(r.History, SkillPoint{At: at, Games: r.Games, Mu: r.Mu, Sigma: r.Sigma})
			if len(r.History) > MaxHistory {
				r.History = thin(r.History)
			}
		}
	}
}

// thin drops every other point of the older half.
func thin(h []SkillPoint) []SkillPoint {
	half := len(h) / 2
	out := make([]SkillPoint, 0, len(h))
	for i, p := range h[:half] {
		if i%2 == 0 {
			out = append(out, p)
		}
	}
	return append(out, h[half:]...)
}

// Order ranks rows by conservative rating, best first (ties by games,
// then id, so the order is the same every time).
func Order(rows []*LadderRow) {
	slices.SortFunc(rows, func(a, b *LadderRow) int {
		if c := cmp.Compare(b.Conservative(), a.Conservative()); c != 0 {
			return c
		}
		if c := cmp.Compare(b.Games, a.Games); c != 0 {
			return c
		}
		return cmp.Compare(a.Bot, b.Bot)
	})
}
