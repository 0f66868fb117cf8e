package morrisdb

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A space's values, the long ones too, come back from its files as they
// were written; a damaged file is refused, not read.
func TestFilesRoundTrip(t *testing.T) {
	dir := t.TempDir()
	s := Space{3, 3}
	v := newValues(s.Size())
	for i, x := range map[uint64]Value{0: Win(1), 7: Loss(126), 8: Loss(127), 9: Win(128), 1000: Win(300), s.Size() - 1: Loss(0)} {
		v.set(i, x)
	}
	if len(v.long) != 3 || v.cells[7] != uint8(Loss(126)) {
		t.Fatalf("long %v, cell 7 %d", v.long, v.cells[7])
	}
	sum, err := write(dir, s, v)
	if err != nil {
		t.Fatal(err)
	}
	if got, err := fileSum(dir, s); err != nil || got != sum {
		t.Errorf("the files read back hash to %s (%v), written %s", got, err, sum)
	}
	m, err := open(dir, s)
	if err != nil {
		t.Fatal(err)
	}
	for _, i := range []uint64{0, 1, 7, 8, 9, 1000, s.Size() - 1} {
		if got, want := m.vals.at(i), v.at(i); got != want {
			t.Errorf("%d: read %v, wrote %v", i, got, want)
		}
	}
	m.close()

	damage := map[string]func(){
		"truncated": func() { os.Truncate(filepath.Join(dir, fileName(s)), headerSize+10) },
		"another space's header": func() {
			b, _ := os.ReadFile(filepath.Join(dir, fileName(s)))
			b[len(magic)] = 4
			os.WriteFile(filepath.Join(dir, fileName(s)), b, 0o644)
		},
		"a long value at a short cell": func() {
			b, _ := os.ReadFile(filepath.Join(dir, longName(s)))
			b[0] = 1 // index 1: a draw in its byte
			os.WriteFile(filepath.Join(dir, longName(s)), b, 0o644)
		},
		"no long file": func() { os.Remove(filepath.Join(dir, longName(s))) },
	}
	for name, spoil := range damage {
		if _, err := write(dir, s, v); err != nil {
			t.Fatal(err)
		}
		spoil()
		if m, err := open(dir, s); err == nil {
			m.close()
			t.Errorf("%s: opened", name)
		}
	}
}

// The long file of a space is read whatever it holds without a panic, and
// what it gives is only values that need it, at cells that say so.
func FuzzLongFile(f *testing.F) {
	dir := f.TempDir()
	s := Space{3, 3}
	v := newValues(s.Size())
	v.set(5, Win(200))
	if _, err := write(dir, s, v); err != nil {
		f.Fatal(err)
	}
	good, _ := os.ReadFile(filepath.Join(dir, longName(s)))
	f.Add(good)
	f.Add([]byte{})
	f.Add([]byte{5, 0, 0, 0, 0, 0, 0, 0, 10, 0})
	f.Fuzz(func(t *testing.T, long []byte) {
		if err := os.WriteFile(filepath.Join(dir, longName(s)), long, 0o644); err != nil {
			t.Fatal(err)
		}
		m, err := open(dir, s)
		if err != nil {
			return
		}
		defer m.close()
		for i, x := range m.vals.long {
			if m.vals.cells[i] != overflow || x < overflow {
				t.Fatalf("long value %v at %d", x, i)
			}
		}
	})
}

// Stats come from the sidecars; a lost one is counted again only when
// asked (a pass over the whole space), else the space is listed bare.
func TestSpaceStatsWithoutASidecar(t *testing.T) {
	db := smallDB(t)
	dir := t.TempDir()
	for _, ext := range []string{".mdb", ".long"} {
		b, err := os.ReadFile(filepath.Join(built.dir, "3-3"+ext))
		if err != nil {
			t.Fatal(err)
		}
		os.WriteFile(filepath.Join(dir, "3-3"+ext), b, 0o644)
	}
	os.WriteFile(filepath.Join(dir, "3-3.mdb.tmp123"), nil, 0o644) // a write cut short
	bare, err := SpaceStats(dir, false)
	if err != nil || len(bare) != 1 || bare[0].Space != "3-3" || bare[0].Positions != (Space{3, 3}).Placements() || bare[0].Wins != 0 {
		t.Errorf("without recounting: %+v, %v", bare, err)
	}
	counted, err := SpaceStats(dir, true)
	if want := count(Space{3, 3}, db.values(Space{3, 3})); err != nil || len(counted) != 1 || counted[0] != want {
		t.Errorf("recounted: %+v, %v; want %+v", counted, err, want)
	}
}

// A build's peak is its largest pair at three bytes a cell: 4-4 up to 4-4
// (4-3/3-4 together have fewer cells), 7-6/6-7 up to 7-7.
func TestPeakBytes(t *testing.T) {
	if got, want := PeakBytes(Space{4, 4}), 3*(Space{4, 4}).Size(); got != want {
		t.Errorf("up to 4-4: %d bytes, want 4-4's %d", got, want)
	}
	if got, want := PeakBytes(Space{7, 7}), 3*((Space{7, 6}).Size()+(Space{6, 7}).Size()); got != want {
		t.Errorf("up to 7-7: %d bytes, want the pair 7-6/6-7's %d", got, want)
	}
}

// A file of the format that stored every placement is named as such, not
// as a file of the wrong length.
func TestAFileByPlacementAsksForARebuild(t *testing.T) {
	dir := t.TempDir()
	s := Space{3, 3}
	old := make([]byte, headerSize+s.Placements())
	copy(old, magicByPlacement)
	old[len(magicByPlacement)], old[len(magicByPlacement)+1] = 3, 3
	os.WriteFile(filepath.Join(dir, fileName(s)), old, 0o644)
	os.WriteFile(filepath.Join(dir, longName(s)), nil, 0o644)
	if _, err := Open(dir); err == nil || !strings.Contains(err.Error(), "build the directory again") {
		t.Errorf("opening a file by placement: %v", err)
	}
}

// A space's files are checked against the SHA-256 its build recorded: a
// byte changed in a copy is found; a space with no record says so.
func TestChecksumFindsAChangedByte(t *testing.T) {
	smallDB(t)
	dir := t.TempDir()
	s := Space{3, 3}
	for _, name := range []string{fileName(s), longName(s), statsName(s)} {
		b, err := os.ReadFile(filepath.Join(built.dir, name))
		if err != nil {
			t.Fatal(err)
		}
		os.WriteFile(filepath.Join(dir, name), b, 0o644)
	}
	if ok, err := Checksum(dir, s); !ok || err != nil {
		t.Fatalf("a faithful copy: %v, %v", ok, err)
	}
	path := filepath.Join(dir, fileName(s))
	b, _ := os.ReadFile(path)
	b[headerSize+1000] ^= 1
	os.WriteFile(path, b, 0o644)
	if _, err := Checksum(dir, s); !errors.Is(err, ErrChecksum) {
		t.Errorf("a byte changed: %v", err)
	}
	// A sidecar without one gets the files' digest once recorded.
	st, _ := readStats(dir, s)
	st.SHA256 = ""
	writeStats(dir, s, st)
	if ok, err := Checksum(dir, s); ok || err != nil {
		t.Errorf("none recorded: %v, %v", ok, err)
	}
	if err := RecordChecksum(dir, s); err != nil {
		t.Fatal(err)
	}
	if ok, err := Checksum(dir, s); !ok || err != nil {
		t.Errorf("recorded: %v, %v", ok, err)
	}
	os.Remove(filepath.Join(dir, statsName(s)))
	if ok, err := Checksum(dir, s); ok || err != nil {
		t.Errorf("no sidecar: %v, %v", ok, err)
	}
}
