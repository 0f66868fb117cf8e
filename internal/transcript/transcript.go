// Package transcript keeps a conversation between a referee and a program,
// line by line, in the order the referee sent and read them: what a bot
// author needs to debug a protocol mistake ("what did it send me at turn
// 7?"), and what the protocol pages show of a whole game. Its cost is
// bounded: the first lines and the last ones are kept, and the middle is
// counted.
package transcript

import (
	"fmt"
	"strings"
	"sync"
	"time"
)

// Line is one line of the conversation.
type Line struct {
	// Sent is true for a line the referee sent the program, false for one
	// the program wrote.
	Sent bool
	Text string
	// At is its time since the conversation began.
	At time.Duration
}

// Transcript records a conversation. Its methods may be called from
// several goroutines; the zero value keeps nothing (use New).
type Transcript struct {
	mu      sync.Mutex
	begun   time.Time
	head    []Line
	tail    []Line // a ring of the last lines once head is full
	next    int    // where the ring writes next
	maxHead int
	maxTail int
	skipped int
	// maxText bounds one line's text (longer ones are cut, saying so).
	maxText int
}

// New keeps the first head lines and the last tail ones.
func New(head, tail int) *Transcript {
	return &Transcript{begun: time.Now(), maxHead: head, maxTail: tail, maxText: 512}
}

// Sent records a line the referee sent.
func (t *Transcript) Sent(text string) { t.add(Line{Sent: true, Text: text}) }

// Got records a line the program wrote.
func (t *Transcript) Got(text string) { t.add(Line{Text: text}) }

func (t *Transcript) add(l Line) {
	if t == nil {
		return
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	l.At = time.Since(t.begun)
	if len(l.Text) > t.maxText {
		l.Text = fmt.Sprintf("%s… [%d bytes more]", l.Text[:t.maxText], len(l.Text)-t.maxText)
	}
	switch {
	case len(t.head) < t.maxHead:
		t.head = append(t.head, l)
	case t.maxTail == 0:
		t.skipped++
	case len(t.tail) < t.maxTail:
		t.tail = append(t.tail, l)
	default:
		t.tail[t.next] = l
		t.next = (t.next + 1) % t.maxTail
		t.skipped++
	}
}

// Lines are the kept lines in order, and how many were left out between
// the first ones and the last.
func (t *Transcript) Lines() (lines []Line, skipped int) {
	if t == nil {
		return nil, 0
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	lines = append(append([]Line{}, t.head...), t.tail[t.next:]...)
	return append(lines, t.tail[:t.next]...), t.skipped
}

// String is the conversation as the protocol pages show it: "> " before a
// line the referee sent, "< " before the program's.
func (t *Transcript) String() string { return t.render(false) }

// Timed is String with each line's time since the start, in seconds.
func (t *Transcript) Timed() string { return t.render(true) }

func (t *Transcript) render(timed bool) string {
	lines, skipped := t.Lines()
	var b strings.Builder
	for i, l := range lines {
		if skipped > 0 && i == t.maxHead {
			fmt.Fprintf(&b, "… %d lines not kept …\n", skipped)
		}
		if timed {
			fmt.Fprintf(&b, "%7.3f ", l.At.Seconds())
		}
		dir := "< "
		if l.Sent {
			dir = "> "
		}
		b.WriteString(dir + l.Text + "\n")
	}
	return b.String()
}
