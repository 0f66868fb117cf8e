package morris

// Perft counts the move sequences of a given length from p (a move and its
// removals are one move), by make and unmake. Draw rules are not applied:
// perft counts what the move generator allows.
func Perft(p *Position, depth int) int64 {
	if depth <= 0 {
		return 1
	}
	bufs := make([][]Move, depth+1)
	return perft(p, depth, bufs)
}

func perft(p *Position, depth int, bufs [][]Move) int64 {
	ms := p.GenMoves(bufs[depth][:0])
	bufs[depth] = ms
	if depth == 1 {
		return int64(len(ms))
	}
	var n int64
	for _, m := range ms {
		p.Make(m)
		n += perft(p, depth-1, bufs)
		p.Unmake(m)
	}
	return n
}
