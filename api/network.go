package api

import (
	"net/netip"
)

// network is the network a client address belongs to, as the server
// counts what visitors may hold: a /24 for IPv4, a /64 for IPv6 (what one
// home or one host is given: an attacker who can change addresses within
// it is still one client). An address that does not parse is its own.
func network(addr string) string {
	ip, err := netip.ParseAddr(addr)
	if err != nil {
		return addr
	}
	ip = ip.Unmap().WithZone("")
	bits := 64
	if ip.Is4() {
		bits = 24
	}
	p, err := ip.Prefix(bits)
	if err != nil {
		return addr
	}
	return p.String()
}
