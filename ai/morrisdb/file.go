package morrisdb

import (
	"encoding/binary"
	"errors"
	"fmt"
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
func write(dir string, s Space, v *values) error {
	long := make([]byte, 0, 10*len(v.long))
	for _, i := range sortedKeys(v.long) {
		long = binary.LittleEndian.AppendUint64(long, i)
		long = binary.LittleEndian.AppendUint16(long, uint16(v.long[i]))
	}
	if err := writeFile(dir, longName(s), long); err != nil {
		return err
	}
	var h [headerSize]byte
	copy(h[:], magic)
	h[len(magic)], h[len(magic)+1] = byte(s.W), byte(s.B)
	return writeFile(dir, fileName(s), h[:], v.cells)
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
