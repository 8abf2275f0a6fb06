package config

import (
	"io"
	"strings"
	"testing"
	"time"
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
	env := envOf(map[string]string{"LADDER_LISTEN": "127.0.0.1:9000", "LADDER_DEV": "1", "LADDER_DATABASE_URL": "postgres://u:hunter2@db/x"})
	c, err := Load("serve", []string{"-listen", "127.0.0.1:9100"}, env, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	if c.Listen != "127.0.0.1:9100" || !c.Dev || c.LogFormat != "text" || !c.UsesPostgres() {
		t.Fatalf("unexpected: %+v", c)
	}
	for _, v := range c.Redacted() {
		if s, ok := v.(string); ok && strings.Contains(s, "hunter2") {
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

func TestDevIdentityProviderOnlyOnLoopback(t *testing.T) {
	if _, err := Load("serve", []string{"-dev", "-listen", "0.0.0.0:8080"}, envOf(nil), io.Discard); err == nil {
		t.Fatal("dev identity provider on a public address must be refused")
	}
	c, err := Load("serve", []string{"-dev"}, envOf(nil), io.Discard)
	if err != nil || !c.DevIdentityProvider() || c.RootEmail != DevRootEmail {
		t.Fatalf("%+v %v", c, err)
	}
	c, err = Load("serve", []string{"-dev", "-listen", "0.0.0.0:8080"}, envOf(map[string]string{"LADDER_OIDC_CLIENT_ID": "x"}), io.Discard)
	if err != nil || c.DevIdentityProvider() {
		t.Fatalf("a real provider may listen anywhere: %v", err)
	}
	for _, v := range c.Redacted() {
		if v == "x-secret" {
			t.Fatal("secret leaked")
		}
	}
}

func TestTrustSettings(t *testing.T) {
	c, err := Load("serve", nil, envOf(nil), io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	if c.ClubsPerDay != 10 || c.TournamentsPerDay != 10 || c.ChallengesPerHour != 30 || c.ReportsPerHour != 30 ||
		c.UploadsPerHour != 20 || c.RequestTimeout != 10*time.Second || c.MetricsToken != "" || c.MetricsListen != "" {
		t.Fatalf("defaults: %+v", c)
	}
	env := envOf(map[string]string{"LADDER_RATE_CLUBS_PER_DAY": "0", "LADDER_RATE_UPLOADS_PER_HOUR": "5",
		"LADDER_REQUEST_TIMEOUT": "3s", "LADDER_METRICS_TOKEN": "s3cret", "LADDER_METRICS_LISTEN": "127.0.0.1:9090"})
	c, err = Load("serve", []string{"-rate-challenges", "7"}, env, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	if c.ClubsPerDay != 0 || c.UploadsPerHour != 5 || c.ChallengesPerHour != 7 || c.RequestTimeout != 3*time.Second ||
		c.MetricsToken != "s3cret" || c.MetricsListen != "127.0.0.1:9090" {
		t.Fatalf("from env and flags: %+v", c)
	}
	for _, v := range c.Redacted() {
		if s, ok := v.(string); ok && strings.Contains(s, "s3cret") {
			t.Fatal("metrics token logged")
		}
	}
	for name, env := range map[string]map[string]string{
		"rate":    {"LADDER_RATE_REPORTS_PER_HOUR": "many"},
		"neg":     {"LADDER_RATE_REPORTS_PER_HOUR": "-1"},
		"timeout": {"LADDER_REQUEST_TIMEOUT": "10"},
		"zero":    {"LADDER_REQUEST_TIMEOUT": "0s"},
		"metrics": {"LADDER_METRICS_LISTEN": "nowhere"},
	} {
		if _, err := Load("serve", nil, envOf(env), io.Discard); err == nil {
			t.Errorf("%s: want an error", name)
		}
	}
}

func TestCheckSignIn(t *testing.T) {
	for _, c := range []struct {
		env  map[string]string
		want []string // in the error; nil: no error
	}{
		{map[string]string{}, []string{"LADDER_OIDC_CLIENT_ID", "LADDER_OIDC_CLIENT_SECRET", "LADDER_DEV"}},
		{map[string]string{"LADDER_OIDC_CLIENT_ID": "id"}, []string{"LADDER_OIDC_CLIENT_SECRET"}},
		{map[string]string{"LADDER_OIDC_CLIENT_SECRET": "s3cret"}, []string{"LADDER_OIDC_CLIENT_ID"}},
		{map[string]string{"LADDER_OIDC_CLIENT_ID": "id", "LADDER_OIDC_CLIENT_SECRET": "s3cret"}, nil},
		{map[string]string{"LADDER_DEV": "1"}, nil},
		{map[string]string{"LADDER_DEV": "1", "LADDER_OIDC_CLIENT_ID": "id"}, nil},
	} {
		cfg, err := Load("serve", nil, envOf(c.env), io.Discard)
		if err != nil {
			t.Fatal(err)
		}
		err = cfg.CheckSignIn()
		if c.want == nil {
			if err != nil {
				t.Errorf("%v: %v", c.env, err)
			}
			continue
		}
		if err == nil {
			t.Errorf("%v: accepted", c.env)
			continue
		}
		for _, w := range c.want {
			if !strings.Contains(err.Error(), w) {
				t.Errorf("%v: %q lacks %s", c.env, err, w)
			}
		}
		if strings.Contains(err.Error(), "s3cret") {
			t.Errorf("secret in the message: %q", err)
		}
	}
}
