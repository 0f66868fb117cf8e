package competition

import "math"

// Rated is a bot's rating on the Elo scale, 1500 the field's mean, with
// the half-width of its 95% interval.
type Rated struct {
	Rating float64 `json:"rating"`
	Half   float64 `json:"rating_95"`
}

// PriorSD is the spread of strengths assumed before any game, in logits
// (natural-log odds): about ±350 Elo. It keeps a bot that won or lost
// every game finite, and weighs little against tens of games.
const PriorSD = 2.0

// eloPerLogit turns logits into Elo points (400 points are odds of 10).
const eloPerLogit = 400 / math.Ln10

// Ratings fits a Bradley-Terry model with teams to the results: a side
// beats the other with probability σ(its members' strengths summed minus
// theirs), a draw counting half a win each way, with a Gaussian prior of
// PriorSD on every strength (the maximum a posteriori, by Newton's
// method). It is a function of the set of results, not their order, as
// the final table of an event needs; the 95% intervals are from the
// curvature at the fit (Laplace), for each bot against the field's mean.
// Byes and irregular losses are games like the others: a forfeit is a
// loss.
func Ratings(p Plan, games []Game, results []Result) []Rated {
	var obs []outcome
	for g, r := range played(games, results) {
		a, b := teams(p.Game, g)
		obs = append(obs, outcome{a, b, r.Score[0]})
	}
	return fit(len(p.Field), obs, PriorSD)
}

// outcome is a game for the fit: side a's score against side b.
type outcome struct {
	a, b  []int
	score float64
}

// fit is the Bradley-Terry fit of Ratings with a prior of sd logits.
func fit(n int, obs []outcome, sd float64) []Rated {
	r := make([]float64, n)
	h := make([][]float64, n)
	for i := range h {
		h[i] = make([]float64, n)
	}
	grad := make([]float64, n)
	prec := 1 / (sd * sd)
	// build fills the gradient and the negated Hessian at r.
	build := func() {
		for i := range n {
			grad[i] = -r[i] * prec
			clear(h[i])
			h[i][i] = prec
		}
		for _, o := range obs {
			d := 0.0
			for _, x := range o.a {
				d += r[x]
			}
			for _, x := range o.b {
				d -= r[x]
			}
			pr := 1 / (1 + math.Exp(-d))
			w := pr * (1 - pr)
			coef := func(x int) float64 { return sign(o.a, o.b, x) }
			members := append(append([]int(nil), o.a...), o.b...)
			for _, x := range members {
				grad[x] += coef(x) * (o.score - pr)
			}
			for _, x := range members {
				for _, y := range members {
					h[x][y] += coef(x) * coef(y) * w
				}
			}
		}
	}
	for range 50 {
		build()
		step := solve(h, grad)
		if step == nil {
			break
		}
		moved := 0.0
		for i := range r {
			r[i] += step[i]
			moved = max(moved, math.Abs(step[i]))
		}
		if moved < 1e-10 {
			break
		}
	}
	build()
	cov := invert(h)
	mean := 0.0
	for _, v := range r {
		mean += v
	}
	mean /= float64(n)
	out := make([]Rated, n)
	for i := range out {
		// Var(r_i - mean) = w'Σw with w = e_i - 1/n.
		v := 0.0
		for x := range n {
			wx := -1 / float64(n)
			if x == i {
				wx++
			}
			for y := range n {
				wy := -1 / float64(n)
				if y == i {
					wy++
				}
				if cov != nil {
					v += wx * wy * cov[x][y]
				}
			}
		}
		out[i] = Rated{Rating: 1500 + eloPerLogit*(r[i]-mean), Half: 1.959964 * eloPerLogit * math.Sqrt(max(v, 0))}
	}
	return out
}

// sign is +1 for a member of side a, -1 for one of b (a bot on both
// sides of one game, which no schedule makes, counts for neither).
func sign(a, b []int, x int) float64 {
	s := 0.0
	for _, y := range a {
		if y == x {
			s++
		}
	}
	for _, y := range b {
		if y == x {
			s--
		}
	}
	return s
}

// solve returns x with m·x = v by Gaussian elimination with partial
// pivoting (m is positive definite here: the prior sees to it), or nil.
func solve(m [][]float64, v []float64) []float64 {
	n := len(v)
	a := make([][]float64, n)
	for i := range a {
		a[i] = append(append(make([]float64, 0, n+1), m[i]...), v[i])
	}
	for c := range n {
		p := c
		for i := c + 1; i < n; i++ {
			if math.Abs(a[i][c]) > math.Abs(a[p][c]) {
				p = i
			}
		}
		if math.Abs(a[p][c]) < 1e-300 {
			return nil
		}
		a[c], a[p] = a[p], a[c]
		for i := c + 1; i < n; i++ {
			f := a[i][c] / a[c][c]
			for k := c; k <= n; k++ {
				a[i][k] -= f * a[c][k]
			}
		}
	}
	x := make([]float64, n)
	for i := n - 1; i >= 0; i-- {
		s := a[i][n]
		for k := i + 1; k < n; k++ {
			s -= a[i][k] * x[k]
		}
		x[i] = s / a[i][i]
	}
	return x
}

// invert returns m's inverse by Gauss-Jordan elimination with partial
// pivoting, or nil: one elimination, where a solve a column cost n of them.
func invert(m [][]float64) [][]float64 {
	n := len(m)
	a := make([][]float64, n)
	for i := range a {
		a[i] = make([]float64, 2*n)
		copy(a[i], m[i])
		a[i][n+i] = 1
	}
	for c := range n {
		p := c
		for i := c + 1; i < n; i++ {
			if math.Abs(a[i][c]) > math.Abs(a[p][c]) {
				p = i
			}
		}
		if math.Abs(a[p][c]) < 1e-300 {
			return nil
		}
		a[c], a[p] = a[p], a[c]
		inv := 1 / a[c][c]
		for k := range a[c] {
			a[c][k] *= inv
		}
		for i := range n {
			if i == c || a[i][c] == 0 {
				continue
			}
			f := a[i][c]
			for k := range a[i] {
				a[i][k] -= f * a[c][k]
			}
		}
	}
	out := make([][]float64, n)
	for i := range out {
		out[i] = a[i][n:]
	}
	return out
}
