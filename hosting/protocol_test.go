package hosting

import (
	"context"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"gameai/starters"
	"gameai/store"
)

// updateProtocol rewrites the generated parts of docs/protocol: go test
// ./hosting -run TestProtocolPages -update-protocol.
var updateProtocol = flag.Bool("update-protocol", false, "rewrite the limits tables and transcripts of docs/protocol")

func protocolPage(game string) string { return filepath.Join("..", "docs", "protocol", game+".md") }

// section finds the generated part NAME of a page: what stands between
// "<!-- NAME:begin ATTRS -->" and "<!-- NAME:end -->".
var sectionRE = regexp.MustCompile(`(?s)<!-- (\w+):begin([^>]*)-->\n(.*?)<!-- (\w+):end -->`)

type section struct {
	attrs, body string
	at, end     int // the body's bounds in the page
}

func sections(t *testing.T, doc string) map[string]section {
	t.Helper()
	out := map[string]section{}
	for _, m := range sectionRE.FindAllStringSubmatchIndex(doc, -1) {
		name := doc[m[2]:m[3]]
		if doc[m[8]:m[9]] != name {
			t.Fatalf("the generated part %s ends as %s", name, doc[m[8]:m[9]])
		}
		out[name] = section{attrs: strings.TrimSpace(doc[m[4]:m[5]]), body: doc[m[6]:m[7]], at: m[6], end: m[7]}
	}
	return out
}

// rulesTable is a game's limits as the pages show them.
func rulesTable(game string) string {
	var b strings.Builder
	b.WriteString("| limit | on this server's defaults |\n|---|---|\n")
	for _, r := range (Config{}).Rules(game) {
		fmt.Fprintf(&b, "| %s | %s |\n", r.What, r.Limit)
	}
	return b.String()
}

// untimed drops the times a transcript's lines begin with.
var untimed = regexp.MustCompile(`(?m)^ *\d+\.\d{3} `)

// firstGame is validation game 1 of the program argv, on the server's
// default clocks, as the pages show it.
func firstGame(t *testing.T, game string, seed uint64, argv []string) string {
	t.Helper()
	var talk, fault string
	err := Try(context.Background(), Config{}, game, 1, &Local{Argv: argv}, seed, func(g store.ValidationGame, d store.GameDetails) {
		talk, fault = d.Transcript, g.Fault
	})
	if err != nil || fault != "" {
		t.Fatalf("%v: %v %s", argv, err, fault)
	}
	return "```text\n" + untimed.ReplaceAllString(talk, "") + "```\n"
}

// seedOf reads the seed a transcript's attributes name (seed=N).
func seedOf(t *testing.T, attrs string) uint64 {
	t.Helper()
	v, ok := strings.CutPrefix(attrs, "seed=")
	n, err := strconv.ParseUint(v, 10, 64)
	if !ok || err != nil {
		t.Fatalf("a transcript's attributes %q: want seed=N", attrs)
	}
	return n
}

// messages are the kinds of line each game's referee sends and the answers
// it takes that a page's transcript must show, as patterns.
var messages = map[string][]string{
	"less": {`(?m)^> [012]{112}$`, `(?m)^> (Yellow|Black|White|Red)$`, `(?m)^> [a-h][1-8][a-h][1-8](:[a-h][1-8][a-h][1-8]){0,2}$`,
		`(?m)^> Nil$`, `(?m)^< [a-h][1-8][a-h][1-8](:[a-h][1-8][a-h][1-8]){0,2}$`, `(?m)^> Quit$`},
	"morris": {`(?m)^> uci$`, `(?m)^< uciok$`, `(?m)^> isready$`, `(?m)^< readyok$`, `(?m)^> position startpos moves( \S+)+$`,
		`(?m)^> go movetime \d+$`, `(?m)^< bestmove [a-g][1-7]$`, `(?m)^< bestmove [a-g][1-7]-[a-g][1-7]$`, `(?m)^< bestmove x[a-g][1-7]$`, `(?m)^> quit$`},
}

// TestProtocolPages: each game's protocol page (docs/protocol) shows the
// limits the server applies (Config.Rules) and a whole validation game of
// its Python starter as the referee played it now, every kind of message
// among them. -update-protocol writes both in.
func TestProtocolPages(t *testing.T) {
	python, err := exec.LookPath("python3")
	if err != nil {
		t.Skip("no python3 to play the pages' games")
	}
	for _, game := range starters.Games {
		t.Run(game, func(t *testing.T) {
			b, err := os.ReadFile(protocolPage(game))
			if err != nil {
				t.Fatal(err)
			}
			doc := string(b)
			parts := sections(t, doc)
			limits, talk := parts["limits"], parts["transcript"]
			wantLimits := rulesTable(game)
			wantTalk := firstGame(t, game, seedOf(t, talk.attrs), []string{python, filepath.Join("..", "starters", game, "python", "bot.py")})
			if *updateProtocol {
				doc = doc[:limits.at] + wantLimits + doc[limits.end:talk.at] + wantTalk + doc[talk.end:]
				if err := os.WriteFile(protocolPage(game), []byte(doc), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			if limits.body != wantLimits {
				t.Errorf("its limits are not the server's:\n%s\nwant:\n%s(go test ./hosting -run TestProtocolPages -update-protocol)", limits.body, wantLimits)
			}
			if talk.body != wantTalk {
				t.Errorf("its transcript is not the game the referee plays now (go test ./hosting -run TestProtocolPages -update-protocol):\n%s", wantTalk)
			}
			if cmd := fmt.Sprintf("gameai try %s --seed %d -- ", game, seedOf(t, talk.attrs)); !strings.Contains(strings.Join(strings.Fields(doc), " "), cmd) {
				t.Errorf("it does not give the command that plays its game (%s...)", cmd)
			}
			for _, m := range messages[game] {
				if !regexp.MustCompile(m).MatchString(talk.body) {
					t.Errorf("no line of its transcript matches %s", m)
				}
			}
		})
	}
}

// localStarter builds a starter on this machine, as its author would, and
// says how to run it; ok is false where this machine lacks its toolchain.
func localStarter(t *testing.T, s starters.Starter) (argv []string, ok bool) {
	t.Helper()
	dir := t.TempDir()
	src := filepath.Join(dir, s.File)
	if err := os.WriteFile(src, s.Source, 0o644); err != nil {
		t.Fatal(err)
	}
	bin := filepath.Join(dir, "bot")
	var build []string
	switch s.Language {
	case "c":
		build, argv = []string{"gcc", "-O2", "-o", bin, src}, []string{bin}
	case "cpp":
		build, argv = []string{"g++", "-O2", "-std=gnu++17", "-o", bin, src}, []string{bin}
	case "go":
		build, argv = []string{"go", "build", "-o", bin, src}, []string{bin}
	case "rust":
		build, argv = []string{"rustc", "-O", "--edition", "2021", "-o", bin, src}, []string{bin}
	case "java":
		build, argv = []string{"javac", "-d", dir, src}, []string{"java", "-cp", dir, "Main"}
	case "python":
		argv = []string{"python3", src}
	case "javascript":
		argv = []string{"node", src}
	default:
		t.Fatalf("no way to run a %s starter", s.Language)
	}
	need := argv[0] // the compiler where there is one, else the interpreter
	if build != nil {
		need = build[0]
	}
	if !filepath.IsAbs(need) {
		if _, err := exec.LookPath(need); err != nil {
			return nil, false
		}
	}
	if build != nil {
		cmd := exec.Command(build[0], build[1:]...)
		cmd.Env = append(os.Environ(), "GOCACHE="+filepath.Join(dir, "gocache"), "GO111MODULE=off", "CGO_ENABLED=0")
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("%s/%s: %v\n%s", s.Game, s.Language, err, out)
		}
	}
	return argv, true
}

// TestStartersPlayTheProtocolPagesGames: every starter of a game, built on
// this machine, plays its protocol page's game line for line: a starter
// and the page cannot disagree on a message, and the starters of a game
// cannot disagree with one another.
func TestStartersPlayTheProtocolPagesGames(t *testing.T) {
	for _, s := range starters.All() {
		t.Run(s.Game+"/"+s.Language, func(t *testing.T) {
			b, err := os.ReadFile(protocolPage(s.Game))
			if err != nil {
				t.Fatal(err)
			}
			page := sections(t, string(b))["transcript"]
			argv, ok := localStarter(t, s)
			if !ok {
				if os.Getenv("GAMEAI_REQUIRE_SANDBOX") != "" {
					t.Fatalf("no %s toolchain here: CI installs every one", s.Language)
				}
				t.Skipf("no %s toolchain on this machine", s.Language)
			}
			if got := firstGame(t, s.Game, seedOf(t, page.attrs), argv); got != page.body {
				t.Errorf("it plays another game than its page's:\n%s", got)
			}
		})
	}
}
