package store

import (
	"encoding/binary"
	"errors"
	"math"
	"sync"
	"sync/atomic"
	"unsafe"

	"modernc.org/libc"
	sqlite3 "modernc.org/sqlite/lib"
)

// The writer's WAL written once per commit (SQLite mode).
//
// SQLite writes each page of a commit to the WAL as two writes, the frame's 24-byte header and
// the page: a result validation's ~45 pages were ~90 pwrite calls, ~10 % of its CPU on this
// project's machines, where a system call costs a microsecond or more (docs/PERFORMANCE.md,
// twenty-eighth session). The writer's connection opens its database through a VFS of its own,
// walBufVFS: SQLite's default VFS ("unix") with the WAL file's writes gathered in memory and
// written as one pwrite when the commit's last page arrives.
//
// Why it answers as SQLite alone does:
//   - Only appends are gathered: writes past everything the file was given before (its high
//     water), each following the last. A write over earlier bytes (SQLite rewriting a frame's
//     page or header in place, walRewriteChecksums) first writes what is gathered, then goes to
//     the file at once, as without the buffer. The WAL's header written at offset 0 starts the
//     log again (after a checkpoint): the high water starts again with it.
//   - The commit's frames are in the file when the write of its last page returns. SQLite
//     publishes a commit to other connections (the wal-index) only after that write, and a
//     failed write fails the commit, as a failed pwrite of that page would have.
//   - Any read, sync, truncation, size query, file control or close of the WAL first writes what
//     is gathered, so at each of SQLite's calls the file holds what it would without the buffer.
//   - Frames a rolled-back transaction spilled may wait in memory until the next write; SQLite
//     never reads them (they are past the last commit) and the next write lands after them.
//   - The database file, the journals and every other file are the default VFS's, untouched;
//     readers open their connections with the default VFS.
// A commit frame is known by its header: SQLite's WAL frame header holds, at bytes 4–7, the
// database's size in pages after a commit, and 0 in every other frame (wal.c, walEncodeFrame).

// walBufVFS is the name the writer's DSN gives (vfs=).
const walBufVFS = "ladder-walbuf"

const (
	walHeaderSize      = 32
	walFrameHeaderSize = 24
	walBufMax          = 1 << 20 // gathered bytes written out past this (a large transaction)
	// walWriteMax is the most one write call of the default VFS writes: it masks a write's
	// length with 0x1ffff (os_unix.c, seekAndWriteFd) and takes the rest for a full disk.
	walWriteMax = 0x1ffff
)

// walWriteLock is the WAL's write lock among the shared-memory locks (wal.c, WAL_WRITE_LOCK).
const walWriteLock = 0

var (
	walBufOnce sync.Once
	walBufErr  error
	walBufReal uintptr // the default VFS
	// The wrapped copies of io methods (C memory), made once per original: the WAL's and the
	// database file's, keyed by the original; and each copy's original, keyed by the copy.
	walBufWALMethods, walBufDBMethods, walBufOrig sync.Map
	walBufFiles                                   sync.Map // an open WAL file (sqlite3_file*) → *walFile
	walBufByConn                                  sync.Map // a connection (its *libc.TLS) → its *walFile
	// walBufGathered counts the writes gathered rather than written (the tests read it).
	walBufGathered atomic.Int64
)

// walFile is what an open WAL file has gathered: n bytes at buf (C memory, walBufMax bytes,
// allocated at the first write), to be written at off.
type walFile struct {
	orig *sqlite3.Tsqlite3_io_methods
	buf  uintptr
	n    int
	off  int64
	high int64 // the end of what was written to the file since the log started; gathered bytes lie past it
	// commitPage: the last write was a commit frame's header, and the next is its page.
	commitPage bool
	// failed: gathered bytes could not be written. Until the write lock is let go (the
	// transaction has rolled back), every write fails: SQLite believes those frames written.
	failed bool
}

// drop forgets what is gathered (never written) and a failure, as the write lock is let go.
func (f *walFile) drop() { f.n, f.commitPage, f.failed = 0, false, false }

// registerWalBuf registers walBufVFS once; the writer's DSN names it only when this succeeded.
func registerWalBuf() error {
	walBufOnce.Do(func() {
		tls := libc.NewTLS()
		defer tls.Close()
		walBufReal = sqlite3.Xsqlite3_vfs_find(tls, 0)
		if walBufReal == 0 {
			walBufErr = errors.New("sqlite has no default VFS")
			return
		}
		p := libc.Xcalloc(tls, 1, libc.Tsize_t(unsafe.Sizeof(sqlite3.Tsqlite3_vfs{})))
		name, err := libc.CString(walBufVFS)
		if p == 0 || err != nil {
			walBufErr = errors.New("no memory for the WAL's VFS")
			return
		}
		v := (*sqlite3.Tsqlite3_vfs)(cPointer(p))
		*v = *(*sqlite3.Tsqlite3_vfs)(cPointer(walBufReal))
		v.FpNext, v.FzName = 0, name
		*(*func(*libc.TLS, uintptr, uintptr, uintptr, int32, uintptr) int32)(unsafe.Pointer(&v.FxOpen)) = walBufOpen
		if rc := sqlite3.Xsqlite3_vfs_register(tls, p, 0); rc != sqlite3.SQLITE_OK {
			walBufErr = errors.New(libc.GoString(sqlite3.Xsqlite3_errstr(tls, rc)))
		}
	})
	return walBufErr
}

// walBufOpen opens a file with the default VFS and, for a WAL file, wraps its io methods.
func walBufOpen(tls *libc.TLS, _ uintptr, zName uintptr, pFile uintptr, flags int32, pOutFlags uintptr) int32 {
	real := (*sqlite3.Tsqlite3_vfs)(cPointer(walBufReal))
	rc := (*(*func(*libc.TLS, uintptr, uintptr, uintptr, int32, uintptr) int32)(unsafe.Pointer(&struct{ uintptr }{real.FxOpen})))(
		tls, walBufReal, zName, pFile, flags, pOutFlags)
	file := (*sqlite3.Tsqlite3_file)(cPointer(pFile))
	if rc != sqlite3.SQLITE_OK || file.FpMethods == 0 || !walBufPowersafe(tls, zName) {
		return rc
	}
	switch {
	case flags&sqlite3.SQLITE_OPEN_MAIN_DB != 0:
		// The database file: its write lock's release drops what a rolled-back transaction left
		// gathered (walBufShmLock); its wal-index's first region is noted for the data version
		// (walBufShmMap, sqlite_dataversion.go).
		if m := wrappedMethods(tls, &walBufDBMethods, file.FpMethods, wrapDBMethods); m != 0 {
			if r := shmRegionOf(libc.GoString(zName)); r != nil {
				walBufDBRegions.Store(pFile, r)
			} else {
				walBufDBRegions.Delete(pFile) // a reused address: no region of an earlier file
			}
			file.FpMethods = m
		}
	case flags&sqlite3.SQLITE_OPEN_WAL != 0:
		orig := file.FpMethods
		m := wrappedMethods(tls, &walBufWALMethods, orig, wrapWALMethods)
		if m == 0 {
			return rc // no memory for the copy: this WAL is written as SQLite writes it
		}
		f := &walFile{orig: (*sqlite3.Tsqlite3_io_methods)(cPointer(orig)), high: math.MaxInt64} // size unknown: all overwrites
		size := tls.Alloc(8)
		defer tls.Free(8)
		if (*(*func(*libc.TLS, uintptr, uintptr) int32)(unsafe.Pointer(&struct{ uintptr }{f.orig.FxFileSize})))(tls, pFile, size) == sqlite3.SQLITE_OK {
			f.high = int64(binary.NativeEndian.Uint64(libc.GoBytes(size, 8)))
		}
		walBufFiles.Store(pFile, f)
		walBufByConn.Store(tls, f) // the connection's database file finds its WAL by the connection
		file.FpMethods = m
	}
	return rc
}

// walBufPowersafe reports whether SQLite writes the WAL without padding commits to sectors: it
// pads (and syncs within a commit's last frame) when the file is opened with psow=0.
func walBufPowersafe(tls *libc.TLS, zName uintptr) bool {
	psow, err := libc.CString("psow")
	if err != nil {
		return false
	}
	defer libc.Xfree(tls, psow)
	return sqlite3.Xsqlite3_uri_boolean(tls, zName, psow, 1) != 0
}

// wrappedMethods returns the copy, made once by wrap in C memory, of the io methods at orig; 0
// when there is no memory for it.
func wrappedMethods(tls *libc.TLS, copies *sync.Map, orig uintptr, wrap func(m *sqlite3.Tsqlite3_io_methods)) uintptr {
	if m, ok := copies.Load(orig); ok {
		return m.(uintptr)
	}
	m := libc.Xcalloc(tls, 1, libc.Tsize_t(unsafe.Sizeof(sqlite3.Tsqlite3_io_methods{})))
	if m == 0 {
		return 0
	}
	methods := (*sqlite3.Tsqlite3_io_methods)(cPointer(m))
	*methods = *(*sqlite3.Tsqlite3_io_methods)(cPointer(orig))
	wrap(methods)
	actual, loaded := copies.LoadOrStore(orig, m)
	if loaded {
		libc.Xfree(tls, m)
	} else {
		walBufOrig.Store(m, orig)
	}
	return actual.(uintptr)
}

func wrapWALMethods(m *sqlite3.Tsqlite3_io_methods) {
	*(*func(*libc.TLS, uintptr) int32)(unsafe.Pointer(&m.FxClose)) = walBufClose
	*(*func(*libc.TLS, uintptr, uintptr, int32, int64) int32)(unsafe.Pointer(&m.FxRead)) = walBufRead
	*(*func(*libc.TLS, uintptr, uintptr, int32, int64) int32)(unsafe.Pointer(&m.FxWrite)) = walBufWrite
	*(*func(*libc.TLS, uintptr, int64) int32)(unsafe.Pointer(&m.FxTruncate)) = walBufTruncate
	*(*func(*libc.TLS, uintptr, int32) int32)(unsafe.Pointer(&m.FxSync)) = walBufSync
	*(*func(*libc.TLS, uintptr, uintptr) int32)(unsafe.Pointer(&m.FxFileSize)) = walBufFileSize
	*(*func(*libc.TLS, uintptr, int32, uintptr) int32)(unsafe.Pointer(&m.FxFileControl)) = walBufFileControl
}

func wrapDBMethods(m *sqlite3.Tsqlite3_io_methods) {
	*(*func(*libc.TLS, uintptr) int32)(unsafe.Pointer(&m.FxClose)) = walBufDBClose
	if m.FiVersion >= 2 && m.FxShmLock != 0 && m.FxShmMap != 0 && m.FxShmUnmap != 0 {
		*(*func(*libc.TLS, uintptr, int32, int32, int32) int32)(unsafe.Pointer(&m.FxShmLock)) = walBufShmLock
		*(*func(*libc.TLS, uintptr, int32, int32, int32, uintptr) int32)(unsafe.Pointer(&m.FxShmMap)) = walBufShmMap
		*(*func(*libc.TLS, uintptr, int32) int32)(unsafe.Pointer(&m.FxShmUnmap)) = walBufShmUnmap
	}
}

// walBufDBClose is the database file's xClose: it forgets the file's region.
func walBufDBClose(tls *libc.TLS, pFile uintptr) int32 {
	walBufDBRegions.Delete(pFile)
	orig := origMethods((*sqlite3.Tsqlite3_file)(cPointer(pFile)).FpMethods)
	return (*(*func(*libc.TLS, uintptr) int32)(unsafe.Pointer(&struct{ uintptr }{orig.FxClose})))(tls, pFile)
}

// origMethods are the io methods a wrapped copy was made from.
func origMethods(copy uintptr) *sqlite3.Tsqlite3_io_methods {
	orig, _ := walBufOrig.Load(copy)
	return (*sqlite3.Tsqlite3_io_methods)(cPointer(orig.(uintptr)))
}

// walBufShmLock is the database file's xShmLock. When the connection lets go of the WAL's write
// lock, what its WAL still has gathered belongs to no commit (a commit's bytes are written before
// it returns): a rolled-back transaction's spilled frames. They are dropped, never written: once
// the lock is free another connection or process may commit frames where they would have gone.
func walBufShmLock(tls *libc.TLS, pFile uintptr, offset, n, flags int32) int32 {
	if offset <= walWriteLock && walWriteLock < offset+n && flags == sqlite3.SQLITE_SHM_UNLOCK|sqlite3.SQLITE_SHM_EXCLUSIVE {
		if f, ok := walBufByConn.Load(tls); ok {
			f.(*walFile).drop()
		}
	}
	orig := origMethods((*sqlite3.Tsqlite3_file)(cPointer(pFile)).FpMethods)
	return (*(*func(*libc.TLS, uintptr, int32, int32, int32) int32)(unsafe.Pointer(&struct{ uintptr }{orig.FxShmLock})))(tls, pFile, offset, n, flags)
}

func walFileOf(pFile uintptr) *walFile {
	f, _ := walBufFiles.Load(pFile)
	return f.(*walFile)
}

// flush writes what f gathered with the default VFS's write, in pieces it writes whole.
func (f *walFile) flush(tls *libc.TLS, pFile uintptr) int32 {
	rc := int32(sqlite3.SQLITE_OK)
	for at := 0; at < f.n && rc == sqlite3.SQLITE_OK; at += walWriteMax {
		rc = (*(*func(*libc.TLS, uintptr, uintptr, int32, int64) int32)(unsafe.Pointer(&struct{ uintptr }{f.orig.FxWrite})))(
			tls, pFile, f.buf+uintptr(at), int32(min(f.n-at, walWriteMax)), f.off+int64(at))
	}
	if rc == sqlite3.SQLITE_OK {
		f.high = max(f.high, f.off+int64(f.n))
	} else {
		f.failed = true
	}
	f.n = 0
	return rc
}

// flushFirst writes what is gathered before another call on the WAL; a failure there is the
// transaction's, not the call's (IOERR_WRITE: SQLite rolls the whole transaction back).
func (f *walFile) flushFirst(tls *libc.TLS, pFile uintptr) int32 {
	if f.failed || f.flush(tls, pFile) != sqlite3.SQLITE_OK {
		return sqlite3.SQLITE_IOERR_WRITE
	}
	return sqlite3.SQLITE_OK
}

func walBufWrite(tls *libc.TLS, pFile, zBuf uintptr, amt int32, off int64) int32 {
	f := walFileOf(pFile)
	if f.failed {
		return sqlite3.SQLITE_IOERR_WRITE
	}
	endsCommit := f.commitPage // this write is a commit frame's page
	isCommitHeader := amt == walFrameHeaderSize && binary.BigEndian.Uint32(libc.GoBytes(zBuf, 8)[4:8]) != 0
	f.commitPage = false
	if f.n > 0 && (off != f.off+int64(f.n) || f.n+int(amt) > walBufMax) {
		if rc := f.flush(tls, pFile); rc != sqlite3.SQLITE_OK {
			return rc
		}
	}
	if off == 0 && amt == walHeaderSize {
		f.high = 0 // the log starts again
	}
	if f.buf == 0 {
		f.buf = libc.Xmalloc(tls, walBufMax)
	}
	if off < f.high || f.buf == 0 || int(amt) > walBufMax { // to the file now, as without the buffer
		rc := (*(*func(*libc.TLS, uintptr, uintptr, int32, int64) int32)(unsafe.Pointer(&struct{ uintptr }{f.orig.FxWrite})))(tls, pFile, zBuf, amt, off)
		if rc == sqlite3.SQLITE_OK {
			f.high = max(f.high, off+int64(amt))
			f.commitPage = isCommitHeader // a commit frame's header over a torn tail: its page follows
		}
		return rc
	}
	if f.n == 0 {
		f.off = off
	}
	copy(libc.GoBytes(f.buf+uintptr(f.n), int(amt)), libc.GoBytes(zBuf, int(amt)))
	f.n += int(amt)
	walBufGathered.Add(1)
	if endsCommit {
		return f.flush(tls, pFile) // the commit's last page: the commit is in the file
	}
	f.commitPage = isCommitHeader
	return sqlite3.SQLITE_OK
}

func walBufRead(tls *libc.TLS, pFile, zBuf uintptr, amt int32, off int64) int32 {
	f := walFileOf(pFile)
	if rc := f.flushFirst(tls, pFile); rc != sqlite3.SQLITE_OK {
		return rc
	}
	return (*(*func(*libc.TLS, uintptr, uintptr, int32, int64) int32)(unsafe.Pointer(&struct{ uintptr }{f.orig.FxRead})))(tls, pFile, zBuf, amt, off)
}

func walBufTruncate(tls *libc.TLS, pFile uintptr, size int64) int32 {
	f := walFileOf(pFile)
	if rc := f.flushFirst(tls, pFile); rc != sqlite3.SQLITE_OK {
		return rc
	}
	f.high = min(f.high, size)
	return (*(*func(*libc.TLS, uintptr, int64) int32)(unsafe.Pointer(&struct{ uintptr }{f.orig.FxTruncate})))(tls, pFile, size)
}

func walBufSync(tls *libc.TLS, pFile uintptr, flags int32) int32 {
	f := walFileOf(pFile)
	if rc := f.flushFirst(tls, pFile); rc != sqlite3.SQLITE_OK {
		return rc
	}
	return (*(*func(*libc.TLS, uintptr, int32) int32)(unsafe.Pointer(&struct{ uintptr }{f.orig.FxSync})))(tls, pFile, flags)
}

func walBufFileSize(tls *libc.TLS, pFile, pSize uintptr) int32 {
	f := walFileOf(pFile)
	if rc := f.flushFirst(tls, pFile); rc != sqlite3.SQLITE_OK {
		return rc
	}
	return (*(*func(*libc.TLS, uintptr, uintptr) int32)(unsafe.Pointer(&struct{ uintptr }{f.orig.FxFileSize})))(tls, pFile, pSize)
}

func walBufFileControl(tls *libc.TLS, pFile uintptr, op int32, pArg uintptr) int32 {
	f := walFileOf(pFile)
	if rc := f.flushFirst(tls, pFile); rc != sqlite3.SQLITE_OK {
		return rc
	}
	return (*(*func(*libc.TLS, uintptr, int32, uintptr) int32)(unsafe.Pointer(&struct{ uintptr }{f.orig.FxFileControl})))(tls, pFile, op, pArg)
}

func walBufClose(tls *libc.TLS, pFile uintptr) int32 {
	f := walFileOf(pFile)
	// What is still gathered belongs to no commit (each is written before it returns): dropped.
	f.drop()
	walBufFiles.Delete(pFile)
	walBufByConn.CompareAndDelete(tls, f)
	if f.buf != 0 {
		libc.Xfree(tls, f.buf)
	}
	return (*(*func(*libc.TLS, uintptr) int32)(unsafe.Pointer(&struct{ uintptr }{f.orig.FxClose})))(tls, pFile)
}

// cPointer is the C address p as a Go pointer: memory SQLite owns (or a Go value kept reachable
// elsewhere), which Go's collector neither frees nor moves.
func cPointer(p uintptr) unsafe.Pointer { return *(*unsafe.Pointer)(unsafe.Pointer(&p)) }
