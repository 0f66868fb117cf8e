// Command morrishang speaks Sanmill's protocol until its first go, then
// never answers: a bot that would hold a game, and the admission queue
// behind it, for ever. It must lose on time at its move time plus the
// host's slack, and be rejected.
package main

import (
	"bufio"
	"fmt"
	"os"
	"strings"
	"time"
)

func main() {
	in := bufio.NewScanner(os.Stdin)
	for in.Scan() {
		switch f := strings.Fields(in.Text()); {
		case len(f) == 0:
		case f[0] == "uci":
			fmt.Println("id name morrishang\nuciok")
		case f[0] == "isready":
			fmt.Println("readyok")
		case f[0] == "go":
			time.Sleep(time.Hour) // reads no more: stop and quit go unheard
		}
	}
}
