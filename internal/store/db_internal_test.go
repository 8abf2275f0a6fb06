package store

import "testing"

func TestWithConnectTimeout(t *testing.T) {
	for in, want := range map[string]string{
		"postgres://u:p@h:5432/db?sslmode=disable": "postgres://u:p@h:5432/db?connect_timeout=5&sslmode=disable",
		"postgresql://h/db":                        "postgresql://h/db?connect_timeout=5",
		"postgres://h/db?connect_timeout=30":       "postgres://h/db?connect_timeout=30",
		"host=h dbname=db":                         "host=h dbname=db",
	} {
		if got := withConnectTimeout(in); got != want {
			t.Errorf("withConnectTimeout(%q) = %q, want %q", in, got, want)
		}
	}
}
