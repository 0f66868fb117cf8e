// Command lesshang reads CodeCup's Less protocol, says on stderr that it
// is thinking, and never answers: a bot that loses on time at its first
// turn, whose game (with no move, when it moves first) its owner must
// still be able to replay and read.
package main

import (
	"bufio"
	"fmt"
	"os"
	"time"
)

func main() {
	in := bufio.NewScanner(os.Stdin)
	said := false
	for in.Scan() {
		if !said {
			fmt.Fprintln(os.Stderr, "lesshang: thinking about", in.Text())
			said = true
		}
		if in.Text() == "Start" {
			time.Sleep(time.Hour)
		}
	}
	time.Sleep(time.Hour)
}
