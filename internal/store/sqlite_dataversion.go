package store

import (
	"encoding/binary"
	"os"
	"sync/atomic"
	"syscall"
	"unsafe"
)

// A SQLite database in WAL mode says in shared memory whether anything was committed: every
// commit, by any connection of any process, writes a new WAL-index header at the start of the
// "-shm" file (its change counter, frame count, salts and checksum: https://sqlite.org/walformat.html,
// "The WAL-Index Header"). It is what SQLite itself reads at the start of each read transaction to
// decide whether its page cache is still good.
//
// The version reads of SQLite mode (shared: a tournament's stamp, the lists', the leaderboards',
// a player's pages') are kept under that header: while it has not changed, nothing has been
// committed since the kept value was read, so the value is what the statement would read again.
// A kept answer then costs a read of 96 bytes instead of a statement (a read transaction, two
// fcntl locks and the statement: ~10 µs of a ~50 µs read; issue 16, docs/PERFORMANCE.md,
// twenty-ninth session). Any commit anywhere (a validation, a session touch, the ladder CLI in
// another process) changes the header and so drops every kept value at once: exact, never stale,
// and as coarse as a commit.

// shmWatch is a read-only mapping of the database's -shm file.
type shmWatch struct {
	mem []byte
}

// walIndexHeaderWords is the WAL-index header's size in 32-bit words (48 bytes); the file holds
// two copies of it, the second written first by a committing writer.
const walIndexHeaderWords = 12

// dataVersion is a WAL-index header: equal headers, no commit in between.
type dataVersion [walIndexHeaderWords]uint32

// openShmWatch maps the -shm file of the database at path (open in WAL mode by this process, so
// that the file exists and is initialized).
func openShmWatch(path string) (*shmWatch, error) {
	f, err := os.Open(path + "-shm")
	if err != nil {
		return nil, err
	}
	defer f.Close()
	mem, err := syscall.Mmap(int(f.Fd()), 0, os.Getpagesize(), syscall.PROT_READ, syscall.MAP_SHARED)
	if err != nil {
		return nil, err
	}
	return &shmWatch{mem: mem}, nil
}

// version returns the current WAL-index header, or false when it cannot be read consistently
// (a writer is writing it, or it is not initialized): the caller then reads the database.
func (w *shmWatch) version() (v dataVersion, ok bool) {
	if w == nil {
		return v, false
	}
	words := (*[2 * walIndexHeaderWords]uint32)(unsafe.Pointer(&w.mem[0]))
	// As SQLite reads it (walIndexTryHdr): the first copy, then the second; a writer writes the
	// second first, so equal copies are one header, not a mix of two.
	for i := range walIndexHeaderWords {
		v[i] = atomic.LoadUint32(&words[i])
	}
	for i := range walIndexHeaderWords {
		if atomic.LoadUint32(&words[walIndexHeaderWords+i]) != v[i] {
			return v, false
		}
	}
	// isInit is the byte at offset 12: the fourth word's first byte in memory order.
	var w3 [4]byte
	binary.NativeEndian.PutUint32(w3[:], v[3])
	if w3[0] == 0 {
		return v, false
	}
	return v, true
}

func (w *shmWatch) close() {
	if w != nil && w.mem != nil {
		_ = syscall.Munmap(w.mem)
		w.mem = nil
	}
}
