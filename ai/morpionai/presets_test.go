package morpionai

import (
	"os"
	"strings"
	"testing"
	"time"
)

func TestPresetForTakesTheRowNearestByRatio(t *testing.T) {
	ms := func(d time.Duration) int64 { return d.Milliseconds() }
	for _, c := range []struct {
		variant  string
		timeMS   int64
		playouts int64
		threads  int
		want     time.Duration
	}{
		{"5T", ms(time.Second), 0, 1, 10 * time.Second},
		{"5T", ms(24 * time.Second), 0, 1, 10 * time.Second},
		{"5T", ms(25 * time.Second), 0, 1, time.Minute},
		// The boundaries are the geometric means: 24.5 s, 190 s, 24.5 min.
		{"5T", ms(3 * time.Minute), 0, 2, time.Minute},
		{"5T", ms(4 * time.Minute), 0, 2, 10 * time.Minute},
		{"5T", ms(24 * time.Minute), 0, 1, 10 * time.Minute},
		{"5T", ms(25 * time.Minute), 0, 1, time.Hour},
		{"5T", ms(10 * time.Hour), 0, 2, time.Hour},
		// 30 M playouts: 600 s on one thread, 300 s on two.
		{"5T", 0, 30_000_000, 1, 10 * time.Minute},
		{"5T", 0, 12_000_000, 2, time.Minute},
		// A time and playouts: the time chooses.
		{"5T", ms(10 * time.Second), 1 << 40, 1, 10 * time.Second},
		{"5D", ms(time.Hour), 0, 2, 0},
	} {
		if got := PresetFor(c.variant, c.timeMS, c.playouts, c.threads).Budget; got != c.want {
			t.Errorf("%s, %d ms, %d playouts, %d threads: the %v row, want %v", c.variant, c.timeMS, c.playouts, c.threads, got, c.want)
		}
	}
}

func TestApplyPresetFillsOnlyWhatIsLeftOut(t *testing.T) {
	none := func(string) bool { return false }
	p := Params{Variant: "5T", Algorithm: "nrpa", Threads: 1, TimeMS: (10 * time.Minute).Milliseconds()}
	p.ApplyPreset(none)
	r := PresetFor("5T", p.TimeMS, 0, 1)
	if p.Level != r.Level || p.Patience != r.Patience || p.Layers != r.Layers || p.Extend != r.Extend || p.Octagon != r.Octagon {
		t.Errorf("params %+v, want the row %+v", p, r)
	}
	if !strings.HasSuffix(p.Preset, "(the 10m0s row)") || !strings.HasPrefix(p.Preset, "level ") {
		t.Errorf("preset %q", p.Preset)
	}

	// Given by hand, even as zero values, a setting is kept.
	p = Params{Variant: "5T", Algorithm: "nrpa", Threads: 1, TimeMS: (10 * time.Minute).Milliseconds(), Level: 2}
	p.ApplyPreset(func(s string) bool { return s == "level" || s == "patience" || s == "octagon" })
	if p.Level != 2 || p.Patience != 0 || p.Octagon != "" || p.Layers != r.Layers {
		t.Errorf("params %+v: want level 2, no patience, the whole plane as given, layers from the row", p)
	}
	if strings.Contains(p.Preset, "level") || strings.Contains(p.Preset, "patience") || strings.Contains(p.Preset, "octagon") {
		t.Errorf("preset %q names a setting given by hand", p.Preset)
	}

	p = Params{Variant: "5T", Algorithm: "nrpa", Threads: 1, Playouts: 1000, Level: 1}
	p.ApplyPreset(func(string) bool { return true })
	if p.Preset != "" || p.Level != 1 {
		t.Errorf("everything given: %+v", p)
	}

	for _, algo := range []string{"nmcs", "dna", "dna-pop"} {
		p = Params{Variant: "5T", Algorithm: algo, Threads: 1, TimeMS: 3_600_000, Level: 2}
		p.ApplyPreset(none)
		if p.Preset != "" || p.Level != 2 || p.Octagon != "" || p.Patience != 0 {
			t.Errorf("%s: %+v, want it untouched", algo, p)
		}
	}
}

// Every row passes Check, and docs/strength.md's table of the defaults
// says what the code does, row by row.
func TestPresetsAreValidAndDocumented(t *testing.T) {
	doc, err := os.ReadFile("../../docs/strength.md")
	if err != nil {
		t.Fatal(err)
	}
	for variant, rows := range presets {
		for _, r := range rows {
			p := Params{Variant: variant, Algorithm: "nrpa", TimeMS: r.Budget.Milliseconds(), Level: r.Level,
				Patience: r.Patience, Layers: r.Layers, Extend: r.Extend, Octagon: r.Octagon}
			if err := p.Check(1); err != nil {
				t.Errorf("%s row %v: %v", variant, r.Budget, err)
			}
			// Without patience a level-4 draw runs its iterations,
			// extended at each improvement, for some twenty minutes:
			// a level above it would take two or three steps an hour.
			if r.Level >= 5 && r.Patience == 0 {
				t.Errorf("%s row %v: level %d without patience", variant, r.Budget, r.Level)
			}
		}
	}
	for _, line := range strings.Split(strings.TrimSpace(PresetHelp()), "\n") {
		if !strings.Contains(string(doc), "`"+line+"`") {
			t.Errorf("docs/strength.md does not give the row `%s`", line)
		}
	}
}
