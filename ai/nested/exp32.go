package nested

import "math"

// exp32 is exp(x) for |x| <= maxWeight, to within about 1e-7 relative
// error: the float32 precision of the policy. NRPA refreshes the
// exponential of every code an adaptation touches (about 170 a playout in
// 5T), and math.Exp took a tenth of its time.
func exp32(x float32) float32 {
	// exp(x) = 2^(n/64) · exp(r) with n = round(64x/ln 2), |r| <= ln2/128:
	// 2^(n/64) from a table of 64 and a power of two, exp(r) by a cubic
	// (error below 4e-11 there). The short chain of dependent operations
	// matters more than the count: adaptations refresh many codes at once.
	// Adding and taking away 1.5·2^52 rounds without a branch or a call.
	const (
		shifter = 1.5 * (1 << 52)
		inv     = 64 / math.Ln2
		hi, lo  = 6.93145751953125e-1 / 64, 1.42860682030941723212e-6 / 64
	)
	t := float64(x)
	nf := (t*inv + shifter) - shifter
	n := int64(nf)
	r := t - nf*hi - nf*lo
	p := 1 + r*(1+r*(0.5+r*(1.0/6)))
	scale := math.Float64frombits(uint64(n>>6+1023) << 52)
	return float32(p * exp2Table[n&63] * scale)
}

// exp2Table[j] = 2^(j/64).
var exp2Table = func() (t [64]float64) {
	for j := range t {
		t[j] = math.Exp2(float64(j) / 64)
	}
	return t
}()
