// Package cli holds the gameai subcommands. Every flag has an environment
// variable; a flag on the command line wins over the variable, which wins
// over the default.
package cli

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"time"
)

// flags is a flag set whose flags also read environment variables.
type flags struct {
	fs   *flag.FlagSet
	env  map[string]string // flag name -> variable
	name string
	help string
}

func newFlags(name, help string, out io.Writer) *flags {
	f := &flags{fs: flag.NewFlagSet(name, flag.ContinueOnError), env: map[string]string{}, name: name, help: help}
	f.fs.SetOutput(out)
	f.fs.Usage = f.usage
	return f
}

func (f *flags) usage() {
	w := f.fs.Output()
	fmt.Fprintf(w, "usage: gameai %s [flags]\n\n%s\n\nflags (each also read from its environment variable):\n", f.name, f.help)
	f.fs.VisitAll(func(fl *flag.Flag) {
		name, usage := flag.UnquoteUsage(fl)
		fmt.Fprintf(w, "  --%s %s\n    \t%s", fl.Name, name, strings.ReplaceAll(usage, "\n", "\n    \t"))
		if v := f.env[fl.Name]; v != "" {
			fmt.Fprintf(w, " (env %s)", v)
		}
		if fl.DefValue != "" {
			fmt.Fprintf(w, " (default %q)", fl.DefValue)
		}
		fmt.Fprintln(w)
	})
}

func (f *flags) String(name, env, def, usage string) *string {
	f.env[name] = env
	return f.fs.String(name, def, usage)
}

func (f *flags) Int(name, env string, def int, usage string) *int {
	f.env[name] = env
	return f.fs.Int(name, def, usage)
}

func (f *flags) Int64(name, env string, def int64, usage string) *int64 {
	f.env[name] = env
	return f.fs.Int64(name, def, usage)
}

func (f *flags) Duration(name, env string, def time.Duration, usage string) *time.Duration {
	f.env[name] = env
	return f.fs.Duration(name, def, usage)
}

// parse applies the environment, then the arguments. errHelp is returned
// for --help so callers exit 0.
func (f *flags) parse(args []string, getenv func(string) string) error {
	for name, env := range f.env {
		if v := getenv(env); v != "" {
			if err := f.fs.Set(name, v); err != nil {
				return fmt.Errorf("environment variable %s=%q: %w", env, v, err)
			}
		}
	}
	if err := f.fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return errHelp
		}
		return err
	}
	return nil
}

var errHelp = errors.New("help requested")

// parseNoArgs is parse for a command that takes flags only: a word left
// over is an error rather than silently ignored.
func (f *flags) parseNoArgs(args []string, getenv func(string) string) error {
	if err := f.parse(args, getenv); err != nil {
		return err
	}
	if f.fs.NArg() > 0 {
		return fmt.Errorf("unexpected arguments %q", f.fs.Args())
	}
	return nil
}

// Getenv is the environment lookup of the real binary.
var Getenv = os.Getenv

func (f *flags) Bool(name, env string, def bool, usage string) *bool {
	f.env[name] = env
	return f.fs.Bool(name, def, usage)
}

func (f *flags) Uint64(name, env string, def uint64, usage string) *uint64 {
	f.env[name] = env
	return f.fs.Uint64(name, def, usage)
}

func (f *flags) Float(name, env string, def float64, usage string) *float64 {
	f.env[name] = env
	return f.fs.Float64(name, def, usage)
}

type flagT = flag.Flag
