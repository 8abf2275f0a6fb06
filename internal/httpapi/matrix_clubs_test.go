package httpapi

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/tennisladder/ladder/internal/service"
	"github.com/tennisladder/ladder/internal/store"
)

// clubMemberPlaceholders fills {managed_club}, a validated club run by the owner in which the
// creator actor (when it asks) is an administrator too, and {club_member}, a fresh member of it.
func clubMemberPlaceholders(t *testing.T, db *store.DB, svc *service.Service, owner store.User, actor string, actorID int64, path string) string {
	if !strings.Contains(path, "{managed_club}") {
		return path
	}
	ctx := context.Background()
	c, err := svc.ProposeClub(ctx, service.Current{User: owner, Actor: svc.ActorFor(owner)}, service.ClubInput{Name: fmt.Sprintf("Clube Gerido %d", time.Now().UnixNano())})
	if err != nil {
		t.Fatal(err)
	}
	member := store.User{Email: fmt.Sprintf("member-%d@ladder.test", time.Now().UnixNano()), Role: "player"}
	if err := db.Tx(ctx, func(tx *store.Tx) error {
		if _, err := db.DecideClub(ctx, tx, c.ID, "validated", "", owner.ID); err != nil {
			return err
		}
		if err := db.InsertUser(ctx, tx, &member); err != nil {
			return err
		}
		if _, err := db.AddClubMember(ctx, tx, c.ID, member.ID, "member"); err != nil {
			return err
		}
		if actor == "creator" {
			_, err := db.AddClubMember(ctx, tx, c.ID, actorID, "administrator")
			return err
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	path = strings.ReplaceAll(path, "{managed_club}", fmt.Sprint(c.ID))
	return strings.ReplaceAll(path, "{club_member}", fmt.Sprint(member.ID))
}

// clubManagers: the club's administrators (the creator actor) and super admins.
func clubManagers(code int) map[string]int {
	m := superOnly(code)
	m["creator"] = code
	return m
}
