package hosting

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// Language is how an upload in one language is built and run. Its paths
// are as the sandbox shows them: the upload at /bot/File, the build's
// output at /out/bot, what runs at /bot/bot or /bot/File.
type Language struct {
	Name  string `json:"name"`
	Title string `json:"title"`
	// File is the name the upload is kept under.
	File string `json:"file"`
	// Toolchain is the compiler's or interpreter's own version line.
	Toolchain string `json:"toolchain,omitempty"`
	Available bool   `json:"available"`
	// Reason says why an unavailable language is.
	Reason string `json:"reason,omitempty"`

	check   func([]byte) string // says why an upload cannot run ("" when it can)
	compile []string            // the build in the sandbox; nil: none
	// runsUpload: what runs is the upload itself (a script, an
	// executable), at /bot/runFile; else the build's /out/bot.
	runsUpload bool
	runFile    string
	run        []string
	env        []string
	runtime    []string // host directories the sandbox shows besides /usr
	tool       string   // the host program the language needs
}

// basicEnv is every confined program's environment.
var basicEnv = []string{"PATH=/usr/local/bin:/usr/bin:/bin", "HOME=/tmp", "TMPDIR=/tmp", "LANG=C.UTF-8"}

// detectLanguages finds the toolchains of this machine. A language whose
// toolchain is missing is listed, unavailable, with the reason: an upload
// in it is refused at once, never failing at game time.
func detectLanguages() []*Language {
	ls := []*Language{
		{Name: "c", Title: "C (gcc -O2)", File: "main.c", tool: "/usr/bin/gcc",
			compile: []string{"/usr/bin/gcc", "-O2", "-std=gnu17", "-pipe", "-o", "/out/bot", "/bot/main.c", "-lm"}},
		{Name: "cpp", Title: "C++ (g++ -O2)", File: "main.cpp", tool: "/usr/bin/g++",
			compile: []string{"/usr/bin/g++", "-O2", "-std=gnu++17", "-pipe", "-pthread", "-o", "/out/bot", "/bot/main.cpp"}},
		{Name: "go", Title: "Go", File: "main.go"},
		{Name: "python", Title: "Python 3", File: "bot.py", tool: "/usr/bin/python3", runsUpload: true, runFile: "bot.py",
			// A syntax check only: the script is what runs.
			compile: []string{"/usr/bin/python3", "-c", "import sys; compile(open('/bot/bot.py').read(), 'bot.py', 'exec')"},
			run:     []string{"/usr/bin/python3", "-u", "/bot/bot.py"}},
		{Name: "executable", Title: "Linux x86-64 static executable", File: "bot", Available: true, Toolchain: "none: the upload runs as it is",
			check: checkExecutable, runsUpload: true},
	}
	for _, l := range ls {
		if l.runFile == "" {
			l.runFile = "bot"
		}
		if l.run == nil {
			l.run = []string{"/bot/bot"}
		}
		l.env = basicEnv
		switch {
		case l.Name == "go":
			goLanguage(l)
		case l.tool != "":
			if _, err := os.Stat(l.tool); err != nil {
				l.Reason = l.tool + " is not installed on this machine"
				continue
			}
			l.Available = true
			l.Toolchain = versionLine(l.tool, "--version")
		}
	}
	return ls
}

// goLanguage finds a Go toolchain: its root is shown to the sandbox, and
// a build's cache lives in the build's scratch space.
func goLanguage(l *Language) {
	bin := ""
	for _, c := range []string{"/usr/local/go/bin/go", "/usr/lib/go/bin/go"} {
		if _, err := os.Stat(c); err == nil {
			bin = c
			break
		}
	}
	if bin == "" {
		if p, err := exec.LookPath("go"); err == nil {
			bin = p
		}
	}
	if bin == "" {
		l.Reason = "no Go toolchain on this machine"
		return
	}
	if real, err := filepath.EvalSymlinks(bin); err == nil {
		bin = real
	}
	root := filepath.Dir(filepath.Dir(bin))
	if !strings.HasPrefix(root, "/usr/") {
		l.runtime = []string{root}
	}
	l.compile = []string{bin, "build", "-trimpath", "-o", "/out/bot", "/bot/main.go"}
	l.env = append(append([]string{}, basicEnv...), "GOROOT="+root, "GOCACHE=/tmp/gocache", "GOPATH=/tmp/gopath",
		"GOTOOLCHAIN=local", "CGO_ENABLED=0", "GOFLAGS=-buildvcs=false", "GOPROXY=off", "GO111MODULE=off")
	l.env[0] = "PATH=" + filepath.Dir(bin) + ":/usr/bin:/bin"
	l.Available = true
	l.Toolchain = versionLine(bin, "version")
}

// versionLine is the first line a trusted toolchain prints of its version.
func versionLine(tool string, arg string) string {
	out, err := exec.Command(tool, arg).Output()
	if err != nil {
		return ""
	}
	line, _, _ := strings.Cut(string(out), "\n")
	return strings.TrimSpace(line)
}
