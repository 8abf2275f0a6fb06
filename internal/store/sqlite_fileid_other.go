//go:build !unix

package store

import "path/filepath"

// fileIDOf identifies the file at path by its absolute path.
func fileIDOf(path string) (any, bool) {
	abs, err := filepath.Abs(path)
	return abs, err == nil
}
