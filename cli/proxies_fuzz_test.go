package cli

import (
	"strings"
	"testing"
)

// FuzzParseProxies: no --trusted-proxies value crashes the parser, and
// every range it accepts holds the address it was written from.
func FuzzParseProxies(f *testing.F) {
	for _, s := range []string{"127.0.0.1", "10.0.0.0/8, ::1", "", ",,", "fe80::1%eth0", "1.2.3.4/33", "::ffff:1.2.3.4"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		nets, err := parseProxies(s)
		if err != nil {
			return
		}
		parts := 0
		for _, p := range strings.Split(s, ",") {
			if strings.TrimSpace(p) != "" {
				parts++
			}
		}
		if len(nets) != parts {
			t.Fatalf("%q: %d ranges from %d parts", s, len(nets), parts)
		}
		for _, n := range nets {
			if n == nil || !n.Contains(n.IP) {
				t.Fatalf("%q: a range %v that holds not its own address", s, n)
			}
		}
	})
}
