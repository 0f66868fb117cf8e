package morpionai

import (
	"fmt"
	"slices"
	"strings"

	"gameai/games"
)

// Setting is one setting of a record search: its name (the API's
// parameters.NAME and the CLI's --NAME), kind, default, range and help,
// and the algorithms that read it. A default of "" is chosen for the
// search: by the budget's row (ApplyPreset) or by the algorithm.
type Setting struct {
	games.OptionSpec
	Algorithms []string `json:"algorithms"`
}

var (
	nrpaOnly    = []string{"nrpa"}
	nestedAlgos = []string{"nrpa", "nmcs"}
)

// Settings is the table of a search's settings. Params.Check reads its
// ranges, the CLI's flags their help, GET /v1/morpion/search-settings
// serves it and the page builds its form from it; a test holds the API's
// request fields and the CLI's flags to it.
var Settings = []Setting{
	{games.OptionSpec{Name: "level", Kind: games.OptionInt, Min: 1, Max: 6,
		Description: "the nesting level (NRPA: the budget's row; NMCS: 2)"}, nestedAlgos},
	{games.OptionSpec{Name: "iterations", Kind: games.OptionInt, Default: "100", Min: 1, Max: 10000,
		Description: "iterations of each NRPA level (N)"}, nrpaOnly},
	{games.OptionSpec{Name: "alpha", Kind: games.OptionFloat, Default: "1", Min: 0, Max: 100,
		Description: "the step of NRPA's policy adaptation"}, nrpaOnly},
	{games.OptionSpec{Name: "stabilization", Kind: games.OptionInt, Default: "1", Min: 1, Max: 1000,
		Description: "playouts NRPA's level 1 runs with one policy before each adaptation, towards the best of them (1: Rosin's NRPA)"}, nrpaOnly},
	{games.OptionSpec{Name: "patience", Kind: games.OptionInt, Min: 0, Max: 10000,
		Description: "iterations in a row without a better sequence after which an NRPA level of 2 or more gives up and the run restarts (0: never; default: the budget's row)"}, nrpaOnly},
	{games.OptionSpec{Name: "top_patience", Kind: games.OptionInt, Default: "0", Min: 0, Max: 10000,
		Description: "the patience of a run's top NRPA level instead, in runs of the level below: a run that has settled restarts sooner (0: the patience)"}, nrpaOnly},
	{games.OptionSpec{Name: "layers", Kind: games.OptionBool,
		Description: "NRPA adapts order-free, by the layers of the best grid (Nagórko's adaptation; default: the budget's row)"}, nrpaOnly},
	{games.OptionSpec{Name: "repetitions", Kind: games.OptionInt, Default: "0", Min: 0, Max: 10000,
		Description: "an NRPA level stops once the level below brought back its best grid this many times, and the run restarts (0: never)"}, nrpaOnly},
	{games.OptionSpec{Name: "extend", Kind: games.OptionBool,
		Description: "an NRPA level that improves its best to within 90% of the run's best gets its iterations again (Nagórko's extend; default: the budget's row)"}, nrpaOnly},
	{games.OptionSpec{Name: "octagon", Kind: games.OptionText,
		Description: `lines only inside this octagon, "record" (the variant's record grid's) or sides e,se,s,sw,w,nw,n,ne in half units from the cross's centre (the cross reaches 9 on the axes, 12 on the diagonals), the grids found finished outside it; "" the whole plane (default: NRPA the budget's row, NMCS the whole plane)`}, nestedAlgos},
	{games.OptionSpec{Name: "k", Kind: games.OptionInt, Default: "3", Min: 1, Max: 100,
		Description: "lines black-listed per modification of the DNA search"}, []string{"dna", "dna-pop"}},
	{games.OptionSpec{Name: "population", Kind: games.OptionInt, Default: "20", Min: 2, Max: 1000,
		Description: "the population of dna-pop"}, []string{"dna-pop"}},
}

// setting is the table's row of a name.
func setting(name string) Setting {
	i := slices.IndexFunc(Settings, func(s Setting) bool { return s.Name == name })
	if i < 0 {
		panic("morpionai: no setting " + name)
	}
	return Settings[i]
}

// checkInt reads an integer setting: 0 is its default, anything else must
// be in its range.
func checkInt(name string, n int) error {
	s := setting(name)
	if n == 0 || (n >= s.Min && n <= s.Max) {
		return nil
	}
	reason := fmt.Sprintf("must be %d..%d", s.Min, s.Max)
	switch {
	case s.Default == "":
		reason += " (0: chosen for the search)"
	case s.Default != "0":
		reason += " (0: " + s.Default + ")"
	}
	// A default of 0 needs no word: 0 is in the range, and what it means
	// is the setting's description.
	return &ParamError{name, reason}
}

// SettingFlag is a setting's command-line flag: its name with hyphens for
// underscores, as flags are spelt.
func SettingFlag(name string) string { return strings.ReplaceAll(name, "_", "-") }

// SettingHelp is a setting's help line, for flags.
func SettingHelp(name string) string {
	s := setting(name)
	return fmt.Sprintf("%s (%s)", s.Description, joinAlgorithms(s.Algorithms))
}

func joinAlgorithms(a []string) string {
	switch len(a) {
	case 1:
		return a[0]
	case 2:
		return a[0] + " and " + a[1]
	}
	return fmt.Sprint(a)
}
