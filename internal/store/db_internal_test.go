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

// TestSQLiteWriterPragmas checks the writer connection's settings that the result write's cost
// depends on (issue 16): temporary data in memory and the larger checkpoint interval.
func TestSQLiteWriterPragmas(t *testing.T) {
	ctx := t.Context()
	db := openTestSQLite(t, "")
	for pragma, want := range map[string]int{"wal_autocheckpoint": 4000, "temp_store": 2} {
		var got int
		if err := db.W.GetContext(ctx, &got, "PRAGMA "+pragma); err != nil {
			t.Fatal(err)
		}
		if got != want {
			t.Errorf("writer's %s = %d, want %d", pragma, got, want)
		}
	}
}
