package store

import (
	"encoding/binary"
	"sync"
	"sync/atomic"
	"unsafe"

	"modernc.org/libc"
	sqlite3 "modernc.org/sqlite/lib"
)

// A SQLite database in WAL mode says in shared memory whether anything was committed: every
// commit, by any connection of any process, writes a new WAL-index header at the start of the
// wal-index (the "-shm" file; its change counter, frame count, salts and checksum:
// https://sqlite.org/walformat.html, "The WAL-Index Header"). It is what SQLite itself reads at
// the start of each read transaction to decide whether its page cache is still good.
//
// The version reads of SQLite mode (shared: a tournament's stamp, the lists', the leaderboards',
// a player's pages') and the session statements are kept under that header (freshGroup.kept):
// while it has not changed, nothing has been committed since the kept value was read, so the value
// is what the statement would read again. A kept answer then costs a read of 96 bytes instead of
// a statement (a read transaction, two fcntl locks and the statement: ~10 µs of a ~50 µs read;
// issue 16, docs/PERFORMANCE.md, twenty-ninth session). Any commit anywhere (a validation, a
// session touch, the ladder CLI in another process) changes the header and so drops every kept
// value at once: exact, never stale, and as coarse as a commit.
//
// The header is read where SQLite maps it: the writer's VFS (sqlite_walbuf.go) wraps the database
// file's xShmMap and xShmUnmap and notes region 0's address while a writer connection has it
// mapped. Nothing else opens the -shm file (a descriptor of one's own, closed, would drop the
// process's POSIX locks on it, SQLite's included), and a wal-index SQLite deleted and made again
// (after the process's last connection closed) is the one read, as soon as a writer maps it.

// shmRegion is one database's wal-index region 0 while writer connections have it mapped.
type shmRegion struct {
	mu    sync.RWMutex
	files map[uintptr]uintptr // writer connection's database file (sqlite3_file*) → region 0
	p     uintptr             // region 0 while files is not empty (every file maps the same)
}

// shmRegions are the regions of the databases opened, keyed by the file's identity (fileIDOf).
var shmRegions sync.Map

// shmRegionOf returns the region of the database file at path, made when first asked; nil when
// the file cannot be identified.
func shmRegionOf(path string) *shmRegion {
	id, ok := fileIDOf(path)
	if !ok {
		return nil
	}
	r, _ := shmRegions.LoadOrStore(id, &shmRegion{files: map[uintptr]uintptr{}})
	return r.(*shmRegion)
}

// walBufDBRegions are the open database files of writer connections (sqlite3_file*) → their
// region, found once when SQLite opens the file: a file renamed, replaced or deleted meanwhile
// still clears the region its mapping was noted in.
var walBufDBRegions sync.Map

// walBufShmMap is the database file's xShmMap: region 0's address is noted once SQLite has it.
func walBufShmMap(tls *libc.TLS, pFile uintptr, iRegion, szRegion, bExtend int32, pp uintptr) int32 {
	orig := origMethods((*sqlite3.Tsqlite3_file)(cPointer(pFile)).FpMethods)
	rc := (*(*func(*libc.TLS, uintptr, int32, int32, int32, uintptr) int32)(unsafe.Pointer(&struct{ uintptr }{orig.FxShmMap})))(
		tls, pFile, iRegion, szRegion, bExtend, pp)
	if rc != sqlite3.SQLITE_OK || iRegion != 0 {
		return rc
	}
	p := *(*uintptr)(cPointer(pp))
	if r, ok := walBufDBRegions.Load(pFile); ok && p != 0 {
		r := r.(*shmRegion)
		r.mu.Lock()
		r.files[pFile] = p
		r.p = p
		r.mu.Unlock()
	}
	return rc
}

// walBufShmUnmap is the database file's xShmUnmap: the region is forgotten before SQLite may
// unmap it (version then answers false until a writer maps it again).
func walBufShmUnmap(tls *libc.TLS, pFile uintptr, deleteFlag int32) int32 {
	if r, ok := walBufDBRegions.Load(pFile); ok {
		r := r.(*shmRegion)
		r.mu.Lock()
		delete(r.files, pFile)
		if len(r.files) == 0 {
			r.p = 0
		}
		r.mu.Unlock()
	}
	orig := origMethods((*sqlite3.Tsqlite3_file)(cPointer(pFile)).FpMethods)
	return (*(*func(*libc.TLS, uintptr, int32) int32)(unsafe.Pointer(&struct{ uintptr }{orig.FxShmUnmap})))(tls, pFile, deleteFlag)
}

// walIndexHeaderWords is the WAL-index header's size in 32-bit words (48 bytes); the region
// starts with two copies of it, the second written first by a committing writer.
const walIndexHeaderWords = 12

// walHeader is a WAL-index header: equal headers, no commit in between.
type walHeader [walIndexHeaderWords]uint32

// version returns the current WAL-index header, or false when it cannot be read consistently
// (no writer has the region mapped, a writer is writing the header, or it is not initialized):
// the caller then reads the database.
func (r *shmRegion) version() (dataVersion, bool) {
	h, ok := r.header()
	return dataVersion{wal: h}, ok
}

// header reads the WAL-index header (version).
func (r *shmRegion) header() (v walHeader, ok bool) {
	if r == nil {
		return v, false
	}
	r.mu.RLock()
	defer r.mu.RUnlock()
	if r.p == 0 {
		return v, false
	}
	words := (*[2 * walIndexHeaderWords]uint32)(cPointer(r.p))
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
