package hosting

import (
	"os"
	"time"

	"gameai/sandbox"
)

// boxes start programs each confined in a box of its own. On a host they
// are the sandbox (sandboxBoxes); hosting's tests of the admission's
// steps, which are about the steps and not about confinement, give a fake
// that runs programs plainly, so they need no root.
type boxes interface {
	Start(sandbox.Spec) (boxed, error)
	Close()
}

// boxed is a program started in a box: its three pipes, its end, the
// ways to stop or pause it, and how it ended (with what it used).
type boxed interface {
	Pipes() (stdin, stdout, stderr *os.File)
	Done() <-chan struct{}
	Kill()
	// Expire is Kill for a program past its wall-clock limit: its Exit
	// says WallTime unless it had ended already.
	Expire(wall time.Duration)
	Freeze() error
	Thaw() error
	// Exit says how it ended, once Done is closed.
	Exit() sandbox.Exit
}

// sandboxBoxes are the sandbox's boxes.
type sandboxBoxes struct{ sb *sandbox.Sandbox }

func (s sandboxBoxes) Start(spec sandbox.Spec) (boxed, error) {
	p, err := s.sb.Start(spec)
	if err != nil {
		return nil, err
	}
	return sandboxed{p}, nil
}

func (s sandboxBoxes) Close() { s.sb.Close() }

type sandboxed struct{ *sandbox.Process }

func (p sandboxed) Pipes() (stdin, stdout, stderr *os.File) { return p.Stdin, p.Stdout, p.Stderr }
