package seed

import (
	"context"

	"github.com/tennisladder/ladder/internal/gamification"
	"github.com/tennisladder/ladder/internal/store"
)

// awardProfile gives a demo account the one-time XP a real player earns by completing the
// profile and setting availability (the demo replays the gamification like the app does).
func awardProfile(ctx context.Context, db *store.DB, tx *store.Tx, u store.User, slots bool) error {
	if gamification.ProfileComplete(u.FirstName, u.LastName, u.District, u.Municipality, u.Phone, u.WhatsApp) {
		if _, err := db.AwardAction(ctx, tx, u.ID, gamification.ActionProfile); err != nil {
			return err
		}
	}
	if slots {
		if _, err := db.AwardAction(ctx, tx, u.ID, gamification.ActionAvailability); err != nil {
			return err
		}
	}
	return nil
}
