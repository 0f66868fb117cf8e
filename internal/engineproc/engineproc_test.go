package engineproc

import (
	"bufio"
	"context"
	"io"
	"os/exec"
	"strings"
	"testing"
	"time"
)

func TestStartTalksOverPipes(t *testing.T) {
	if _, err := exec.LookPath("cat"); err != nil {
		t.Skip("no cat on this machine")
	}
	p, err := Start(context.Background(), []string{"cat"})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := io.WriteString(p.In, "uci\n"); err != nil {
		t.Fatal(err)
	}
	line, err := bufio.NewReader(p.Out).ReadString('\n')
	if err != nil || line != "uci\n" {
		t.Fatalf("echo: %q, %v", line, err)
	}
	_ = p.In.Close()
	p.Wait(5 * time.Second) // cat exits at end of input
}

func TestWaitKillsAHungProgram(t *testing.T) {
	if _, err := exec.LookPath("sleep"); err != nil {
		t.Skip("no sleep on this machine")
	}
	p, err := Start(context.Background(), []string{"sleep", "60"})
	if err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	p.Wait(50 * time.Millisecond)
	if p.cmd.ProcessState == nil || p.cmd.ProcessState.Success() {
		t.Fatalf("sleep was not killed: %v", p.cmd.ProcessState)
	}
	if time.Since(start) > 30*time.Second {
		t.Fatal("Wait did not kill within the grace period")
	}
}

func TestStartErrors(t *testing.T) {
	if _, err := Start(context.Background(), nil); err == nil {
		t.Fatal("no command: no error")
	}
	_, err := Start(context.Background(), []string{"/nonexistent/engine"})
	if err == nil || !strings.Contains(err.Error(), "/nonexistent/engine") {
		t.Fatalf("missing program: %v", err)
	}
}
