package hosting

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"time"

	"gameai/sandbox"
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
	// runFor, when set, is run for a program's limits: a runtime that
	// sizes its own heap (the JVM, V8) is told the box's memory, or it
	// would size it from the machine's and be killed for a heap it
	// believed it had.
	runFor  func(sandbox.Limits) []string
	env     []string
	runtime []string // host directories the sandbox shows besides /usr
	tool    string   // the host program the language needs
}

// argv is what starts a program of this language under limits.
func (l *Language) argv(limits sandbox.Limits) []string {
	if l.runFor != nil {
		return l.runFor(limits)
	}
	return l.run
}

// jvmFlags keep a JVM inside a box: a heap of heapMiB, one collector
// thread, no shared-memory statistics file in the scratch space, the one
// core the box gives it (the JVM cannot read the box's control group, so
// it would size its threads for the machine), and its own warnings (a
// thread it could not start) on standard error, where standard output
// would have them read as the bot's answers. prefix is "-J" for the JDK's
// tools, which pass such flags on to their JVM.
func jvmFlags(prefix string, heapMiB int64) []string {
	fs := []string{fmt.Sprintf("-Xmx%dm", heapMiB), "-XX:+UseSerialGC", "-XX:-UsePerfData", "-XX:ActiveProcessorCount=1",
		"-Xlog:disable", "-Xlog:all=warning:stderr"}
	for i := range fs {
		fs[i] = prefix + fs[i]
	}
	return fs
}

// javaBuild is the build of Main.java: javac's classes in the scratch
// space, one jar out (a bot is one file in the store), in one shell line.
// The compiler's JVM stops at C1: a build's seconds are mostly its start.
func javaBuild() []string {
	quick := " -J-XX:TieredStopAtLevel=1 "
	return []string{"/bin/sh", "-c", "/usr/bin/javac " + strings.Join(jvmFlags("-J", 512), " ") + quick +
		"-encoding UTF-8 -d /tmp/classes /bot/Main.java && /usr/bin/jar " + strings.Join(jvmFlags("-J", 256), " ") + quick +
		"--create --file /out/bot --main-class Main -C /tmp/classes ."}
}

// heapShare is the part of a box's memory a managed runtime's heap may
// grow to: the rest is its code, threads' stacks and the runtime itself.
func heapShare(limits sandbox.Limits, fallbackMiB int64) int64 {
	if limits.Memory <= 0 {
		return fallbackMiB
	}
	return max(limits.Memory>>20/2, 16)
}

func javaRun(limits sandbox.Limits) []string {
	return append(append([]string{"/usr/bin/java"}, jvmFlags("", heapShare(limits, 256))...), "-jar", "/bot/bot.jar")
}

func nodeRun(limits sandbox.Limits) []string {
	return []string{"/usr/bin/node", fmt.Sprintf("--max-old-space-size=%d", heapShare(limits, 256)), "/bot/bot.js"}
}

// javaMain finds the class a Java upload must declare.
var javaMain = regexp.MustCompile(`\bclass\s+Main\b`)

// checkJava says why a Java upload cannot be built: it is compiled as
// Main.java and run as the jar's Main class.
func checkJava(src []byte) string {
	if !javaMain.Match(src) {
		return "a Java bot is compiled as Main.java: it must declare class Main (with its main method)"
	}
	return ""
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
		{Name: "java", Title: "Java (OpenJDK, class Main)", File: "Main.java", tool: "/usr/bin/javac", runFile: "bot.jar",
			check: checkJava, compile: javaBuild(),
			runFor: javaRun},
		{Name: "rust", Title: "Rust (rustc -O, edition 2021)", File: "main.rs", tool: "/usr/bin/rustc",
			compile: []string{"/usr/bin/rustc", "-O", "--edition", "2021", "-o", "/out/bot", "/bot/main.rs"}},
		{Name: "javascript", Title: "JavaScript (Node.js)", File: "bot.js", tool: "/usr/bin/node", runsUpload: true, runFile: "bot.js",
			// A syntax check only: the script is what runs.
			compile: []string{"/usr/bin/node", "--check", "/bot/bot.js"},
			runFor:  nodeRun},
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
		case l.Name == "java":
			javaLanguage(l)
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

// javaLanguage finds the JDK's configuration that its files link to
// outside /usr (Debian keeps java.security and jvm.cfg under
// /etc/java-N-openjdk): without it a JVM in the sandbox cannot start.
func javaLanguage(l *Language) {
	if _, err := os.Stat(l.tool); err != nil {
		l.Reason = l.tool + " is not installed on this machine"
		return
	}
	l.Available, l.Toolchain = true, versionLine(l.tool, "-version")
	real, err := filepath.EvalSymlinks(l.tool)
	if err != nil {
		return
	}
	home := filepath.Dir(filepath.Dir(real))
	seen := map[string]bool{}
	for _, dir := range []string{"conf", "conf/security", "lib"} {
		entries, _ := os.ReadDir(filepath.Join(home, dir)) // a JDK without the directory links nothing from it
		for _, e := range entries {
			target, err := os.Readlink(filepath.Join(home, dir, e.Name()))
			if err != nil || !strings.HasPrefix(target, "/etc/") {
				continue
			}
			top := "/etc/" + strings.SplitN(strings.TrimPrefix(target, "/etc/"), "/", 2)[0]
			if !seen[top] {
				seen[top] = true
				l.runtime = append(l.runtime, top)
			}
		}
	}
}

// versionLine is the first line a trusted toolchain prints of its version.
// A line is asked once per binary (its path, size and modification time):
// a JVM's or rustc's answer is a quarter of a second of CPU, and where a
// server makes one host, the API's tests made hundreds (0.4 s of each
// test's server).
func versionLine(tool string, arg string) string {
	fi, err := os.Stat(tool)
	if err != nil {
		return ""
	}
	key := versionKey{tool, arg, fi.Size(), fi.ModTime()}
	if line, ok := versions.Load(key); ok {
		return line.(string)
	}
	out, err := exec.Command(tool, arg).Output()
	if err != nil {
		return "" // asked again next time
	}
	line, _, _ := strings.Cut(string(out), "\n")
	line = strings.TrimSpace(line)
	versions.Store(key, line)
	return line
}

// versions holds the version lines asked (a versionKey's string).
var versions sync.Map

type versionKey struct {
	tool, arg string
	size      int64
	mod       time.Time
}
