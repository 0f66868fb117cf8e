// Package games defines what the service, the referee and the tournament code
// know about a game: the Game, State and Move interfaces, rule options, the
// errors a parser or a move may raise, and the registry the binary fills.
//
// Hot search loops never go through these interfaces: each game package also
// exports a concrete position type that the search packages are generic over.
// These interfaces are the slow, safe door used by HTTP, sessions and matches.
package games
