//go:build unix

package store

import "syscall"

// fileIDOf identifies the file at path by its device and inode: the same file whatever name or
// link it is reached by (SQLite opens the database by its resolved full path).
func fileIDOf(path string) (any, bool) {
	var st syscall.Stat_t
	if err := syscall.Stat(path, &st); err != nil {
		return nil, false
	}
	return [2]uint64{uint64(st.Dev), uint64(st.Ino)}, true // the fields' types differ by platform
}
