package service

import (
	"context"
	"errors"

	"github.com/tennisladder/ladder/internal/policy"
	"github.com/tennisladder/ladder/internal/store"
)

// PlayerView is a player as one viewer may see them: ContactVisible says whether the contact
// details (email, phone, WhatsApp, Signal, Telegram) may be shown; the HTTP layer leaves them
// out of the response otherwise, so a hidden field never leaves the server.
type PlayerView struct {
	User           store.User
	Self           bool
	ContactVisible bool
	Availability   []store.Slot
}

// Player returns player id as cur may see them. A player who chose not to be listed is "not
// found" for everyone but themselves and super admins (who moderate).
func (s *Service) Player(ctx context.Context, cur Current, id int64) (PlayerView, error) {
	u, err := s.profile(ctx, cur, id)
	if errors.Is(err, store.ErrNotFound) || (err == nil && u.DeletedAt.Valid) {
		return PlayerView{}, &Error{Kind: KindNotFound, Code: "player.not_found"}
	}
	if err != nil {
		return PlayerView{}, err
	}
	self := cur.Actor.SignedIn() && cur.User.ID == u.ID
	if !policy.SeePlayer(cur.Actor, u.ID, u.Hidden, u.Status == "suspended") {
		return PlayerView{}, &Error{Kind: KindNotFound, Code: "player.not_found"}
	}
	visible, err := s.contactVisible(ctx, cur, u)
	if err != nil {
		return PlayerView{}, err
	}
	// One's own account came from the session (its version read with the session's stamp);
	// another's from ProfileByID, with its version.
	version, known := u.Version, true
	if self {
		version, known = cur.stamps.userVersion, cur.stamps.userVersionRead
	}
	slots, err := s.availabilityOf(ctx, u.ID, version, known)
	if err != nil {
		return PlayerView{}, err
	}
	return PlayerView{User: u, Self: self, ContactVisible: visible, Availability: slots}, nil
}

// profile reads the account a profile shows. One's own is already in cur: authentication read it
// this request, or checked the remembered copy against users.version (readcache.go), so it is as
// fresh as a read here would be.
//
// Another's account, when the request's session statement read its version (StampHint.
// ProfilePlayer: GET /api/players/{id}), comes from the rows kept under that version: any change
// to an account bumps it (a trigger, migration 00013), so the kept row is as fresh as a read on
// every instance, and the page asks the database nothing beyond the session's statement.
func (s *Service) profile(ctx context.Context, cur Current, id int64) (store.User, error) {
	if cur.Actor.SignedIn() && cur.User.ID == id {
		return cur.User, nil
	}
	if hs := cur.stamps.hinted; hs.Read.ProfilePlayer == id && id != 0 {
		if !hs.Profile.Found {
			return store.User{}, store.ErrNotFound
		}
		return s.reads.profiles.get(ctx, itoa64(id), hs.Profile.Version, func(ctx context.Context) (store.User, error) {
			return s.db.ProfileByID(ctx, id)
		})
	}
	return s.db.ProfileByID(ctx, id)
}

func (s *Service) contactVisible(ctx context.Context, cur Current, u store.User) (bool, error) {
	switch policy.ContactVisible(cur.Actor, u.ID, u.ContactVisibility) {
	case policy.ContactShown:
		return true, nil
	case policy.ContactIfCoPlayers:
		if hs := cur.stamps.hinted; hs.Read.ProfilePlayer == u.ID && u.ID != 0 {
			return hs.Profile.Shares, nil // read with the session, this request
		}
		return s.coPlayers(ctx, cur.User.ID, u.ID)
	}
	return false, nil
}

// coPlayers reports whether two accounts are both admitted in a common tournament.
func (s *Service) coPlayers(ctx context.Context, a, b int64) (bool, error) {
	return s.db.SharesTournament(ctx, a, b)
}

// Photo returns a player's photo if cur may see the player.
func (s *Service) Photo(ctx context.Context, cur Current, id int64) (store.PhotoRow, error) {
	if _, err := s.Player(ctx, cur, id); err != nil {
		return store.PhotoRow{}, err
	}
	p, err := s.db.Photo(ctx, id)
	if errors.Is(err, store.ErrNotFound) {
		return p, &Error{Kind: KindNotFound, Code: "photo.not_found"}
	}
	return p, err
}

// UserByID reads an account.
func (s *Service) UserByID(ctx context.Context, id int64) (store.User, error) {
	u, err := s.db.UserByID(ctx, nil, id)
	if errors.Is(err, store.ErrNotFound) {
		return u, &Error{Kind: KindNotFound, Code: "player.not_found"}
	}
	return u, err
}
