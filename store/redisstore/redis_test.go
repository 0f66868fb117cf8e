package redisstore_test

import (
	"context"
	"testing"

	"gameai/internal/redistest"
	"gameai/store"
	"gameai/store/redisstore"
	"gameai/store/storetest"
)

func TestSuite(t *testing.T) {
	url := redistest.URL(t)
	storetest.Run(t, func(t *testing.T, cfg store.Config) *store.Store {
		s, err := redisstore.New(context.Background(), url, redistest.Prefix(t), cfg)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { _ = s.Close() })
		return s
	})
}

func TestBadURL(t *testing.T) {
	if _, err := redisstore.New(context.Background(), "http://nope", "p:", store.Config{}); err == nil {
		t.Error("New with a non-redis URL succeeded")
	}
}
