package morrisai

import (
	"strconv"
	"strings"
	"testing"
)

func FuzzParseCoefficients(f *testing.F) {
	f.Add("10,10,2,6,9,25,6,15,17,8,21,28,48,3,5779,23,27,31,5949")
	f.Add("[1 2 3]")
	f.Fuzz(func(t *testing.T, text string) {
		c, err := ParseCoefficients(text)
		if err != nil {
			return
		}
		var parts []string
		for _, v := range c {
			parts = append(parts, strconv.Itoa(v))
		}
		back, err := ParseCoefficients(strings.Join(parts, ","))
		if err != nil || back != c {
			t.Fatalf("%q -> %v -> %v", text, c, err)
		}
	})
}
