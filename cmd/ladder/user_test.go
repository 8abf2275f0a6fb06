package main

import (
	"bytes"
	"context"
	"database/sql"
	"io"
	"log/slog"
	"os"
	"strings"
	"testing"

	"github.com/tennisladder/ladder/internal/config"
	"github.com/tennisladder/ladder/internal/store"
)

// `ladder user unlink EMAIL` removes the sign-in link (so the account can be linked again by
// verified email after the issuer changed), ends its sessions and is audited.
func TestUserUnlink(t *testing.T) {
	seededDataDir(t)
	t.Setenv("LADDER_ROOT_EMAIL", "root@ladder.test")
	ctx := context.Background()
	cfg, err := config.Load("test", nil, os.Getenv, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	open := func() *store.DB {
		db, err := openAndMigrate(ctx, cfg, slog.New(slog.NewTextHandler(io.Discard, nil)))
		if err != nil {
			t.Fatal(err)
		}
		return db
	}
	db := open()
	u, err := db.UserByEmail(ctx, nil, "player@ladder.test")
	if err != nil {
		t.Fatal(err)
	}
	u.OIDCIssuer = sql.NullString{String: "https://old-issuer.test", Valid: true}
	u.OIDCSubject = sql.NullString{String: "old-sub", Valid: true}
	if err := db.Tx(ctx, func(tx *store.Tx) error {
		ok, err := db.LinkUserIdentity(ctx, tx, &u)
		if err == nil && !ok {
			t.Error("not linked")
		}
		return err
	}); err != nil {
		t.Fatal(err)
	}
	db.Close()

	var out, errs bytes.Buffer
	for _, c := range []struct {
		args          []string
		wantErr, want string
	}{
		{[]string{"user", "unlink", "player@ladder.test", "--as", "admin@ladder.test"}, "no right", ""},
		{[]string{"user", "unlink", "player@ladder.test"}, "", "player@ladder.test: done"},
		{[]string{"user", "unlink", "player@ladder.test"}, "", "was not linked"},
		{[]string{"user", "unlink", "nobody@ladder.test"}, "no such account", ""},
	} {
		out.Reset()
		err := run(ctx, c.args, &out, &errs)
		switch {
		case c.wantErr == "" && (err != nil || !strings.Contains(out.String(), c.want)):
			t.Errorf("%v: %v %q", c.args, err, out.String())
		case c.wantErr != "" && (err == nil || !strings.Contains(err.Error(), c.wantErr)):
			t.Errorf("%v: got %v, want an error with %q", c.args, err, c.wantErr)
		}
	}

	db = open()
	defer db.Close()
	if u, _ = db.UserByID(ctx, nil, u.ID); u.OIDCIssuer.Valid || u.OIDCSubject.Valid {
		t.Fatalf("still linked: %+v", u)
	}
	rows, err := db.AuditFor(ctx, "user", u.ID)
	var unlinked int
	for _, r := range rows {
		if r.Action == "auth.unlinked" {
			unlinked++
			if !strings.Contains(r.Details, "old-sub") || !strings.Contains(r.Details, "old-issuer") {
				t.Errorf("audit details: %s", r.Details)
			}
		}
	}
	if err != nil || unlinked != 1 {
		t.Fatalf("audit: %v %+v", err, rows)
	}
}
