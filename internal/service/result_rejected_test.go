package service_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/tennisladder/ladder/internal/service"
	"github.com/tennisladder/ladder/internal/store"
	"github.com/tennisladder/ladder/internal/store/storetest"
)

// A result rejected without notes is told as a sentence ("…was rejected. Report it again."),
// not "…was rejected:  Report it again."; with notes, the notes are quoted.
func TestResultRejectedNotificationText(t *testing.T) {
	storetest.ForEachDialect(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		w := newLadderWorld(t, db, 2, nil)
		c := w.challenge(t, w.players[1], w.players[0])
		agreed := service.DecodeTimes(c.ProposedTimes)[0]
		m, err := w.svc.AcceptChallenge(ctx, w.players[0], c.ID, agreed)
		if err != nil {
			t.Fatal(err)
		}
		*w.now = agreed.Add(2 * time.Hour) // played at the agreed time, reported after it
		day := agreed.Format("2006-01-02")
		for _, notes := range []string{"", "Falta o terceiro set."} {
			if _, err := w.svc.ReportResult(ctx, w.players[1], m.ID, "6-1 6-1", day); err != nil {
				t.Fatal(err)
			}
			if _, err := w.svc.ValidateResult(ctx, w.creator, m.ID, false, notes); err != nil {
				t.Fatal(err)
			}
			ns, _ := w.svc.Notifications(ctx, w.players[0], "en", 0, 1)
			if len(ns) != 1 || ns[0].Title != "Result rejected" {
				t.Fatalf("notes %q: %+v", notes, ns)
			}
			msg := ns[0].Message
			if strings.Contains(msg, "  ") || !strings.HasSuffix(msg, "Report it again.") || (notes == "") == strings.Contains(msg, ":") ||
				(notes != "" && !strings.Contains(msg, notes)) {
				t.Errorf("notes %q: %q", notes, msg)
			}
		}
	})
}
