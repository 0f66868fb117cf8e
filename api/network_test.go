package api

import (
	"net/netip"
	"testing"
)

func TestNetworkIsASlash24OrASlash64(t *testing.T) {
	for addr, want := range map[string]string{
		"127.0.0.2":            "127.0.0.0/24",
		"127.0.0.3":            "127.0.0.0/24",
		"203.0.113.77":         "203.0.113.0/24",
		"203.0.114.77":         "203.0.114.0/24",
		"::ffff:203.0.113.9":   "203.0.113.0/24",
		"2001:db8:1:2:3:4:5:6": "2001:db8:1:2::/64",
		"2001:db8:1:2:ffff::1": "2001:db8:1:2::/64",
		"2001:db8:1:3::1":      "2001:db8:1:3::/64",
		"fe80::1%eth0":         "fe80::/64",
		"not an address":       "not an address",
		"":                     "",
	} {
		if got := network(addr); got != want {
			t.Errorf("network(%q) = %q, want %q", addr, got, want)
		}
	}
}

// FuzzNetwork: whatever a client address is, its network is the address
// itself (one that does not parse) or a prefix of the right length that
// holds it.
func FuzzNetwork(f *testing.F) {
	for _, s := range []string{"127.0.0.1", "::1", "2001:db8::1", "::ffff:1.2.3.4", "fe80::1%eth0", "x", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, addr string) {
		got := network(addr)
		ip, err := netip.ParseAddr(addr)
		if err != nil {
			if got != addr {
				t.Fatalf("network(%q) = %q for an address that does not parse", addr, got)
			}
			return
		}
		p, err := netip.ParsePrefix(got)
		if err != nil {
			t.Fatalf("network(%q) = %q: %v", addr, got, err)
		}
		ip = ip.Unmap().WithZone("")
		if want := map[bool]int{true: 24, false: 64}[ip.Is4()]; p.Bits() != want || !p.Contains(ip) {
			t.Fatalf("network(%q) = %q, want the /%d that holds it", addr, got, want)
		}
	})
}
