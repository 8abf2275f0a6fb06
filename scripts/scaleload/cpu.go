package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// cgroups gives each instance a CPU quota: a cgroup of its own under the cpu controller (v1:
// cpu.cfs_quota_us; v2: cpu.max). Only this run's child processes are moved into them; they
// are removed at the end.
type cgroups struct {
	v2   bool
	dirs map[*server]string
}

func newCgroups() *cgroups {
	writable := func(root string) bool { // creating a group is what needs the rights
		probe := filepath.Join(root, fmt.Sprintf("ladder-scaleload-probe-%d", os.Getpid()))
		if os.Mkdir(probe, 0o755) != nil {
			return false
		}
		return os.Remove(probe) == nil
	}
	if b, err := os.ReadFile("/sys/fs/cgroup/cgroup.controllers"); err == nil && strings.Contains(string(b), "cpu") && writable("/sys/fs/cgroup") {
		return &cgroups{v2: true, dirs: map[*server]string{}}
	}
	if _, err := os.Stat("/sys/fs/cgroup/cpu/cpu.cfs_quota_us"); err == nil && writable("/sys/fs/cgroup/cpu") {
		return &cgroups{dirs: map[*server]string{}}
	}
	return nil
}

// limit sets each server's quota to cores (0: unlimited), with a 10 ms period so throttling
// comes in small slices rather than 100 ms stalls.
func (g *cgroups) limit(cores float64, servers ...*server) error {
	const period = 10000 // µs
	for _, s := range servers {
		dir, ok := g.dirs[s]
		if !ok {
			root := "/sys/fs/cgroup/cpu"
			if g.v2 {
				root = "/sys/fs/cgroup"
			}
			dir = filepath.Join(root, fmt.Sprintf("ladder-scaleload-%d", s.cmd.Process.Pid))
			if err := os.Mkdir(dir, 0o755); err != nil {
				return err
			}
			g.dirs[s] = dir
			if err := os.WriteFile(filepath.Join(dir, "cgroup.procs"), []byte(strconv.Itoa(s.cmd.Process.Pid)), 0o644); err != nil {
				return err
			}
		}
		quota := "-1"
		if cores > 0 {
			quota = strconv.Itoa(int(cores * period))
		}
		var err error
		if g.v2 {
			if quota == "-1" {
				quota = "max"
			}
			err = os.WriteFile(filepath.Join(dir, "cpu.max"), []byte(quota+" "+strconv.Itoa(period)), 0o644)
		} else {
			err = os.WriteFile(filepath.Join(dir, "cpu.cfs_period_us"), []byte(strconv.Itoa(period)), 0o644)
			if err == nil {
				err = os.WriteFile(filepath.Join(dir, "cpu.cfs_quota_us"), []byte(quota), 0o644)
			}
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// remove deletes the cgroups; a cgroup can only go once its processes have left, so the
// servers are stopped first (deferred calls run in reverse: remove runs before stop, hence
// the move back to the parent group here).
func (g *cgroups) remove() {
	if g == nil {
		return
	}
	for s, dir := range g.dirs {
		parent := filepath.Dir(dir)
		_ = os.WriteFile(filepath.Join(parent, "cgroup.procs"), []byte(strconv.Itoa(s.cmd.Process.Pid)), 0o644)
		_ = os.Remove(dir)
	}
}
