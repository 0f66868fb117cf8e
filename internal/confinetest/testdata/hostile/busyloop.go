// A Less bot that reads the layout and its colour, then spins forever
// instead of answering: the referee's clock must end it.
package main

import (
	"bufio"
	"os"
)

func main() {
	in := bufio.NewScanner(os.Stdin)
	in.Scan()
	in.Scan()
	n := 0
	for {
		n++
	}
}
