// Package password keeps account passwords: the rules a new one must meet
// and its argon2id hash in the PHC string format.
package password

import (
	"bufio"
	"context"
	"crypto/rand"
	"crypto/subtle"
	_ "embed"
	"encoding/base64"
	"errors"
	"fmt"
	"runtime"
	"strings"
	"time"
	"unicode/utf8"

	"golang.org/x/crypto/argon2"
)

// OWASP's first choice for argon2id (Password Storage Cheat Sheet): 19 MiB,
// two passes, one lane.
const (
	memoryKiB = 19 * 1024
	passes    = 2
	lanes     = 1
	saltLen   = 16
	keyLen    = 32
)

// MinLen and MaxLen bound a password in characters; past MaxLen a request
// would only cost more to hash.
const (
	MinLen = 10
	MaxLen = 256
)

// common.txt is every password of 10 characters or more (lower-cased) in
// the 47,023 most common of zxcvbn's list (passwords.txt of
// github.com/trustelem/zxcvbn v1.0.1, MIT licence, from Dropbox's zxcvbn,
// drawn from Xato's corpus of 10 million leaked passwords): a shorter one
// is refused for its length before the list is read.
//
//go:embed common.txt
var commonList string

var common = func() map[string]bool {
	m := map[string]bool{}
	sc := bufio.NewScanner(strings.NewReader(commonList))
	for sc.Scan() {
		if w := strings.TrimSpace(sc.Text()); w != "" {
			m[w] = true
		}
	}
	return m
}()

// Common reports whether p is on the list (in any letter case).
func Common(p string) bool { return common[strings.ToLower(p)] }

// Check says why p may not be name's password ("" when it may).
func Check(name, p string) string {
	n := utf8.RuneCountInString(p)
	switch {
	case !utf8.ValidString(p):
		return "not UTF-8 text"
	case n < MinLen:
		return fmt.Sprintf("at least %d characters", MinLen)
	case n > MaxLen:
		return fmt.Sprintf("at most %d characters", MaxLen)
	case Common(p):
		return "among the most common passwords: guessed first by anyone who tries"
	case name != "" && strings.Contains(strings.ToLower(p), strings.ToLower(name)):
		return "holds the account's name"
	case strings.Count(p, string([]rune(p)[:1]))*len(string([]rune(p)[:1])) == len(p):
		return "one character repeated"
	}
	return ""
}

// slots bounds the hashes computed at once (each holds 19 MiB and a core
// for some tens of milliseconds) to half the cores, rounded up: a burst of
// sign-ins waits its turn rather than taking the machine, and the other
// half answers everything else. A hash that finds no slot within
// slotWait is refused (ErrBusy): its request is answered 503, not held.
var slots = make(chan struct{}, (runtime.GOMAXPROCS(0)+1)/2)

const slotWait = 10 * time.Second

// ErrBusy is a hash refused for the others ahead of it.
var ErrBusy = errors.New("password: every slot for hashing is taken")

func hold(ctx context.Context) (func(), error) {
	select {
	case slots <- struct{}{}:
		return func() { <-slots }, nil
	default:
	}
	t := time.NewTimer(slotWait)
	defer t.Stop()
	select {
	case slots <- struct{}{}:
		return func() { <-slots }, nil
	case <-t.C:
		return nil, ErrBusy
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

// Hash returns p's argon2id hash with a fresh salt, as
// $argon2id$v=19$m=19456,t=2,p=1$salt$key (base64 without padding).
func Hash(ctx context.Context, p string) (string, error) {
	release, err := hold(ctx)
	if err != nil {
		return "", err
	}
	defer release()
	salt := make([]byte, saltLen)
	_, _ = rand.Read(salt)
	key := argon2.IDKey([]byte(p), salt, passes, memoryKiB, lanes, keyLen)
	b64 := base64.RawStdEncoding
	return fmt.Sprintf("$argon2id$v=%d$m=%d,t=%d,p=%d$%s$%s", argon2.Version, memoryKiB, passes, lanes,
		b64.EncodeToString(salt), b64.EncodeToString(key)), nil
}

// ErrFormat is a stored hash this package cannot read, or one whose costs
// are beyond what it would ever write (a record tampered with must not
// make a sign-in take the machine).
var ErrFormat = errors.New("password: not an argon2id hash of this server")

type params struct {
	memory, time uint32
	lanes        uint8
	salt, key    []byte
}

// parse reads a PHC string of argon2id.
func parse(encoded string) (params, error) {
	var p params
	parts := strings.Split(encoded, "$")
	if len(parts) != 6 || parts[0] != "" || parts[1] != "argon2id" || parts[2] != fmt.Sprintf("v=%d", argon2.Version) {
		return p, ErrFormat
	}
	var lanes uint32
	if n, err := fmt.Sscanf(parts[3], "m=%d,t=%d,p=%d", &p.memory, &p.time, &lanes); err != nil || n != 3 ||
		parts[3] != fmt.Sprintf("m=%d,t=%d,p=%d", p.memory, p.time, lanes) {
		return p, ErrFormat
	}
	if p.memory < 8*lanes || p.memory > 4*memoryKiB || p.time < 1 || p.time > 4*passes || lanes < 1 || lanes > 4 {
		return p, ErrFormat
	}
	p.lanes = uint8(lanes)
	var err error
	if p.salt, err = base64.RawStdEncoding.Strict().DecodeString(parts[4]); err != nil || len(p.salt) < 8 || len(p.salt) > 64 {
		return p, ErrFormat
	}
	if p.key, err = base64.RawStdEncoding.Strict().DecodeString(parts[5]); err != nil || len(p.key) < 16 || len(p.key) > 64 {
		return p, ErrFormat
	}
	return p, nil
}

// Verify reports whether p is the password of encoded, in time that does
// not depend on where the two differ.
func Verify(ctx context.Context, encoded, p string) (bool, error) {
	ps, err := parse(encoded)
	if err != nil {
		return false, err
	}
	release, err := hold(ctx)
	if err != nil {
		return false, err
	}
	defer release()
	key := argon2.IDKey([]byte(p), ps.salt, ps.time, ps.memory, ps.lanes, uint32(len(ps.key)))
	return subtle.ConstantTimeCompare(key, ps.key) == 1, nil
}

// decoy is a hash of no one's password: a sign-in under a name nobody has
// is checked against it, so it takes the time a real one takes and its
// answer's timing says nothing of which names exist.
var decoy = "$argon2id$v=19$m=19456,t=2,p=1$c2lnbi1pbi1kZWNveQ$Zm9yIG5vYm9keSwgdGhlIHNhbWUgdGltZS4uLi4uLi4"

// VerifyNobody spends what Verify spends, and reports false.
func VerifyNobody(ctx context.Context, p string) error {
	_, err := Verify(ctx, decoy, p)
	return err
}
