// Package store defines what must last or be shared between servers:
// sessions, the analysis cache, strategies and jobs. Implementations: package
// memory (the default) and package redisstore (go-redis v9). Package
// storetest holds the one suite both must pass.
package store
