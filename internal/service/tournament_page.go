package service

import (
	"context"
	"errors"
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
// (store.TournamentPageStamp: the lists' version, the creator's account version, whether there
// are referees), read first: a visitor's page then costs one small statement and no encoding
// (issue 16: the 50-column read and its encoding were most of the read's CPU). body is render's
// encoding of the returned page, nil when the page was read for this request alone: signed-in
// readers (their relation, role and permissions are in the page) and tournaments with referees
// (the referees' names are not in the stamp).
func (s *Service) TournamentKept(ctx context.Context, cur Current, id int64, render TournamentRender) (TournamentDetail, []byte, error) {
	if cur.Actor.SignedIn() {
		d, err := s.Tournament(ctx, cur, id)
		return d, nil, err
	}
	st, err := s.db.TournamentPageStampOf(ctx, id)
	if err != nil {
		return TournamentDetail{}, nil, err
	}
	if st.Referees {
		d, err := s.Tournament(ctx, cur, id)
		return d, nil, err
	}
	k, err := s.tournamentPages.getStamped(ctx, itoa64(id), st.Lists, itoa64(st.Creator), func(ctx context.Context) (keptTournament, error) {
		d, err := s.Tournament(ctx, cur, id)
		if err != nil {
			return keptTournament{}, err
		}
		if len(d.Referees) > 0 { // a referee came between the stamp and the page: not kept
			return keptTournament{}, errRefereesAfterStamp
		}
		b, err := render(d)
		return keptTournament{detail: d, body: b}, err
	})
	if errors.Is(err, errRefereesAfterStamp) {
		d, err := s.Tournament(ctx, cur, id)
		return d, nil, err
	}
	return k.detail, k.body, err
}

// errRefereesAfterStamp says a page read under a stamp without referees has some: kept under
// that stamp, it would miss their names' changes. Never leaves TournamentKept.
var errRefereesAfterStamp = errors.New("referees came after the page's stamp")
