package loadkit

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"log"
	"net/url"

	"github.com/jackc/pgx/v5"
)

// FreshSchema creates a schema of its own (prefix and random letters) in pgURL's database and
// returns the URL that uses it, its connections named app (application_name), and the function
// that drops it. So a load run needs no empty database and leaves nothing behind.
func FreshSchema(pgURL, prefix, app string) (string, func()) {
	ctx := context.Background()
	conn, err := pgx.Connect(ctx, pgURL)
	if err != nil {
		log.Fatal("postgres: ", err)
	}
	var b [4]byte
	_, _ = rand.Read(b[:])
	schema := prefix + "_" + hex.EncodeToString(b[:])
	if _, err := conn.Exec(ctx, "CREATE SCHEMA "+schema); err != nil {
		log.Fatal(err)
	}
	u, err := url.Parse(pgURL)
	if err != nil {
		log.Fatal(err)
	}
	q := u.Query()
	q.Set("search_path", schema)
	q.Set("application_name", app)
	u.RawQuery = q.Encode()
	return u.String(), func() {
		_, _ = conn.Exec(ctx, "DROP SCHEMA "+schema+" CASCADE")
		conn.Close(ctx)
	}
}
