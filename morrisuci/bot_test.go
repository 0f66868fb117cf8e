package morrisuci

import (
	"bufio"
	"context"
	"errors"
	"gameai/ai/morrisai"
	"io"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"gameai/games/morris"
)

// session runs a bot on pipes: send writes a command, expect reads lines
// until one starts with a prefix.
type session struct {
	t     *testing.T
	in    *io.PipeWriter
	lines chan string
	done  chan error
	log   *syncBuilder
}

// syncBuilder is a strings.Builder safe for the bot's goroutines.
type syncBuilder struct {
	mu sync.Mutex
	b  strings.Builder
}

func (s *syncBuilder) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuilder) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

func newSession(t *testing.T) *session { return newSessionKnowing(t, nil) }

// newSessionKnowing is a session with a bot whose alpha-beta knows k.
func newSessionKnowing(t *testing.T, k *morrisai.Knowledge) *session {
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	log := &syncBuilder{}
	b := NewBot(outW, log, "test", k)
	s := &session{t: t, in: inW, lines: make(chan string, 1<<16), done: make(chan error, 1), log: log}
	// The bot's output is read all the time, as a real engine's would be.
	go func() {
		sc := bufio.NewScanner(outR)
		for sc.Scan() {
			s.lines <- sc.Text()
		}
		close(s.lines)
	}()
	go func() {
		err := b.Run(context.Background(), inR)
		outW.Close()
		s.done <- err
	}()
	t.Cleanup(func() { inW.Close() })
	return s
}

func (s *session) send(line string) {
	s.t.Helper()
	if _, err := io.WriteString(s.in, line+"\n"); err != nil {
		s.t.Fatal(err)
	}
}

func (s *session) expect(prefix string) string {
	s.t.Helper()
	deadline := time.After(20 * time.Second)
	for {
		select {
		case l, ok := <-s.lines:
			if !ok {
				s.t.Fatalf("output ended before %q", prefix)
			}
			if strings.HasPrefix(l, prefix) {
				return l
			}
		case <-deadline:
			s.t.Fatalf("no %q in 20 s", prefix)
		}
	}
}

func TestHandshakeAndOptions(t *testing.T) {
	s := newSession(t)
	s.send("uci")
	if l := s.expect("id name"); !strings.Contains(l, "gameai") {
		t.Errorf("id: %q", l)
	}
	// Every option of the table, then the rules', as the protocol writes
	// them.
	for _, o := range append(slices.Clone(Options), morris.OptionSpecs...) {
		s.expect(OptionLine(o))
	}
	s.expect("uciok")
	if l := OptionLine(Options[6]); l != "option name Hash type spin default 16 min 1 max 4096" {
		t.Errorf("Hash: %q", l)
	}
	if l := OptionLine(Options[4]); l != "option name Engine type combo default alphabeta var alphabeta var mcts" {
		t.Errorf("Engine: %q", l)
	}
	s.send("isready")
	s.expect("readyok")
	s.send("setoption name MoveTime value NaN")
	s.send("setoption name MoveTime value 0.2")
	s.send("setoption name Strategy value petcu-e32")
	s.send("setoption name Strategy value nobody")
	s.send("setoption name flying value maybe")
	s.send("setoption name Colour value blue")
	s.send("setoption name Hash value 0")
	s.send("setoption name Hash value 64")
	s.send("position startpos moves d6 d2")
	start := time.Now()
	s.send("go")
	if tok := strings.Fields(s.expect("bestmove"))[1]; len(tok) != 2 {
		t.Errorf("bestmove %q, want a placement", tok)
	}
	if el := time.Since(start); el > 2*time.Second {
		t.Errorf("MoveTime 0.2 took %v", el)
	}
	s.send("quit")
	if err := <-s.done; err != nil {
		t.Error(err)
	}
	for _, want := range []string{"Strategy", "flying", "unknown option \"Colour\"", "option \"Hash\": \"0\" is not an integer in 1..4096",
		"option \"MoveTime\": \"NaN\" is not a number in (0, 3600]"} {
		if !strings.Contains(s.log.String(), want) {
			t.Errorf("log %q lacks %q", s.log.String(), want)
		}
	}
}

func TestAMillIsCompletedWithItsRemoval(t *testing.T) {
	s := newSession(t)
	// White to play f6 closes b6-d6-f6: bestmove is f6, then with f6
	// pending the removal (a black piece) is asked for. (At depth 2 the
	// presets take the mill; at 3 they prefer b2's double threat.)
	s.send("setoption name Strategy value petcu-e32")
	s.send("position startpos moves d6 d2 b6 f2")
	s.send("go depth 2")
	if l := s.expect("bestmove"); strings.Fields(l)[1] != "f6" {
		t.Errorf("bestmove %q, want f6 (the mill)", l)
	}
	s.send("position startpos moves d6 d2 b6 f2 f6")
	s.send("go depth 3")
	tok := strings.Fields(s.expect("bestmove"))[1]
	if tok != "xd2" && tok != "xf2" {
		t.Errorf("removal %q, want xd2 or xf2", tok)
	}
	s.send("quit")
	<-s.done
}

// The removal of a mill the search chose is the one that search chose
// with it, answered without searching again: a minute's movetime is not
// spent (expect gives up after 20 s).
func TestTheRemovalIsTheOneChosenWithTheMill(t *testing.T) {
	s := newSession(t)
	s.send("setoption name Strategy value petcu-e32")
	s.send("position startpos moves d6 d2 b6 f2")
	s.send("go depth 2")
	var pv []string
	for {
		l := s.expect("")
		if strings.HasPrefix(l, "bestmove") {
			break
		}
		if f := strings.Fields(l); len(f) > 0 && f[0] == "info" {
			pv = f[slices.Index(f, "pv")+1:]
		}
	}
	if len(pv) < 2 || pv[0] != "f6" || !strings.HasPrefix(pv[1], "x") {
		t.Fatalf("principal variation %v, want the mill f6 and its removal", pv)
	}
	s.send("position startpos moves d6 d2 b6 f2 f6")
	s.send("go movetime 60000")
	if l := s.expect(""); l != "bestmove "+pv[1] {
		t.Errorf("after the mill: %q, want at once bestmove %s", l, pv[1])
	}
	s.send("quit")
	<-s.done
}

func TestDrawnAndLostPositionsAndJunk(t *testing.T) {
	s := newSession(t)
	for _, junk := range []string{"", "   ", "go movetime abc", "position", "position sideways",
		"position startpos moves zz", "setoption", "setoption name", "frobnicate", "go depth", "position fen a b c"} {
		s.send(junk)
	}
	s.send("isready")
	s.expect("readyok")
	// Both sides shuffle: the third occurrence draws.
	s.send("position fen WW./W../.../....../BB./.W./B.B w 0 0 0 40 - moves d2-b2 a1-a4 b2-d2 a4-a1 d2-b2 a1-a4 b2-d2 a4-a1")
	s.send("go movetime 100")
	if l := s.expect("bestmove"); l != "bestmove draw" {
		t.Errorf("repetition: %q", l)
	}
	s.send("position fen WB./.../.../WB..../.../.B./WWB w 0 0 4 50 -")
	s.send("go movetime 100")
	if l := s.expect("bestmove"); l != "bestmove none" {
		t.Errorf("white stuck: %q", l)
	}
	s.send("quit")
	<-s.done
	if !strings.Contains(s.log.String(), "token 1") {
		t.Errorf("the illegal token was not reported: %s", s.log.String())
	}
}

// The client drives our own bot; moves come back complete with removals.
func TestClientAgainstTheBot(t *testing.T) {
	toBotR, toBotW := io.Pipe()
	fromBotR, fromBotW := io.Pipe()
	b := NewBot(fromBotW, io.Discard, "test", nil)
	go func() { _ = b.Run(context.Background(), toBotR); fromBotW.Close() }()
	c := NewClient("bot", fromBotR, toBotW)
	c.MoveTime, c.Depth = 100*time.Millisecond, 2
	if err := c.Handshake(context.Background(), map[string]string{"Strategy": "petcu-e32"}); err != nil { // takes the mill
		t.Fatal(err)
	}
	defer c.Close()
	p := morris.NewPosition(morris.StandardRules)
	var hist []morris.Move
	for _, tok := range []string{"d6", "d2", "b6", "f2"} {
		m, _ := morris.ParseMove(tok)
		p.Make(m)
		hist = append(hist, m)
	}
	m, err := c.Move(context.Background(), p, hist)
	if err != nil {
		t.Fatal(err)
	}
	if !p.IsLegal(m) || !m.Removes() {
		t.Errorf("client move %s: want the mill f6 with its removal", m)
	}
	for _, l := range []string{"info score 3 bestmove g4", "bestmove d6-d5", "info depth 3 score cp 2 pv a1"} {
		tok, ok := BestMoveToken(l)
		if want := strings.HasPrefix(l, "info depth"); ok == want {
			t.Errorf("%q: token %q %v", l, tok, ok)
		}
	}
}

// An engine that holds the game over answers draw or none where a move
// was asked: the client says so as a ClaimError, for the referee to weigh.
func TestClientReportsAClaimThatTheGameIsOver(t *testing.T) {
	for _, tok := range []string{"draw", "none", "(none)"} {
		toEngR, toEngW := io.Pipe()
		fromEngR, fromEngW := io.Pipe()
		go func() {
			sc := bufio.NewScanner(toEngR)
			for sc.Scan() {
				if strings.HasPrefix(sc.Text(), "go") {
					_, _ = io.WriteString(fromEngW, "info score 0 bestmove "+tok+"\n")
				}
			}
		}()
		c := NewClient("engine", fromEngR, toEngW)
		c.MoveTime = 10 * time.Millisecond
		_, err := c.Move(context.Background(), morris.NewPosition(morris.StandardRules), nil)
		var claim *ClaimError
		if !errors.As(err, &claim) || claim.Token != tok {
			t.Errorf("bestmove %s: %v, want a ClaimError", tok, err)
		}
		toEngW.Close()
		fromEngW.Close()
	}
}
