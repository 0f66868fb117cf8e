package password

import (
	"context"
	"errors"
	"strings"
	"testing"
)

func TestAHashVerifiesItsPasswordAlone(t *testing.T) {
	ctx := context.Background()
	h, err := Hash(ctx, "correct horse battery")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(h, "$argon2id$v=19$m=19456,t=2,p=1$") {
		t.Errorf("not OWASP's argon2id parameters: %s", h)
	}
	for p, want := range map[string]bool{"correct horse battery": true, "correct horse batterY": false, "": false} {
		if ok, err := Verify(ctx, h, p); err != nil || ok != want {
			t.Errorf("Verify(%q) = %v, %v; want %v", p, ok, err, want)
		}
	}
	if h2, _ := Hash(ctx, "correct horse battery"); h2 == h {
		t.Error("two hashes of one password are equal: no fresh salt")
	}
	if err := VerifyNobody(ctx, "anything at all"); err != nil {
		t.Errorf("the decoy: %v", err)
	}
}

func TestRules(t *testing.T) {
	for _, c := range []struct{ name, p, why string }{
		{"ann", "tr0ub4dor&3x", ""},
		{"ann", "short", "at least 10"},
		{"ann", "ééééééééé", "at least 10"}, // 9 characters, 18 bytes
		{"ann", "QwertyUiop", "common"},
		{"ann", "1234567890", "common"},
		{"ann", "password123", "common"},
		{"ann", "my-ANN-secret!", "name"},
		{"ann", "zzzzzzzzzzzz", "repeated"},
		{"ann", "éééééééééééé", "repeated"},
		{"ann", strings.Repeat("ab", 129), "at most 256"},
		{"ann", "abc\xffdefghijk", "UTF-8"},
	} {
		got := Check(c.name, c.p)
		if (c.why == "") != (got == "") || !strings.Contains(got, c.why) {
			t.Errorf("Check(%q, %q) = %q; want %q", c.name, c.p, got, c.why)
		}
	}
	if len(common) != 1529 {
		t.Errorf("%d common passwords of 10 characters or more; the list has 1529", len(common))
	}
}

func TestStoredHashesOfOtherCostsAreRefused(t *testing.T) {
	for _, h := range []string{
		"",
		"$argon2i$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$a2V5a2V5a2V5a2V5a2V5a2V5a2V5a2V5",
		"$argon2id$v=19$m=4194304,t=2,p=1$c2FsdHNhbHQ$a2V5a2V5a2V5a2V5a2V5a2V5a2V5a2V5",
		"$argon2id$v=19$m=19456,t=1000,p=1$c2FsdHNhbHQ$a2V5a2V5a2V5a2V5a2V5a2V5a2V5a2V5",
		"$argon2id$v=19$m=19456,t=2,p=200$c2FsdHNhbHQ$a2V5a2V5a2V5a2V5a2V5a2V5a2V5a2V5",
		"$argon2id$v=19$m=19456,t=2,p=1$$a2V5a2V5a2V5a2V5a2V5a2V5a2V5a2V5",
		"$argon2id$v=19$m=19456,t=2,p=1,x=3$c2FsdHNhbHQ$a2V5a2V5a2V5a2V5a2V5a2V5a2V5a2V5",
		"$argon2id$v=16$m=19456,t=2,p=1$c2FsdHNhbHQ$a2V5a2V5a2V5a2V5a2V5a2V5a2V5a2V5",
	} {
		if _, err := Verify(context.Background(), h, "whatever it is"); !errors.Is(err, ErrFormat) {
			t.Errorf("Verify(%q): %v", h, err)
		}
	}
}

func TestAWaitingHashGivesUpWithItsRequest(t *testing.T) {
	for range cap(slots) {
		slots <- struct{}{}
	}
	defer func() {
		for range cap(slots) {
			<-slots
		}
	}()
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Hash(ctx, "a long enough one"); !errors.Is(err, context.Canceled) {
		t.Errorf("a hash with every slot taken and its request gone: %v", err)
	}
}

// FuzzParse: no stored string crashes the reader, and what it accepts is
// within the costs it allows and written back the same.
func FuzzParse(f *testing.F) {
	f.Add(decoy)
	f.Add("$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$a2V5a2V5a2V5a2V5a2V5a2V5a2V5a2V5")
	f.Add("$argon2id$v=19$m=-1,t=2,p=1$$")
	f.Fuzz(func(t *testing.T, s string) {
		p, err := parse(s)
		if err != nil {
			return
		}
		if p.memory > 4*memoryKiB || p.time > 4*passes || p.lanes > 4 || len(p.key) > 64 || len(p.salt) > 64 {
			t.Fatalf("accepted costs beyond the bounds: %+v", p)
		}
	})
}

// BenchmarkHash is what a sign-in or a registration costs the server in
// CPU (19 MiB and two passes of argon2id).
func BenchmarkHash(b *testing.B) {
	ctx := context.Background()
	for b.Loop() {
		if _, err := Hash(ctx, "correct horse battery"); err != nil {
			b.Fatal(err)
		}
	}
}
