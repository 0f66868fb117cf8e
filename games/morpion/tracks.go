package morpion

// Tracks: every line of points in one direction is a "track", held as one
// uint64 with bit i for the point at position i along it, so the five
// points of a line are five adjacent bits and every legality test is a
// handful of word operations (see Board.trackLegal).
//
//	E:  track = Y,          position = X
//	S:  track = X,          position = Y
//	SE: track = X - Y + 63, position = X
//	NE: track = X + Y,      position = X
const nTracks = 2*Size - 1

// The board keeps its tracks in one array: E, S, SE, NE in turn, only those
// that exist (Size of E and S, nTracks of the diagonals), so that copying a
// board copies nothing unused.
const nFlat = 2*Size + 2*nTracks

var flatBase = [4]int{NE: 2*Size + nTracks, E: 0, SE: 2 * Size, S: Size}

// flat is the index of track t of direction d in Board.tr.
func flat(d Dir, t int) int { return flatBase[d] + t }

// trackExists reports whether direction d has a track t.
func trackExists(d Dir, t int) bool { return t < Size || d == NE || d == SE }

// trackOf returns the track and position of board point (X, Y) in d.
func trackOf(d Dir, X, Y int) (t, i int) {
	switch d {
	case E:
		return Y, X
	case S:
		return X, Y
	case SE:
		return X - Y + Size - 1, X
	default: // NE
		return X + Y, X
	}
}

// pointOn is the inverse of trackOf.
func pointOn(d Dir, t, i int) Point {
	switch d {
	case E:
		return Point(t*Size + i)
	case S:
		return Point(i*Size + t)
	case SE:
		return Point((i-(t-Size+1))*Size + i)
	default: // NE
		return Point((t-i)*Size + i)
	}
}

// windowMask[d][t] has bit i set when the five points i..i+4 of track t are
// all on the board.
var windowMask [4][nTracks]uint64

func init() {
	for d := range Dir(4) {
		for t := range nTracks {
			lo, hi := 0, Size-1 // positions on the board along the track
			switch d {
			case E, S:
				if t >= Size {
					continue
				}
			case SE:
				c := t - (Size - 1) // X - Y
				lo, hi = max(0, c), min(Size-1, Size-1+c)
			case NE:
				lo, hi = max(0, t-(Size-1)), min(Size-1, t)
			}
			for i := lo; i+4 <= hi; i++ {
				windowMask[d][t] |= 1 << uint(i)
			}
		}
	}
}

// The line starting at position i of track t in direction d has the id
// lineBase[d][t] + i*lineStride[d]; a line's k-th point is its start point
// plus k*pointStride[d].
var (
	lineBase    [4][nTracks]int
	lineStride  = [4]int{(1 - Size) * 4, 4, (Size + 1) * 4, Size * 4}
	pointStride = [4]int{1 - Size, 1, Size + 1, Size}
)

func init() {
	for d := range Dir(4) {
		for t := range nTracks {
			// pointOn is linear in i along a track: take its value at 0.
			lineBase[d][t] = int(pointOn(d, t, 0))*4 + int(d)
		}
	}
}
