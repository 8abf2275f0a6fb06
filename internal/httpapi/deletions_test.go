package httpapi

import (
	"database/sql"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/tennisladder/ladder/internal/store"
)

// An erased account appears everywhere a person is shown (standings, matches, challenges) with
// deleted: true and no name, email or photo; the interface shows its "Deleted player" label.
func TestDeletedPersonView(t *testing.T) {
	u := store.User{ID: 7, Email: store.DeletedEmail(7), DeletedAt: sql.NullTime{Time: time.Now(), Valid: true}}
	b, err := json.Marshal(viewPerson(u))
	if err != nil {
		t.Fatal(err)
	}
	if got := string(b); got != `{"id":7,"display_name":"","photo_url":"","deleted":true}` {
		t.Fatalf("deleted person: %s", got)
	}
	alive, _ := json.Marshal(viewPerson(store.User{ID: 8, Email: "ana@example.pt", FirstName: "Ana"}))
	if strings.Contains(string(alive), "deleted") {
		t.Fatalf("a live person is flagged: %s", alive)
	}
}
