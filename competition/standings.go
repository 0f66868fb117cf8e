package competition

import (
	"cmp"
	"slices"
)

// Row is one bot's line of the standings.
type Row struct {
	Bot    int     `json:"bot"` // index into the field
	Games  int     `json:"games"`
	Points float64 `json:"points"`
	Wins   int     `json:"wins"`
	Draws  int     `json:"draws"`
	Losses int     `json:"losses"`
	// Irregular counts the games it lost by a fault of its own.
	Irregular int `json:"irregular"`
	Byes      int `json:"byes"`
	// MeanMargin is Less's mean margin a game (the other team's total
	// minus its own).
	MeanMargin float64 `json:"mean_margin"`
	Rated
}

// Standings are the rows, best first: by points, then fewer irregular
// losses (a bot that breaks rules ranks below one that does not), then
// Less's mean margin, then the rating, then the field's order. They are
// computed from the results alone, in any order.
func Standings(p Plan, games []Game, results []Result, byes []Bye) []Row {
	rows := tally(p, games, results, byes)
	ratings := Ratings(p, games, results)
	for i := range rows {
		rows[i].Rated = ratings[i]
	}
	slices.SortStableFunc(rows, func(a, b Row) int {
		return cmp.Or(cmp.Compare(b.Points, a.Points), cmp.Compare(a.Irregular, b.Irregular),
			cmp.Compare(b.MeanMargin, a.MeanMargin), cmp.Compare(b.Rating, a.Rating), cmp.Compare(a.Bot, b.Bot))
	})
	return rows
}

// tally counts each bot's games, points and results, in field order,
// without the ratings (a Swiss pairing needs the points only).
func tally(p Plan, games []Game, results []Result, byes []Bye) []Row {
	rows := make([]Row, len(p.Field))
	margins := make([]int, len(p.Field))
	for i := range rows {
		rows[i].Bot = i
	}
	for g, r := range played(games, results) {
		for seat, bot := range g.Seats {
			row := &rows[bot]
			row.Games++
			row.Points += r.Score[seat]
			switch {
			case r.Score[seat] > 0.5:
				row.Wins++
			case r.Score[seat] < 0.5:
				row.Losses++
			default:
				row.Draws++
			}
			if r.Margin != nil {
				margins[bot] += r.Margin[seat]
			}
			if slices.Contains(r.Faults, seat) {
				row.Irregular++
			}
		}
	}
	for _, b := range byes {
		if b.Bot >= 0 && b.Bot < len(rows) {
			rows[b.Bot].Byes++
			rows[b.Bot].Points += ByePoints(p.Game)
		}
	}
	for i := range rows {
		if rows[i].Games > 0 {
			rows[i].MeanMargin = float64(margins[i]) / float64(rows[i].Games)
		}
	}
	return rows
}

// Crosstable is Morris's table of points: cell [i][j] is what bot i
// scored against bot j over their games (-1 where they never met).
func Crosstable(p Plan, games []Game, results []Result) [][]float64 {
	n := len(p.Field)
	out := make([][]float64, n)
	for i := range out {
		out[i] = make([]float64, n)
		for j := range out[i] {
			out[i][j] = -1
		}
	}
	for g, r := range played(games, results) {
		if len(g.Seats) != 2 {
			continue
		}
		w, b := g.Seats[0], g.Seats[1]
		for _, c := range [][2]int{{w, b}, {b, w}} {
			if out[c[0]][c[1]] < 0 {
				out[c[0]][c[1]] = 0
			}
		}
		out[w][b] += r.Score[0]
		out[b][w] += r.Score[1]
	}
	return out
}

// PartnerTally is what a Less bot scored in the games another bot was its
// partner, and how many they were.
type PartnerTally struct {
	Points float64 `json:"points"`
	Games  int     `json:"games"`
}

// Partners is a Less event's table of partners: cell [i][j] is what bot i
// scored in its games beside bot j (no games where they never partnered);
// nil for Morris. A bot's points, byes aside, are its row's sum, so a row
// that leans on one partner says where its result came from: the partner
// draw, which a whist design evens out.
func Partners(p Plan, games []Game, results []Result) [][]PartnerTally {
	if p.Game != Less {
		return nil
	}
	n := len(p.Field)
	out := make([][]PartnerTally, n)
	for i := range out {
		out[i] = make([]PartnerTally, n)
	}
	for g, r := range played(games, results) {
		if len(g.Seats) != 4 {
			continue
		}
		for s, b := range g.Seats {
			mate := g.Seats[s^2] // Yellow and White, Black and Red
			if b < 0 || b >= n || mate < 0 || mate >= n {
				continue
			}
			out[b][mate].Points += r.Score[s]
			out[b][mate].Games++
		}
	}
	return out
}
