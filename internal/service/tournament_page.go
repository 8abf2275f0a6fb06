package service

import (
	"context"
	"errors"

	"github.com/tennisladder/ladder/internal/store"
)

// TournamentRender encodes a tournament's page (the response body). It must depend on nothing
// but the page: its result is kept and served to every visitor.
type TournamentRender func(TournamentDetail) ([]byte, error)

// keptTournament is a visitor's tournament page with its encoding.
type keptTournament struct {
	detail TournamentDetail
	body   []byte
}

// tournamentPagesMax bounds the kept visitors' tournament pages (one per tournament); past it
// the memory starts afresh.
const tournamentPagesMax = 4096

// TournamentKept is Tournament with the page a visitor sees kept in memory under its stamp
// (store.TournamentPageStamp: the lists' version, the creator's account version, the referees
// with their account versions), read first: a visitor's page then costs one small statement and
// no encoding (issue 16: the 50-column read and its encoding were most of the read's CPU). body is
// render's encoding of the returned page, nil when the page was read for this request alone:
// signed-in readers (their relation, role and permissions are in the page), and a page whose
// referees moved between its stamp and its read.
func (s *Service) TournamentKept(ctx context.Context, cur Current, id int64, render TournamentRender) (TournamentDetail, []byte, error) {
	if cur.Actor.SignedIn() {
		d, err := s.Tournament(ctx, cur, id)
		return d, nil, err
	}
	st, err := s.db.TournamentPageStampOf(ctx, id)
	if err != nil {
		return TournamentDetail{}, nil, err
	}
	stamp := itoa64(st.Creator) + "\x00" + st.Referees
	k, err := s.tournamentPages.getStamped(ctx, itoa64(id), st.Lists, stamp, func(ctx context.Context) (keptTournament, error) {
		d, err := s.Tournament(ctx, cur, id)
		if err != nil {
			return keptTournament{}, err
		}
		// The referees' set can return to an earlier one (removed, then named again), so a page is
		// kept only when it lists exactly the stamp's referees at the stamp's versions.
		if store.RefereesStamp(d.Referees) != st.Referees {
			return keptTournament{}, errRefereesMoved
		}
		b, err := render(d)
		return keptTournament{detail: d, body: b}, err
	})
	if errors.Is(err, errRefereesMoved) {
		d, err := s.Tournament(ctx, cur, id)
		return d, nil, err
	}
	return k.detail, k.body, err
}

// errRefereesMoved says a page read under a stamp lists other referees (or versions of them)
// than the stamp: kept under it, it could be served once the referees are back to the stamp's.
// Never leaves TournamentKept.
var errRefereesMoved = errors.New("the referees moved between the page's stamp and its read")
