package seed

import (
	"context"
	"encoding/json"
	"strconv"
	"strings"
	"time"

	"github.com/tennisladder/ladder/internal/geo"
	"github.com/tennisladder/ladder/internal/store"
)

// seedNotifications gives every demo account a lived-in notification bell (newest last) whose
// links all open real objects of the demo (issue 15; a test follows every link): the welcome to
// the profile, a tournament near them (an open public tournament of their district, else the
// national one) and the result of their latest validated match, when they played.
func seedNotifications(ctx context.Context, db *store.DB, tx *store.Tx, accounts []store.User, w *demoWorld, now time.Time) error {
	for _, u := range accounts {
		notes := []store.Notification{{Type: "admin_action", TitleKey: "welcome.title", MessageKey: "welcome.message",
			Params: "{}", ActionURL: "/profile"}}
		if t, ok := w.nearby(u); ok {
			place := t.District
			if d, ok := geo.DistrictByCode(t.District); ok {
				place = d.Name["pt"] // a proper noun: the Portuguese name reads right in both languages
			}
			notes = append(notes, store.Notification{Type: "tournament_created_nearby", TitleKey: "tournament_created_nearby.title",
				MessageKey: "tournament_created_nearby.message", Params: params(map[string]any{"tournament": t.Name, "place": place}),
				ActionURL: "/tournaments/" + strconv.FormatInt(t.ID, 10)})
		}
		if m, ok := w.last[u.ID]; ok {
			opp := m.Player1ID
			if opp == u.ID {
				opp = m.Player2ID
			}
			o := w.people[opp]
			notes = append(notes, store.Notification{Type: "result_validated", TitleKey: "result_validated.title",
				MessageKey: "result_validated.message", Params: params(map[string]any{"score": m.Score, "name": strings.TrimSpace(o.FirstName + " " + o.LastName)}),
				ActionURL: "/challenges?match=" + strconv.FormatInt(m.ID, 10)})
		}
		for j, n := range notes {
			n.UserID = u.ID
			n.IsRead = j >= 2
			n.CreatedAt = now.Add(-time.Duration(len(notes)-j) * 5 * time.Hour)
			if err := db.InsertNotification(ctx, tx, &n); err != nil {
				return err
			}
		}
	}
	return nil
}

// nearby is an active public tournament of u's district that u did not create, else the first
// active public one they did not create.
func (w *demoWorld) nearby(u store.User) (store.Tournament, bool) {
	var fallback *store.Tournament
	for i, t := range w.tournaments {
		if t.Status != "active" || t.Privacy != "public" || t.CreatorID.Int64 == u.ID {
			continue
		}
		if t.District == u.District {
			return t, true
		}
		if fallback == nil {
			fallback = &w.tournaments[i]
		}
	}
	if fallback == nil {
		return store.Tournament{}, false
	}
	return *fallback, true
}

func params(m map[string]any) string {
	b, _ := json.Marshal(m)
	return string(b)
}
