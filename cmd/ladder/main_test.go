package main

import (
	"bytes"
	"context"
	"encoding/json"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// The demo database is seeded once for the package with `ladder seed --demo` and each test gets
// a copy of the file: seeding the whole demo under -race took minutes on a loaded machine.
var seeded struct {
	once     sync.Once
	dir, out string
	err      error
}

func TestMain(m *testing.M) {
	code := m.Run()
	if seeded.dir != "" {
		os.RemoveAll(seeded.dir)
	}
	os.Exit(code)
}

// seededDataDir points LADDER_DATA_DIR at a fresh directory holding a copy of the seeded demo
// database and returns it with what the one `seed --demo` run printed.
func seededDataDir(t *testing.T) (dir, seedOutput string) {
	t.Helper()
	seeded.once.Do(func() {
		if seeded.dir, seeded.err = os.MkdirTemp("", "ladder-seeded-"); seeded.err != nil {
			return
		}
		old, had := os.LookupEnv("LADDER_DATA_DIR")
		os.Setenv("LADDER_DATA_DIR", seeded.dir)
		var out, errs bytes.Buffer
		seeded.err = run(context.Background(), []string{"seed", "--demo"}, &out, &errs)
		seeded.out = out.String() + errs.String()
		if had {
			os.Setenv("LADDER_DATA_DIR", old)
		} else {
			os.Unsetenv("LADDER_DATA_DIR")
		}
	})
	if seeded.err != nil {
		t.Fatalf("seed --demo: %v %s", seeded.err, seeded.out)
	}
	dir = t.TempDir()
	files, err := filepath.Glob(filepath.Join(seeded.dir, "ladder.db*"))
	if err != nil || len(files) == 0 {
		t.Fatalf("seeded database: %v %v", files, err)
	}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, filepath.Base(f)), data, 0o600); err != nil {
			t.Fatal(err)
		}
	}
	t.Setenv("LADDER_DATA_DIR", dir)
	return dir, seeded.out
}

// web/openapi.json (from which the web app's TypeScript types are generated) must be what the
// server describes; regenerate with `make api`.
func TestOpenAPIFileIsCurrent(t *testing.T) {
	var buf bytes.Buffer
	if err := printOpenAPI(&buf); err != nil {
		t.Fatal(err)
	}
	committed, err := os.ReadFile(filepath.Join("..", "..", "web", "openapi.json"))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(bytes.TrimSpace(committed), bytes.TrimSpace(buf.Bytes())) {
		t.Fatal("web/openapi.json is out of date: run `make api` and commit the result")
	}
}

func freePort(t *testing.T) string {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().String()
}

// The binary's commands on a real SQLite file: seed, list, serve, graceful stop.
func TestCommands(t *testing.T) {
	t.Setenv("LADDER_DATA_DIR", t.TempDir())
	t.Setenv("LADDER_LOG_FORMAT", "text")
	t.Setenv("LADDER_SMTP_PASSWORD", "smtp-hunter2")
	t.Setenv("LADDER_OIDC_CLIENT_SECRET", "oidc-hunter2")
	ctx := context.Background()
	var out, errs bytes.Buffer

	if err := run(ctx, []string{"seed"}, &out, &errs); err == nil {
		t.Fatal("seed without --demo should refuse")
	}
	// `seed --demo` on an empty data directory (once for the package), then on its copy.
	if _, seedOut := seededDataDir(t); !strings.Contains(seedOut, "demo data written") {
		t.Fatalf("seed: %s", seedOut)
	}
	out.Reset()
	if err := run(ctx, []string{"seed", "--demo"}, &out, &errs); err != nil || !strings.Contains(out.String(), "nothing was written") {
		t.Fatalf("second seed: %v %s", err, out.String())
	}
	out.Reset()
	if err := run(ctx, []string{"contacts", "--json"}, &out, &errs); err != nil {
		t.Fatal(err)
	}
	var msgs []map[string]any
	if err := json.Unmarshal(out.Bytes(), &msgs); err != nil || len(msgs) == 0 || msgs[0]["subject"] == "" {
		t.Fatalf("contacts --json: %v %s", err, out.String())
	}
	if err := run(ctx, []string{"migrate"}, &out, &errs); err != nil {
		t.Fatal(err)
	}
	copyPath := filepath.Join(t.TempDir(), "copy.db")
	if err := run(ctx, []string{"backup", copyPath}, &out, &errs); err != nil {
		t.Fatal(err)
	}
	if st, err := os.Stat(copyPath); err != nil || st.Size() == 0 {
		t.Fatalf("backup file: %v", err)
	}
	if err := run(ctx, []string{"bogus"}, &out, &errs); err == nil {
		t.Fatal("unknown command accepted")
	}

	// Outside development, serve refuses to start without an OpenID Connect client.
	err := run(ctx, []string{"serve", "-listen", freePort(t)}, &out, &errs)
	if err == nil || !strings.Contains(err.Error(), "LADDER_OIDC_CLIENT_ID") || strings.Contains(err.Error(), "LADDER_OIDC_CLIENT_SECRET") {
		t.Fatalf("serve without a client id: %v", err)
	}
	t.Setenv("LADDER_OIDC_CLIENT_ID", "ladder-test")

	addr := freePort(t)
	sctx, stop := context.WithCancel(ctx)
	done := make(chan error, 1)
	var serveLog bytes.Buffer
	go func() { done <- run(sctx, []string{"serve", "-listen", addr}, &out, &serveLog) }()
	var resp *http.Response
	for i := 0; i < 100; i++ {
		if resp, err = http.Get("http://" + addr + "/readyz"); err == nil {
			break
		}
		time.Sleep(50 * time.Millisecond)
	}
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 200 {
		t.Fatalf("readyz %d", resp.StatusCode)
	}
	stop()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("serve returned %v", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("serve did not stop")
	}
	if !strings.Contains(serveLog.String(), "stopped") || strings.Contains(serveLog.String(), "hunter2") {
		t.Fatalf("serve log: %s", serveLog.String())
	}
}

func TestUserCommand(t *testing.T) {
	seededDataDir(t)
	t.Setenv("LADDER_ROOT_EMAIL", "root@ladder.test")
	ctx := context.Background()
	var out, errs bytes.Buffer
	cases := []struct {
		args    []string
		wantErr string
	}{
		{[]string{"user", "promote", "player@ladder.test", "admin"}, ""},
		{[]string{"user", "demote", "player@ladder.test"}, ""},
		{[]string{"user", "promote", "player@ladder.test", "superadmin"}, ""},
		{[]string{"user", "demote", "root@ladder.test"}, "protected"},
		{[]string{"user", "suspend", "root@ladder.test"}, "protected"},
		{[]string{"user", "promote", "ines.rodrigues@ladder.test", "admin", "--as", "admin@ladder.test"}, "only change accounts to player"},
		{[]string{"user", "demote", "player@ladder.test", "--as", "superadmin@ladder.test"}, "only the main super admin"},
		{[]string{"user", "suspend", "admin@ladder.test", "--as", "admin@ladder.test"}, "your own account"},
		{[]string{"user", "suspend", "tiago.almeida@ladder.test", "--as", "admin@ladder.test"}, ""},
		{[]string{"user", "reactivate", "tiago.almeida@ladder.test"}, ""},
		{[]string{"user", "promote", "nobody@ladder.test", "admin"}, "no such account"},
		{[]string{"user", "promote", "player@ladder.test", "king"}, "role"},
		{[]string{"user", "fly", "player@ladder.test"}, "unknown action"},
	}
	for _, c := range cases {
		err := run(ctx, c.args, &out, &errs)
		switch {
		case c.wantErr == "" && err != nil:
			t.Errorf("%v: %v", c.args, err)
		case c.wantErr != "" && (err == nil || !strings.Contains(err.Error(), c.wantErr)):
			t.Errorf("%v: got %v, want an error with %q", c.args, err, c.wantErr)
		}
	}
}
