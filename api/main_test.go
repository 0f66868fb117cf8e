package api_test

import (
	"os"
	"testing"

	"gameai/internal/browsertest"
)

// TestMain ends the browser the package's browser tests share.
func TestMain(m *testing.M) {
	code := m.Run()
	browsertest.Close()
	os.Exit(code)
}
