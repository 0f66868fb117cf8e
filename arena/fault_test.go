package arena

import (
	"errors"
	"fmt"
	"testing"

	"gameai/competition"
	"gameai/internal/lineio"
)

// A program's end told by its runner as a competition.Faulter keeps its
// kind through wrapping; the protocol's own faults come first, and an
// error that says nothing of its kind is a crash.
func TestFaultKindReadsTheRunnersValue(t *testing.T) {
	memory := &FaultError{Fault: Fault{Kind: competition.Memory, Reason: "killed: out of memory (its limit is 512 MiB)"}}
	for _, c := range []struct {
		err  error
		want competition.FaultKind
	}{
		{fmt.Errorf("it ended: %w", memory), competition.Memory},
		{fmt.Errorf("a: %w", &FaultError{Fault: Fault{Kind: competition.CPUTime}}), competition.CPUTime},
		{fmt.Errorf("%w: %w", lineio.ErrTimeout, memory), competition.TimeOut},
		{fmt.Errorf("%w: %w", lineio.ErrLineTooLong, memory), competition.OutputLimit},
		{errors.New("killed: out of memory (its limit is 512 MiB)"), competition.Crash},
	} {
		if got := faultKind(c.err); got != c.want {
			t.Errorf("%v: %s, want %s", c.err, got, c.want)
		}
	}
	if lost(competition.Memory) != "ran out of memory" || lost(competition.Crash) != "crashed" {
		t.Errorf("reasons begin %q and %q", lost(competition.Memory), lost(competition.Crash))
	}
	var fe *FaultError
	if !errors.As(fmt.Errorf("tournament: %w", memory), &fe) || fe.Fault.Kind != competition.Memory {
		t.Error("a tournament's fault is not read back as a value")
	}
}
