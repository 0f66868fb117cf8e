// Package store defines what must last or be shared between servers:
// sessions, the analysis cache, strategies, jobs, the halls of fame
// (Records) and the shared shallow transposition table (Transpositions),
// and ErrUnavailable for a backing service that does not answer.
// Implementations: package memory (the default) and package redisstore
// (go-redis v9). Package storetest holds the one suite both must pass.
package store
