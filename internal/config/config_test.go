package config

import (
	"io"
	"strings"
	"testing"
)

func envOf(m map[string]string) func(string) string { return func(k string) string { return m[k] } }

func TestDefaults(t *testing.T) {
	c, err := Load("serve", nil, envOf(nil), io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	if c.Listen != "127.0.0.1:8080" || c.DataDir != "./data" || c.BaseURL != "http://localhost:8080" || c.LogFormat != "json" {
		t.Fatalf("unexpected defaults: %+v", c)
	}
	if c.UsesPostgres() || c.SQLitePath() != "data/ladder.db" {
		t.Fatalf("want SQLite at data/ladder.db, got %q", c.SQLitePath())
	}
}

func TestFlagsOverrideEnv(t *testing.T) {
	env := envOf(map[string]string{"LADDER_LISTEN": "127.0.0.1:9000", "LADDER_DEV": "1", "LADDER_DATABASE_URL": "postgres://u:secret@db/x"})
	c, err := Load("serve", []string{"-listen", "127.0.0.1:9100"}, env, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	if c.Listen != "127.0.0.1:9100" || !c.Dev || c.LogFormat != "text" || !c.UsesPostgres() {
		t.Fatalf("unexpected: %+v", c)
	}
	for _, v := range c.Redacted() {
		if s, ok := v.(string); ok && strings.Contains(s, "secret") {
			t.Fatalf("password leaked in %q", s)
		}
	}
}

func TestBadValues(t *testing.T) {
	cases := map[string]map[string]string{
		"listen":   {"LADDER_LISTEN": "nonsense"},
		"dburl":    {"LADDER_DATABASE_URL": "mysql://x"},
		"dev":      {"LADDER_DEV": "maybe"},
		"format":   {"LADDER_LOG_FORMAT": "xml"},
		"base url": {"LADDER_BASE_URL": "ftp://x"},
	}
	for name, env := range cases {
		if _, err := Load("serve", nil, envOf(env), io.Discard); err == nil {
			t.Errorf("%s: want an error", name)
		}
	}
}

func TestRedactURL(t *testing.T) {
	got := RedactURL("postgres://app:hunter2@127.0.0.1:5432/ladder?sslmode=disable&password=p2")
	if strings.Contains(got, "hunter2") || strings.Contains(got, "p2") {
		t.Fatalf("not redacted: %s", got)
	}
}
