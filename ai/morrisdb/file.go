package morrisdb

import (
	"encoding/binary"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"syscall"
	"unsafe"
)

// A space's file is a 32-byte header (magic, W, B) and then a uint16 a
// position, little-endian, in index order: any machine can read it, and
// one of this kind (little-endian) maps it without copying.
const (
	magic      = "GAMEAI-MORRIS-DB-1\n"
	headerSize = 32
)

func fileName(s Space) string  { return s.String() + ".mdb" }
func statsName(s Space) string { return s.String() + ".json" }

// write puts a solved space in dir through a temporary file, so a file
// under its name is always whole.
func write(dir string, s Space, vals []Value) error {
	path := filepath.Join(dir, fileName(s))
	f, err := os.CreateTemp(dir, fileName(s)+".tmp*")
	if err != nil {
		return err
	}
	defer os.Remove(f.Name())
	var h [headerSize]byte
	copy(h[:], magic)
	h[len(magic)], h[len(magic)+1] = byte(s.W), byte(s.B)
	buf := make([]byte, 0, 1<<20)
	buf = append(buf, h[:]...)
	for _, v := range vals {
		buf = binary.LittleEndian.AppendUint16(buf, uint16(v))
		if len(buf) >= 1<<20 {
			if _, err := f.Write(buf); err != nil {
				f.Close()
				return err
			}
			buf = buf[:0]
		}
	}
	if _, err := f.Write(buf); err != nil {
		f.Close()
		return err
	}
	if err := f.Sync(); err != nil {
		f.Close()
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	return os.Rename(f.Name(), path)
}

// mapped is a space's file mapped into memory.
type mapped struct {
	data []byte
	vals []Value
}

// errMissing is a space whose file is not there.
var errMissing = errors.New("not built")

// open maps a space's file, checking its header and length.
func open(dir string, s Space) (*mapped, error) {
	if binary.NativeEndian.Uint16([]byte{1, 0}) != 1 {
		return nil, errors.New("the database is read on little-endian machines only")
	}
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
	if want := int64(headerSize + 2*s.Size()); st.Size() != want {
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
	vals := unsafe.Slice((*Value)(unsafe.Pointer(&data[headerSize])), s.Size())
	return &mapped{data: data, vals: vals}, nil
}

func (m *mapped) close() error { return syscall.Munmap(m.data) }
