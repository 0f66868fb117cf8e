package codecup

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"strings"
	"testing"

	"gameai/ai/lessai"
	"gameai/games/less"
)

// A bot that learns its partners says on standard error what it believes
// of each seat: here its three companions play greedy, and by its turns
// late in the game it names each of them greedy.
func TestTheBotSaysWhatItBelievesOfEachSeat(t *testing.T) {
	cfg, err := ParseSpec("uct:teammate=model,opponents=model,iterations=300", BotConfig{})
	if err != nil {
		t.Fatal(err)
	}
	toBot, fromReferee := io.Pipe()
	fromBot, toReferee := io.Pipe()
	var log strings.Builder
	done := make(chan error, 1)
	go func() {
		done <- RunBot(context.Background(), toBot, toReferee, &log, cfg)
		toReferee.Close()
	}()
	w := fixture(t)
	p := less.NewPosition(w)
	d := less.DistancesFor(w)
	answers := bufio.NewScanner(fromBot)
	send := func(line string) { fmt.Fprintln(fromReferee, line) }
	send(less.FixtureLayout)
	send("Yellow")
	for turn := 0; turn < less.Turns && !p.Over(); turn++ {
		var a less.Action
		if turn%4 == 0 {
			if !answers.Scan() {
				t.Fatalf("turn %d: the bot stopped: %v", turn, answers.Err())
			}
			if a, err = less.ParseAction(answers.Text()); err != nil {
				t.Fatalf("turn %d: %v", turn, err)
			}
		} else {
			a = lessai.Greedy(*p, d)
			send(a.String())
		}
		if p.NilDue(turn % 4) {
			continue
		}
		if err := p.Apply(a); err != nil {
			t.Fatalf("turn %d: %s: %v", turn, a, err)
		}
	}
	send("Quit")
	fromReferee.Close()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	var last string
	for _, l := range strings.Split(log.String(), "\n") {
		if strings.Contains(l, "plays like") {
			last = l
		}
	}
	for _, want := range []string{"Black (opponent, ", "White (teammate, ", "Red (opponent, "} {
		i := strings.Index(last, want)
		if i < 0 || !strings.HasPrefix(last[strings.Index(last[i:], "plays like")+i:], "plays like greedy") {
			t.Errorf("%s not believed greedy in the bot's last word: %q", want, last)
		}
		if j := strings.Index(last[max(i, 0):], "]"); i < 0 || j < 0 || !strings.HasPrefix(last[i+j:], "], planned as it plays") {
			t.Errorf("%s not planned as it plays in the bot's last word: %q", want, last)
		}
	}
}
