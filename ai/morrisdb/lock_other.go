//go:build !unix

package morrisdb

import "errors"

// ErrBusy is a build asked of a directory another build is filling.
var ErrBusy = errors.New("another build is filling this directory")

// lockDir has no lock to take where there is no flock: the operator keeps
// to one build a directory.
func lockDir(string) (func(), error) { return func() {}, nil }

// lockPair is lockDir's kin for one pair.
func lockPair(string, Space) (func(), error) { return func() {}, nil }
