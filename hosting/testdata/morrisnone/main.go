// Command morrisnone speaks Sanmill's protocol but never moves: to every
// go it answers bestmove none, holding the game over. Admission must not
// take it for a bot that played.
package main

import (
	"bufio"
	"fmt"
	"os"
	"strings"
)

func main() {
	in := bufio.NewScanner(os.Stdin)
	for in.Scan() {
		switch f := strings.Fields(in.Text()); {
		case len(f) == 0:
		case f[0] == "uci":
			fmt.Println("id name morrisnone\nuciok")
		case f[0] == "isready":
			fmt.Println("readyok")
		case f[0] == "go":
			fmt.Println("bestmove none")
		case f[0] == "quit":
			return
		}
	}
}
