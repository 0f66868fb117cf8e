package hosting

import (
	"fmt"
	"time"

	"gameai/morrisuci"
)

// Rule is one published limit on an uploaded bot: what it bounds and its
// value on a server of Config. The protocol pages' table is these rules
// (a test keeps docs/protocol in step), and GET /v1/languages serves them.
type Rule struct {
	What  string `json:"what"`
	Limit string `json:"limit"`
}

// Rules are the limits a bot of game plays under in its validation
// games, and in every game as the same defaults.
func (c Config) Rules(game string) []Rule {
	c = c.withDefaults()
	limits := c.gameLimits(morrisCPU)
	var out []Rule
	switch game {
	case "less":
		limits.CPUTime = lessCPU(c.LessClock)
		out = append(out,
			Rule{"Thinking time", fmt.Sprintf("%v for the whole game, counted from the moment a turn is asked until its line arrives", c.LessClock)})
	case "morris":
		out = append(out,
			Rule{"Start", fmt.Sprintf("uciok within %v of uci, readyok within %v of isready", morrisuci.HandshakeWait, morrisuci.HandshakeWait)},
			Rule{"Move time", fmt.Sprintf("go movetime %d: the bestmove line within %v of go (%v and %v of slack for a start in the sandbox)",
				c.MorrisMoveTime.Milliseconds(), c.MorrisMoveTime+c.MorrisSlack, c.MorrisMoveTime, c.MorrisSlack)})
	}
	return append(out,
		Rule{"Between its turns", "frozen (all its processes stopped): it cannot think on the others' time"},
		Rule{"Memory", fmt.Sprintf("%d MiB, all its processes and threads and its /tmp together", limits.Memory>>20)},
		Rule{"Processes and threads", fmt.Sprint(limits.Procs)},
		Rule{"CPU", "one core's worth at once, whatever its threads"},
		Rule{"CPU time", fmt.Sprintf("%v for each of its processes in a game", limits.CPUTime)},
		Rule{"Files", fmt.Sprintf("/tmp only (%d MiB), each file at most %d MiB; %d open at once", limits.Scratch>>20, limits.FileSize>>20, limits.OpenFiles)},
		Rule{"Network", "none"},
		Rule{"A line it writes", fmt.Sprintf("at most %d bytes", MaxLine)},
		Rule{"Its input", fmt.Sprintf("read within %v of being sent (a program that stops reading is ended)", writeTimeout)},
		Rule{"Standard error", fmt.Sprintf("free to write; its first %d KiB of each game kept for its owner", StderrCap>>10)},
		Rule{"Upload", fmt.Sprintf("one file of at most %d MiB", MaxUpload>>20)},
		Rule{"Build", fmt.Sprintf("%d MiB of memory, %v of CPU, %v in all, %d processes", buildLimits.Memory>>20,
			buildLimits.CPUTime, c.BuildWall.Round(time.Second), buildLimits.Procs)},
	)
}
