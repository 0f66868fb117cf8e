package competition

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

// simulate plays g with bots of known strength (logits; a team's are
// summed): side a wins with probability σ(a-b), draws never.
func simulate(game string, g Game, strength []float64, rng *rand.Rand) Result {
	a, b := teams(game, g)
	d := 0.0
	for _, x := range a {
		d += strength[x]
	}
	for _, x := range b {
		d -= strength[x]
	}
	win := 0.0
	if rng.Float64() < 1/(1+math.Exp(-d)) {
		win = 1
	}
	r := Result{N: g.N, Score: make([]float64, len(g.Seats))}
	for s := range g.Seats {
		if game == Less && s%2 == 1 || game == Morris && s == 1 {
			r.Score[s] = 1 - win
		} else {
			r.Score[s] = win
		}
	}
	return r
}

func TestTwoBotsRatingIsTheLogOdds(t *testing.T) {
	// Without a prior to speak of, Bradley-Terry's estimate for two bots
	// is the log odds of the score: 30 wins of 40 is ln 3 apart.
	var obs []outcome
	for i := range 40 {
		obs = append(obs, outcome{[]int{0}, []int{1}, map[bool]float64{true: 1, false: 0}[i < 30]})
	}
	r := fit(2, obs, 1e6)
	got := (r[0].Rating - r[1].Rating) / eloPerLogit
	if math.Abs(got-math.Log(3)) > 1e-6 {
		t.Fatalf("difference %.6f logits, want ln 3 = %.6f", got, math.Log(3))
	}
	// Its standard error is that of a log odds: sqrt(1/30 + 1/10); each
	// bot against the mean of two is half the difference.
	half := r[0].Half / 1.959964 / eloPerLogit
	if want := math.Sqrt(1.0/30+1.0/10) / 2; math.Abs(half-want) > 1e-4 {
		t.Fatalf("standard error %.5f, want %.5f", half, want)
	}
	// A draw is half a win each way: 20 draws leave them level.
	obs = nil
	for range 20 {
		obs = append(obs, outcome{[]int{0}, []int{1}, 0.5})
	}
	r = fit(2, obs, 1e6)
	if math.Abs(r[0].Rating-r[1].Rating) > 1e-6 || math.Abs(r[0].Rating-1500) > 1e-6 {
		t.Fatalf("20 draws: %+v", r)
	}
}

func TestRatingsRecoverKnownStrengths(t *testing.T) {
	for _, game := range []string{Morris, Less} {
		n := 8
		strength := make([]float64, n) // 0.4 logits (70 Elo) apart
		for i := range strength {
			strength[i] = 0.4 * float64(n-1-i)
		}
		p := Plan{Game: game, Format: RoundRobin, Field: field(n), Rounds: 6, Seed: 9}
		games := p.Schedule()
		rng := rand.New(rand.NewPCG(1, 2))
		var res []Result
		for _, g := range games {
			res = append(res, simulate(game, g, strength, rng))
		}
		r := Ratings(p, games, res)
		covered := 0
		for i := range n {
			truth := 1500 + eloPerLogit*(strength[i]-0.4*float64(n-1)/2)
			if math.Abs(r[i].Rating-truth) <= r[i].Half {
				covered++
			}
			t.Logf("%s bot %d: %.0f ± %.0f (truth %.0f)", game, i, r[i].Rating, r[i].Half, truth)
		}
		// The order, except neighbours 70 Elo apart, and the intervals
		// mostly holding the truth (the prior pulls the ends in a little).
		for i := range n {
			for j := i + 2; j < n; j++ {
				if r[i].Rating <= r[j].Rating {
					t.Errorf("%s: bot %d (%.0f) not above bot %d (%.0f)", game, i, r[i].Rating, j, r[j].Rating)
				}
			}
		}
		if covered < 6 {
			t.Errorf("%s: %d of %d intervals hold the truth", game, covered, n)
		}
	}
}

func TestStandingsDependOnTheResultsNotTheirOrder(t *testing.T) {
	p := Plan{Game: Less, Format: RoundRobin, Field: field(6), Rounds: 1, Seed: 3}
	games := p.Schedule()
	rng := rand.New(rand.NewPCG(5, 6))
	strength := []float64{1, 0.5, 0, 0, -0.5, -1}
	var res []Result
	for _, g := range games {
		r := simulate(Less, g, strength, rng)
		r.Margin = make([]int, 4)
		for s := range 4 {
			r.Margin[s] = int(4*r.Score[s]) - 2
		}
		res = append(res, r)
	}
	a := Standings(p, games, res, nil)
	shuffled := slices.Clone(res)
	rng.Shuffle(len(shuffled), func(i, j int) { shuffled[i], shuffled[j] = shuffled[j], shuffled[i] })
	b := Standings(p, games, shuffled, nil)
	for i := range a {
		if a[i].Bot != b[i].Bot || a[i].Points != b[i].Points || a[i].Rated != b[i].Rated || a[i].MeanMargin != b[i].MeanMargin {
			t.Fatalf("row %d: %+v, shuffled %+v", i, a[i], b[i])
		}
	}
	for _, r := range a {
		if r.Games != len(games)*4/6 || r.Wins+r.Draws+r.Losses != r.Games {
			t.Fatalf("%+v: every bot plays %d games", r, len(games)*4/6)
		}
	}
}

func TestIrregularLossesBreakTiesAndByesScoreDraws(t *testing.T) {
	p := Plan{Game: Morris, Format: RoundRobin, Field: field(3), Rounds: 1}
	games := []Game{{N: 1, Seats: []int{0, 1}}, {N: 2, Seats: []int{2, 1}}, {N: 3, Seats: []int{0, 2}}}
	res := []Result{
		{N: 1, Score: []float64{1, 0}, Faults: []int{1}}, // bot 1 crashed
		{N: 2, Score: []float64{0, 1}},
		{N: 3, Score: []float64{0, 1}},
	}
	rows := Standings(p, games, res, []Bye{{Round: 2, Bot: 0}})
	// Bots 0 and 2: 1 point each plus bot 0's bye (a draw of two games);
	// bot 1 has a point and an irregular loss.
	if rows[0].Bot != 0 || rows[0].Points != 2 || rows[0].Byes != 1 {
		t.Fatalf("first %+v", rows[0])
	}
	if rows[2].Bot != 1 || rows[2].Irregular != 1 || rows[1].Bot != 2 {
		t.Fatalf("rows %+v", rows)
	}
	// Level on points: the one without an irregular loss ranks first.
	rows = Standings(p, games, res, nil)
	if rows[0].Bot != 0 || rows[1].Bot != 2 || rows[2].Bot != 1 {
		t.Fatalf("level on a point each: %+v", rows)
	}
	// Game 3 not played: bots 0 and 1 on a point each, bot 1 with its
	// irregular loss below.
	rows = Standings(p, games[:2], res[:2], nil)
	if rows[0].Bot != 0 || rows[1].Bot != 1 || rows[2].Bot != 2 || rows[0].Points != rows[1].Points {
		t.Fatalf("bot 1 one point with an irregular loss: %+v", rows)
	}
	ct := Crosstable(p, games, res)
	if ct[0][1] != 1 || ct[1][0] != 0 || ct[1][2] != 1 || ct[0][0] != -1 {
		t.Fatalf("crosstable %v", ct)
	}
}

func TestSwissRoundsPairEveryBotOnceWithoutRepeats(t *testing.T) {
	for _, game := range []string{Morris, Less} {
		for _, n := range []int{4, 5, 7, 8, 11, 16, 20} {
			if game == Less && n < 4 {
				continue
			}
			p := Plan{Game: game, Format: Swiss, Field: field(n), Rounds: 5, Seed: 1}
			rng := rand.New(rand.NewPCG(uint64(n), 7))
			strength := make([]float64, n)
			for i := range strength {
				strength[i] = rng.NormFloat64()
			}
			var games []Game
			var results []Result
			var byes []Bye
			total := 0
			for round := 1; round <= p.Rounds; round++ {
				g, b := p.SwissRound(round, games, results, byes)
				seen := map[int]int{}
				for _, x := range g {
					if x.Round != round {
						t.Fatalf("%s n=%d: game %+v in round %d", game, n, x, round)
					}
					for _, s := range x.Seats {
						seen[s]++
					}
				}
				for _, x := range b {
					seen[x.Bot] += 100
				}
				per := gamesPerMeeting(game)
				for bot := range n {
					if seen[bot] != per && seen[bot] != 100 {
						t.Fatalf("%s n=%d round %d: bot %d in %d games (100 a bye)", game, n, round, bot, seen[bot])
					}
				}
				if len(b) != n%Seats(game) {
					t.Fatalf("%s n=%d: %d byes", game, n, len(b))
				}
				for _, x := range g {
					if x.N != len(games)+1 {
						t.Fatalf("%s n=%d: game numbered %d after %d", game, n, x.N, len(games))
					}
					games = append(games, x)
					results = append(results, simulate(game, x, strength, rng))
				}
				byes = append(byes, b...)
				total += len(g)
			}
			if total != p.PlannedGames() {
				t.Fatalf("%s n=%d: %d games, planned %d", game, n, total, p.PlannedGames())
			}
			// Morris: no pair meets twice while the field is large enough
			// (5 rounds need 6 bots); byes go round.
			if game == Morris && n >= 6 {
				m := meetings(n, games)
				for a := range n {
					for b := range n {
						if m.opp[a*n+b] > 2 {
							t.Errorf("%s n=%d: bots %d and %d met in %d games", game, n, a, b, m.opp[a*n+b])
						}
					}
				}
			}
			byeOf := map[int]int{}
			for _, b := range byes {
				byeOf[b.Bot]++
			}
			for bot, k := range byeOf {
				if k > 1 && len(byeOf) < n && len(byes) <= n {
					t.Errorf("%s n=%d: bot %d had %d byes while others had none", game, n, bot, k)
				}
			}
		}
	}
}

func TestInvertGivesTheIdentityBack(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	n := 7
	m := make([][]float64, n)
	for i := range m {
		m[i] = make([]float64, n)
		for j := range m[i] {
			m[i][j] = rng.NormFloat64()
		}
		m[i][i] += 5
	}
	inv := invert(m)
	for i := range n {
		for j := range n {
			v := 0.0
			for k := range n {
				v += m[i][k] * inv[k][j]
			}
			if want := map[bool]float64{true: 1}[i == j]; math.Abs(v-want) > 1e-9 {
				t.Fatalf("(m·inv)[%d][%d] = %g", i, j, v)
			}
		}
	}
	if invert([][]float64{{1, 2}, {2, 4}}) != nil {
		t.Error("a singular matrix inverted")
	}
}

// The partners table sums to the standings: a bot's row is its points,
// split by who sat beside it; in a double whist round robin every cell off
// the diagonal is the same number of games; and a strong bot's partners
// score more beside it than beside anyone else.
func TestPartnersSplitEachBotsPointsByItsPartner(t *testing.T) {
	p := Plan{Game: Less, Format: RoundRobin, Field: field(6), Rounds: 1, Seed: 8}
	games := p.Schedule()
	strength := []float64{3, 0, 0, 0, 0, 0}
	rng := rand.New(rand.NewPCG(1, 2))
	var results []Result
	for _, g := range games {
		results = append(results, simulate(Less, g, strength, rng))
	}
	table := Partners(p, games, results)
	for _, r := range Standings(p, games, results, nil) {
		sum, n := 0.0, 0
		for j, c := range table[r.Bot] {
			sum += c.Points
			n += c.Games
			if j == r.Bot && c.Games != 0 {
				t.Errorf("bot %d is its own partner in %d games", r.Bot, c.Games)
			}
			if j != r.Bot && c.Games != 8 {
				t.Errorf("bots %d and %d partners in %d games, a double whist design says 8", r.Bot, j, c.Games)
			}
		}
		if sum != r.Points || n != r.Games {
			t.Errorf("bot %d: partners sum to %g points of %d games, standings %g of %d", r.Bot, sum, n, r.Points, r.Games)
		}
	}
	for i := 1; i < 6; i++ {
		for j := 1; j < 6; j++ {
			if j != i && table[i][j].Points >= table[i][0].Points {
				t.Errorf("bot %d scored %g beside bot %d, %g beside the strong bot 0", i, table[i][j].Points, j, table[i][0].Points)
			}
		}
	}
	if Partners(Plan{Game: Morris, Field: field(2)}, nil, nil) != nil {
		t.Error("a Morris event has a partners table")
	}
}
