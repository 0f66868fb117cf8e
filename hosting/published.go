package hosting

import (
	"fmt"
	"strconv"
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
			Rule{"Thinking time", fmt.Sprintf("%s for the whole game, counted from the moment a turn is asked until its line arrives", words(c.LessClock))})
	case "morris":
		out = append(out,
			Rule{"Start", fmt.Sprintf("uciok within %s of uci, readyok within %s of isready", words(morrisuci.HandshakeWait), words(morrisuci.HandshakeWait))},
			Rule{"Move time", fmt.Sprintf("go movetime %d: the bestmove line within %s of go (%s and %s of slack for a start in the sandbox)",
				c.MorrisMoveTime.Milliseconds(), words(c.MorrisMoveTime+c.MorrisSlack), words(c.MorrisMoveTime), words(c.MorrisSlack))})
	}
	return append(out,
		Rule{"Between its turns", "frozen (all its processes stopped): it cannot think on the others' time"},
		Rule{"Memory", fmt.Sprintf("%d MiB, all its processes and threads and its /tmp together", limits.Memory>>20)},
		Rule{"Processes and threads", fmt.Sprint(limits.Procs)},
		Rule{"CPU", "one core's worth at once, whatever its threads"},
		Rule{"CPU time", fmt.Sprintf("%s for each of its processes in a game", words(limits.CPUTime))},
		Rule{"Files", fmt.Sprintf("/tmp only (%d MiB), each file at most %d MiB; %d open at once", limits.Scratch>>20, limits.FileSize>>20, limits.OpenFiles)},
		Rule{"Network", "none"},
		Rule{"A line it writes", fmt.Sprintf("at most %d bytes", MaxLine)},
		Rule{"Its input", fmt.Sprintf("read within %s of being sent (a program that stops reading is ended)", words(writeTimeout))},
		Rule{"Standard error", fmt.Sprintf("free to write; its first %d KiB of each game kept for its owner", StderrCap>>10)},
		Rule{"Upload", fmt.Sprintf("one file of at most %d MiB", MaxUpload>>20)},
		Rule{"Build", fmt.Sprintf("%d MiB of memory, %s of CPU, %s in all, %d processes", buildLimits.Memory>>20,
			words(buildLimits.CPUTime), words(c.BuildWall), buildLimits.Procs)},
	)
}

// words says a duration as a person would: 200 ms, 2.2 s, 70 s, 3 min.
func words(d time.Duration) string {
	switch {
	case d < time.Second:
		return strconv.FormatInt(d.Milliseconds(), 10) + " ms"
	case d >= 2*time.Minute && d%time.Minute == 0:
		return strconv.Itoa(int(d/time.Minute)) + " min"
	}
	return strconv.FormatFloat(d.Seconds(), 'f', -1, 64) + " s"
}
