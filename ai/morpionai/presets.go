package morpionai

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"time"
)

// Preset is the NRPA configuration a search gets for the settings its user
// leaves out: the one measured best at a budget near its own
// (docs/strength.md, "Defaults by budget"). Every setting can still be
// given by hand; a given one is never overridden.
type Preset struct {
	// Budget is the time the row was measured at (docs/strength.md says
	// on how many threads).
	Budget   time.Duration
	Level    int
	Patience int
	Layers   bool
	Extend   bool
	Octagon  string
}

// PresetSettings are the settings a Preset chooses, by their names in the
// API's parameters and the CLI's flags.
var PresetSettings = []string{"level", "patience", "layers", "extend", "octagon"}

// presets are the measured rows by variant, shortest budget first. 5D has
// none: no configuration was measured against another there (every one
// reaches the record 82 within ten minutes), so it keeps Rosin's NRPA at
// level 3.
var presets = map[string][]Preset{
	"5T": {
		{Budget: 10 * time.Second, Level: 3},
		{Budget: time.Minute, Level: 4, Patience: 20, Layers: true, Extend: true, Octagon: "record"},
		// Level 5 over the one-minute row's level-4 draws. Patience 20
		// is what ends a draw: without it one runs some twenty minutes
		// and the top takes two or three steps an hour. Its first draw
		// is a level-4 run's: the rows part from the second draw on.
		{Budget: 10 * time.Minute, Level: 5, Patience: 20, Layers: true, Extend: true, Octagon: "record"},
		{Budget: 60 * time.Minute, Level: 5, Patience: 20, Layers: true, Extend: true, Octagon: "record"},
	},
}

// Presets are a variant's measured rows, shortest budget first (none: the
// variant takes Fallback at every budget).
func Presets(variant string) []Preset { return slices.Clone(presets[variant]) }

// Fallback is the row of a variant without measured rows.
func Fallback() Preset { return fallback }

// fallback is the row of a variant without measured rows, and what NRPA ran
// by default before the presets: Rosin's NRPA at level 3.
var fallback = Preset{Level: 3}

// NominalRate is the playouts a second a thread that converts a playout
// budget into a time to choose a row by (level-4 runs with the region and
// layers do some 45,000 on this project's machines, plain level 3 some
// 70,000).
const NominalRate = 50_000

// PresetFor is the row whose budget is nearest, by ratio, to a search's:
// its time, or without one its playouts at NominalRate a thread.
func PresetFor(variant string, timeMS, playouts int64, threads int) Preset {
	rows := presets[variant]
	if len(rows) == 0 {
		return fallback
	}
	d := time.Duration(timeMS) * time.Millisecond
	if d <= 0 {
		d = time.Duration(float64(playouts) / float64(NominalRate*max(threads, 1)) * float64(time.Second))
	}
	best, bestGap := rows[0], math.Inf(1)
	for _, r := range rows {
		if gap := math.Abs(math.Log(float64(max(d, time.Millisecond)) / float64(r.Budget))); gap < bestGap {
			best, bestGap = r, gap
		}
	}
	return best
}

func (p Preset) row() string {
	if p.Budget == 0 {
		return "no measured row: Rosin's NRPA"
	}
	return "the " + p.Budget.String() + " row"
}

// PresetHelp lists the rows for help texts, a line a row.
func PresetHelp() string {
	var b strings.Builder
	for _, v := range []string{"5T", "5D"} {
		rows := presets[v]
		if len(rows) == 0 {
			fmt.Fprintf(&b, "%s, any budget: %s\n", v, fallback.settings())
		}
		for _, r := range rows {
			fmt.Fprintf(&b, "%s, budgets nearest %s: %s\n", v, r.Budget, r.settings())
		}
	}
	return b.String()
}

func (p Preset) settings() string {
	parts := []string{fmt.Sprintf("level %d", p.Level)}
	if p.Patience > 0 {
		parts = append(parts, fmt.Sprintf("patience %d", p.Patience))
	}
	if p.Layers {
		parts = append(parts, "layers")
	}
	if p.Extend {
		parts = append(parts, "extend")
	}
	if p.Octagon != "" {
		parts = append(parts, "octagon "+p.Octagon)
	}
	return strings.Join(parts, ", ")
}

// ApplyPreset fills the NRPA settings the user did not give (given reports
// whether a setting of PresetSettings was) with the row for the budget, and
// says in Preset what it filled and from which row ("" when the user gave
// them all). Other algorithms are left as they are.
func (p *Params) ApplyPreset(given func(setting string) bool) {
	if p.Algorithm != "nrpa" {
		return
	}
	r := PresetFor(p.Variant, p.TimeMS, p.Playouts, p.Threads)
	onOff := func(on bool, name string) string { return map[bool]string{true: name, false: "no " + name}[on] }
	var filled []string
	for _, s := range PresetSettings {
		if given(s) {
			continue
		}
		switch s {
		case "level":
			p.Level = r.Level
			filled = append(filled, fmt.Sprintf("level %d", r.Level))
		case "patience":
			p.Patience = r.Patience
			filled = append(filled, fmt.Sprintf("patience %d", r.Patience))
		case "layers":
			p.Layers = r.Layers
			filled = append(filled, onOff(r.Layers, "layers"))
		case "extend":
			p.Extend = r.Extend
			filled = append(filled, onOff(r.Extend, "extend"))
		case "octagon":
			p.Octagon = r.Octagon
			filled = append(filled, map[bool]string{true: "the whole plane", false: "octagon " + r.Octagon}[r.Octagon == ""])
		}
	}
	p.Preset = ""
	if len(filled) > 0 {
		p.Preset = strings.Join(filled, ", ") + " (" + r.row() + ")"
	}
}
