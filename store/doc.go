// Package store defines what must last or be shared between servers:
// sessions, the analysis cache, strategies, jobs and the halls of fame
// (Records), and ErrUnavailable for a backing service that does not answer.
// Implementations: package memory (the default) and package redisstore
// (go-redis v9). Package storetest holds the one suite both must pass.
package store
