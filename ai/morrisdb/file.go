package morrisdb

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"syscall"
)

// A space's file is a 32-byte header (magic, W, B) and then a byte a
// cell in index order (a value below 255 itself, a hole 0); its long file
// lists the values that do not fit (255 in their byte) as pairs of a
// little-endian uint64 index and uint16 value, in index order. Version 3
// stores a class of placements a cell; version 2 stored every placement.
const (
	magic      = "GAMEAI-MORRIS-DB-3\n"
	headerSize = 32
)

// magicByPlacement begins the files of version 2, a byte a placement.
const magicByPlacement = "GAMEAI-MORRIS-DB-2\n"

func fileName(s Space) string  { return s.String() + ".mdb" }
func longName(s Space) string  { return s.String() + ".long" }
func statsName(s Space) string { return s.String() + ".json" }

// write puts a solved space in dir, each file through a temporary one, the
// values last: a space is there when its .mdb file is, and whole.
// It returns the SHA-256 of the two files, for the sidecar: files that
// move between machines are checked against it (Checksums).
func write(dir string, s Space, v *values) (sum string, err error) {
	long := make([]byte, 0, 10*len(v.long))
	for _, i := range sortedKeys(v.long) {
		long = binary.LittleEndian.AppendUint64(long, i)
		long = binary.LittleEndian.AppendUint16(long, uint16(v.long[i]))
	}
	if err := writeFile(dir, longName(s), long); err != nil {
		return "", err
	}
	var h [headerSize]byte
	copy(h[:], magic)
	h[len(magic)], h[len(magic)+1] = byte(s.W), byte(s.B)
	if err := writeFile(dir, fileName(s), h[:], v.cells); err != nil {
		return "", err
	}
	d := sha256.New()
	d.Write(h[:])
	d.Write(v.cells)
	d.Write(long)
	return hex.EncodeToString(d.Sum(nil)), nil
}

// fileSum is the SHA-256 of a space's files as they are in dir, read
// whole: what write returned when they were written, unless they changed.
func fileSum(dir string, s Space) (string, error) {
	d := sha256.New()
	for _, name := range []string{fileName(s), longName(s)} {
		f, err := os.Open(filepath.Join(dir, name))
		if err != nil {
			return "", err
		}
		_, err = io.Copy(d, f)
		f.Close()
		if err != nil {
			return "", err
		}
	}
	return hex.EncodeToString(d.Sum(nil)), nil
}

// ErrChecksum is a space whose files are not what its build wrote.
var ErrChecksum = errors.New("its files are not what its build wrote")

// Checksum checks the files of s in dir against the SHA-256 its build
// recorded in its sidecar; ok is false when none is recorded (files
// built before checksums were kept, or a sidecar lost).
func Checksum(dir string, s Space) (ok bool, err error) {
	st, err := readStats(dir, s)
	if errors.Is(err, os.ErrNotExist) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	if st.SHA256 == "" {
		return false, nil
	}
	sum, err := fileSum(dir, s)
	if err != nil {
		return false, err
	}
	if sum != st.SHA256 {
		return false, fmt.Errorf("%v: %w (SHA-256 %s, recorded %s)", s, ErrChecksum, sum, st.SHA256)
	}
	return true, nil
}

// writeFile writes the parts to dir/name through a temporary file.
func writeFile(dir, name string, parts ...[]byte) error {
	f, err := os.CreateTemp(dir, name+".tmp*")
	if err != nil {
		return err
	}
	defer os.Remove(f.Name())
	for _, b := range parts {
		if _, err := f.Write(b); err != nil {
			f.Close()
			return err
		}
	}
	if err := f.Sync(); err != nil {
		f.Close()
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	return os.Rename(f.Name(), filepath.Join(dir, name))
}

// mapped is a space's file mapped into memory, with its long values read.
type mapped struct {
	data []byte
	vals *values
}

// errMissing is a space whose file is not there.
var errMissing = errors.New("not built")

// open maps a space's file, checking its header and length, and reads its
// long values.
func open(dir string, s Space) (*mapped, error) {
	f, err := os.Open(filepath.Join(dir, fileName(s)))
	if errors.Is(err, os.ErrNotExist) {
		return nil, errMissing
	}
	if err != nil {
		return nil, err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if want := int64(headerSize + s.Size()); st.Size() != want {
		if head := make([]byte, len(magicByPlacement)); st.Size() >= int64(len(head)) {
			if _, err := f.ReadAt(head, 0); err == nil && string(head) == magicByPlacement {
				return nil, fmt.Errorf("%s: built by an older gameai, a byte a placement; this one stores a byte a class of them: build the directory again", f.Name())
			}
		}
		return nil, fmt.Errorf("%s: %d bytes, want %d", f.Name(), st.Size(), want)
	}
	data, err := syscall.Mmap(int(f.Fd()), 0, int(st.Size()), syscall.PROT_READ, syscall.MAP_SHARED)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", f.Name(), err)
	}
	if string(data[:len(magic)]) != magic || int(data[len(magic)]) != s.W || int(data[len(magic)+1]) != s.B {
		syscall.Munmap(data)
		return nil, fmt.Errorf("%s: not the database's file of %v", f.Name(), s)
	}
	v := &values{cells: data[headerSize:], long: map[uint64]Value{}}
	long, err := os.ReadFile(filepath.Join(dir, longName(s)))
	if err != nil || len(long)%10 != 0 {
		syscall.Munmap(data)
		return nil, fmt.Errorf("%v: its long values: %v (%d bytes)", s, err, len(long))
	}
	for ; len(long) > 0; long = long[10:] {
		i, x := binary.LittleEndian.Uint64(long), Value(binary.LittleEndian.Uint16(long[8:]))
		if i >= s.Size() || v.cells[i] != overflow || x < overflow {
			syscall.Munmap(data)
			return nil, fmt.Errorf("%v: a long value %d at %d that is not one", s, x, i)
		}
		v.long[i] = x
	}
	return &mapped{data: data, vals: v}, nil
}

func (m *mapped) close() error { return syscall.Munmap(m.data) }

// RecordChecksum records the SHA-256 of the files of s in its sidecar
// when none is there (files built before checksums were kept): after a
// check of them, so that their copies can be checked from then on.
func RecordChecksum(dir string, s Space) error {
	st, err := readStats(dir, s)
	if err != nil {
		return err
	}
	if st.SHA256 != "" {
		return nil
	}
	if st.SHA256, err = fileSum(dir, s); err != nil {
		return err
	}
	return writeStats(dir, s, st)
}
