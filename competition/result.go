package competition

import "fmt"

// Result is a finished game: each seat's score (1 a win, ½ a draw, 0 a
// loss; teammates score alike), each seat's margin (Less: the other
// team's total minus its own, so positive is good; Morris: 0) and the
// seats that lost irregularly (a crash, a timeout, an illegal move, a
// protocol fault).
type Result struct {
	N      int       `json:"n"`
	Score  []float64 `json:"score"`
	Margin []int     `json:"margin,omitempty"`
	Faults []int     `json:"faults,omitempty"`
}

// FaultKind is how a program lost a game irregularly, as a value a caller
// switches on (the reason's words are for people).
type FaultKind string

// The ways to lose irregularly.
const (
	// Crash: it ended, closed its output or never started.
	Crash FaultKind = "crash"
	// TimeOut: no move within its clock.
	TimeOut FaultKind = "time"
	// Illegal: a move the rules forbid (the rules' model decides).
	Illegal FaultKind = "illegal"
	// Protocol: a line that is not a move in the protocol's notation.
	Protocol FaultKind = "protocol"
	// FalseClaim: it held the game over where the rules go on.
	FalseClaim FaultKind = "false-claim"
	// OutputLimit: a line longer than the protocol allows.
	OutputLimit FaultKind = "output"
	// Memory: killed for passing its memory limit.
	Memory FaultKind = "memory"
	// CPUTime: killed for passing its CPU time limit.
	CPUTime FaultKind = "cpu"
)

// Faulter is an error that knows its fault kind (a program's end, told
// by whatever ran it); the referees read it with errors.As.
type Faulter interface {
	error
	FaultKind() FaultKind
}

// Check says what is wrong with a result of g.
func (r Result) Check(g Game) error {
	if r.N != g.N {
		return fmt.Errorf("result of game %d given for game %d", r.N, g.N)
	}
	if len(r.Score) != len(g.Seats) || (r.Margin != nil && len(r.Margin) != len(g.Seats)) {
		return fmt.Errorf("game %d: %d seats, a result of %d", g.N, len(g.Seats), len(r.Score))
	}
	for _, s := range r.Faults {
		if s < 0 || s >= len(g.Seats) {
			return fmt.Errorf("game %d: no seat %d", g.N, s)
		}
	}
	return nil
}

// Bye is a round a bot sat out (a Swiss round whose field did not fill
// the last pairing or table).
type Bye struct {
	Round int `json:"round"`
	Bot   int `json:"bot"`
}

// ByePoints is what a bye scores: the games it stands for, each as a draw.
// A bye is nobody's doing, so it neither rewards nor punishes; it is kept
// out of the ratings.
func ByePoints(game string) float64 { return float64(gamesPerMeeting(game)) / 2 }

// gamesPerMeeting is the games of one Swiss meeting: a Morris pairing
// plays both colours, a Less table its four games.
func gamesPerMeeting(game string) int {
	if game == Less {
		return tableGames
	}
	return 2
}

// teams splits a game's seats into the two sides: Morris white against
// black, Less Yellow and White against Black and Red.
func teams(game string, g Game) (a, b []int) {
	if game == Less {
		return []int{g.Seats[0], g.Seats[2]}, []int{g.Seats[1], g.Seats[3]}
	}
	return []int{g.Seats[0]}, []int{g.Seats[1]}
}
