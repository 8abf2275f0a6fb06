package main

import (
	"bufio"
	"bytes"
	"fmt"
	"log"
	"net/url"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"time"
)

// The saturating load is Debian's wrk when it is installed (scripts/ensure-wrk.sh), as issue 16
// measured: a C client on one thread costs a few µs a request, so every server, hello included,
// is what runs out first. This program's own client (wire.go) costs about twice what hello's
// server does: hello measured with it topped out at ~48,000 requests a second where wrk drove the
// same server to ~64,000 (docs/PERFORMANCE.md, twenty-ninth session), so every ratio to hello came
// out higher than it is. Without wrk the figures are printed with that warning.
var wrkPath, _ = exec.LookPath("wrk")

// wrkUsable says whether wrk measures a load of duration d: it counts time in whole seconds.
func wrkUsable(d time.Duration) bool {
	return wrkPath != "" && d >= time.Second && d%time.Second == 0
}

// wrkLoad asks urls in turn from conns connections for d with wrk on one thread (this process's
// CPUs: the client's) and returns the answers that were 200s and those that were not.
func wrkLoad(urls []string, token, encoding string, d time.Duration, conns int) (ok, bad int64) {
	if encoding == "" {
		encoding = apiEncoding
	}
	var paths []string
	for _, raw := range urls {
		u, err := url.Parse(raw)
		if err != nil {
			log.Fatalf("wrk: %v", err)
		}
		paths = append(paths, strconv.Quote(u.RequestURI()))
	}
	// The script sets the headers, asks the paths in turn (one path: wrk's own request, made once)
	// and prints the counts this program reads.
	var lua strings.Builder
	if token != "" {
		fmt.Fprintf(&lua, "wrk.headers[\"Cookie\"] = %s\n", strconv.Quote("ladder_session="+token))
	}
	if encoding != "" {
		fmt.Fprintf(&lua, "wrk.headers[\"Accept-Encoding\"] = %s\n", strconv.Quote(encoding))
	}
	if len(paths) > 1 {
		fmt.Fprintf(&lua, "local paths = {%s}\nlocal i = 0\n", strings.Join(paths, ", "))
		lua.WriteString("request = function()\n\ti = i % #paths + 1\n\treturn wrk.format(\"GET\", paths[i])\nend\n")
	}
	lua.WriteString(`done = function(summary, latency, requests)
	local e = summary.errors
	io.write(string.format("LOADTEST %d %d %d\n", summary.requests, e.status, e.connect + e.read + e.write + e.timeout))
end
`)
	f, err := os.CreateTemp("", "loadtest-*.lua")
	if err != nil {
		log.Fatalf("wrk: %v", err)
	}
	defer os.Remove(f.Name())
	if _, err := f.WriteString(lua.String()); err != nil {
		log.Fatalf("wrk: %v", err)
	}
	f.Close()
	// wrk counts an answer over 399 as a failure (errors.status) and takes a 3xx for a success:
	// the reads answer 200 (no request is conditional), so a redirect would go unseen here.
	cmd := exec.Command(wrkPath, "-t1", "-c"+strconv.Itoa(conns), "-d"+strconv.Itoa(int(d/time.Second))+"s",
		"--timeout", "10s", "-s", f.Name(), urls[0])
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Run(); err != nil {
		log.Fatalf("wrk: %v: %s", err, out.String())
	}
	var requests, status, errs int64
	found := false
	sc := bufio.NewScanner(&out)
	for sc.Scan() {
		if _, err := fmt.Sscanf(sc.Text(), "LOADTEST %d %d %d", &requests, &status, &errs); err == nil {
			found = true
		}
	}
	if !found {
		log.Fatalf("wrk printed no counts: %s", out.String())
	}
	return requests - status, status + errs
}
