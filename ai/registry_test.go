package ai

import (
	"context"
	"errors"
	"testing"
)

type nop struct{}

func (nop) Search(context.Context, Request) (Result, error) { return Result{}, ErrNoMove }

func TestRegistry(t *testing.T) {
	r := NewRegistry()
	r.Register(EngineInfo{Game: "g", Name: "a", Version: "1", Engine: nop{}})
	r.Register(EngineInfo{Game: "g", Name: "b", Version: "1", Engine: nop{}})
	if e, err := r.Get("g", ""); err != nil || e.Name != "a" {
		t.Errorf("default engine = %v, %v; want the first registered", e.Name, err)
	}
	if e, err := r.Get("g", "b"); err != nil || e.Name != "b" {
		t.Errorf("Get b = %v, %v", e.Name, err)
	}
	var ue *UnknownEngineError
	if _, err := r.Get("g", "c"); !errors.As(err, &ue) || len(ue.Known) != 2 {
		t.Errorf("Get c = %v, want UnknownEngineError listing a and b", err)
	}
	if _, err := r.Get("h", ""); !errors.As(err, &ue) {
		t.Errorf("Get of a game without engines = %v", err)
	}
	if n := len(r.ForGame("g")); n != 2 {
		t.Errorf("ForGame = %d engines", n)
	}
	defer func() {
		if recover() == nil {
			t.Error("a duplicate registration did not panic")
		}
	}()
	r.Register(EngineInfo{Game: "g", Name: "a", Engine: nop{}})
}
