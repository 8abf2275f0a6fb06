package service

import (
	"context"
	"database/sql"
	"errors"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/tennisladder/ladder/internal/geo"
	"github.com/tennisladder/ladder/internal/ladder"
	"github.com/tennisladder/ladder/internal/policy"
	"github.com/tennisladder/ladder/internal/store"
)

// TournamentApprovalPeriod is how long a new tournament waits for a super admin (SPEC §4, §9).
const TournamentApprovalPeriod = 5 * 24 * time.Hour

// Tournament defaults the spec leaves open (docs/DECISIONS.md); the form shows them.
const (
	DefaultResponseDays   = 7
	DefaultMaxRejections  = 3
	DefaultMinGames       = 1
	DefaultMaxGames       = 4
	DefaultPeriodWeeks    = 2
	DefaultChallengeRange = 3
)

// TournamentInput is the form to create or edit a tournament.
type TournamentInput struct {
	Name, Location, District, Privacy, EndDate, RankingType, Preset, SpecialRules string
	ClubID                                                                        int64
	ResponseDays, MaxRejections, MinGames, MaxGames, PeriodWeeks                  int
	ChallengeRange, MaxParticipants                                               int
	Scoring                                                                       ladder.Scoring // used when Preset is custom
	Play                                                                          bool           // on create: the creator joins as a player
}

func (s *Service) validateTournament(ctx context.Context, in TournamentInput, t *store.Tournament) error {
	var fe fieldErrors
	t.Name = fe.requiredText("name", strings.Join(strings.Fields(in.Name), " "), 120)
	t.Location = fe.optionalText("location", in.Location, 200)
	t.SpecialRules = fe.optionalText("special_rules", in.SpecialRules, 4000)
	t.Privacy = fe.oneOf("privacy", in.Privacy, "public", "private")
	t.RankingType = fe.oneOf("ranking_type", in.RankingType, string(ladder.Points), string(ladder.Classic))
	t.Preset = fe.oneOf("preset", in.Preset, ladder.PresetNames...)
	sc, ok := ladder.Presets[t.Preset]
	if t.Preset == "custom" {
		sc, ok = in.Scoring, in.Scoring.Valid()
		if !ok {
			fe.add("scoring", "tournament.scoring_invalid", map[string]any{"min": ladder.MinPoints, "max": ladder.MaxPoints})
		}
	}
	t.WinVsHigher, t.WinVsLower, t.Defeat = sc.WinVsHigher, sc.WinVsLower, sc.Defeat
	between := func(field string, v, lo, hi int) int {
		if v < lo || v > hi {
			fe.add(field, "tournament.between", map[string]any{"min": lo, "max": hi})
		}
		return v
	}
	t.ResponseDays = between("response_days", in.ResponseDays, 1, 30)
	t.MaxRejections = between("max_rejections", in.MaxRejections, 0, 20)
	t.ChallengeRange = between("challenge_range", in.ChallengeRange, 0, 50)
	t.MaxParticipants = in.MaxParticipants
	if in.MaxParticipants != 0 {
		between("max_participants", in.MaxParticipants, 2, 500)
	}
	lim := ladder.Limits{MinGames: in.MinGames, MaxGames: in.MaxGames, PeriodWeeks: in.PeriodWeeks}
	t.MinGames, t.MaxGames, t.PeriodWeeks = lim.MinGames, lim.MaxGames, lim.PeriodWeeks
	between("period_weeks", lim.PeriodWeeks, 1, 52)
	between("max_games", lim.MaxGames, 1, 50)
	if lim.MinGames < 0 || lim.MinGames > lim.MaxGames {
		fe.add("min_games", "tournament.min_above_max", nil)
	}
	t.EndDate = strings.TrimSpace(in.EndDate)
	if t.EndDate != "" {
		d, err := time.Parse("2006-01-02", t.EndDate)
		if err != nil {
			fe.add("end_date", "tournament.date_invalid", nil)
		} else if d.Before(today(s.now())) {
			fe.add("end_date", "tournament.end_in_past", nil)
		}
	}
	t.District = strings.TrimSpace(in.District)
	if t.District != "" {
		if _, ok := geo.DistrictByCode(t.District); !ok {
			fe.add("district", "profile.district_unknown", nil)
		}
	}
	t.ClubID = sql.NullInt64{}
	if in.ClubID != 0 {
		c, err := s.db.ClubByID(ctx, nil, in.ClubID)
		if err != nil || c.Status != "validated" {
			fe.add("club_id", "profile.club_invalid", nil)
		} else {
			t.ClubID = sql.NullInt64{Int64: c.ID, Valid: true}
			t.ClubName = c.Name
			if t.District == "" {
				t.District = c.District
			}
		}
	}
	return fe.err()
}

func today(now time.Time) time.Time {
	y, m, d := now.UTC().Date()
	return time.Date(y, m, d, 0, 0, 0, 0, time.UTC)
}

// CreateTournament stores a tournament pending approval; with Play the creator joins it.
func (s *Service) CreateTournament(ctx context.Context, cur Current, in TournamentInput) (store.Tournament, error) {
	if err := signedIn(cur); err != nil {
		return store.Tournament{}, err
	}
	t := store.Tournament{Status: "pending", CreatorID: sql.NullInt64{Int64: cur.User.ID, Valid: true}}
	if err := s.validateTournament(ctx, in, &t); err != nil {
		return t, err
	}
	t.ExpiresAt = s.now().Add(TournamentApprovalPeriod)
	err := s.spend(cur.User.ID, ActionTournament, func() error {
		return s.db.Tx(ctx, func(tx *store.Tx) error {
			if err := s.db.InsertTournament(ctx, tx, &t); err != nil {
				return err
			}
			if !in.Play {
				return nil
			}
			_, err := s.db.AddParticipant(ctx, tx, t.ID, cur.User.ID, "active")
			t.Players = 1
			return err
		})
	})
	return t, err
}

// UpdateTournament edits a tournament (its creator and super admins). The ranking type is fixed
// once a match was validated, and the maximum cannot drop below the players already in.
func (s *Service) UpdateTournament(ctx context.Context, cur Current, id int64, in TournamentInput) (store.Tournament, error) {
	var t store.Tournament
	err := s.db.Tx(ctx, func(tx *store.Tx) error {
		var err error
		var rel policy.TournamentRelation
		if t, rel, err = s.lockVisibleTournament(ctx, tx, cur, id); err != nil {
			return err
		}
		if err := denied(policy.ManageTournament(cur.Actor, rel)); err != nil {
			return err
		}
		was := t
		if err := s.validateTournament(ctx, in, &t); err != nil {
			return err
		}
		if t.RankingType != was.RankingType {
			if all, _, err := s.db.CountMatches(ctx, t.ID, s.now()); err != nil {
				return err
			} else if all > 0 {
				return &Error{Kind: KindConflict, Code: "tournament.ranking_locked"}
			}
		}
		if t.MaxParticipants != 0 {
			n, err := s.db.CountPlayers(ctx, tx, t.ID)
			if err != nil {
				return err
			}
			if n > t.MaxParticipants {
				return &Error{Kind: KindInvalid, Code: "validation.failed", Fields: []FieldError{{Field: "max_participants",
					Code: "tournament.max_below_count", Params: map[string]any{"count": n}}}}
			}
		}
		if err := s.db.UpdateTournamentInfo(ctx, tx, &t); err != nil {
			return err
		}
		if t, err = s.db.TournamentByID(ctx, tx, id); err != nil {
			return err
		}
		// Audited whoever edits: a super admin may edit a tournament that is not theirs.
		return s.audit(ctx, tx, cur.Actor, AuditTournamentEdited, "tournament", t.ID, map[string]any{"name": t.Name, "changes": changedFields(was, t)})
	})
	return t, err
}

// relation reads the caller's relation to a tournament.
func (s *Service) relation(ctx context.Context, tx *store.Tx, cur Current, t store.Tournament) (policy.TournamentRelation, store.Participant, error) {
	var r policy.TournamentRelation
	if !cur.Actor.SignedIn() {
		return r, store.Participant{}, nil
	}
	r.Creator = t.CreatorID.Valid && t.CreatorID.Int64 == cur.User.ID
	p, err := s.db.Participation(ctx, tx, t.ID, cur.User.ID)
	if errors.Is(err, store.ErrNotFound) {
		return r, p, nil
	}
	r.Member = err == nil && p.Status != "requested"
	r.Referee = r.Member && p.Role == "referee"
	return r, p, err
}

func notFoundTournament() error { return &Error{Kind: KindNotFound, Code: "tournament.not_found"} }

// visibleTournament reads a tournament the caller may see; anything else is "Tournament not found".
func (s *Service) visibleTournament(ctx context.Context, tx *store.Tx, cur Current, id int64) (store.Tournament, policy.TournamentRelation, error) {
	t, err := s.db.TournamentByID(ctx, tx, id)
	return s.checkSeen(ctx, tx, cur, t, err)
}

// checkSeen turns a tournament just read (err from the read) into what the caller may know of
// it: "Tournament not found" when missing or hidden from them, else their relation to it.
func (s *Service) checkSeen(ctx context.Context, tx *store.Tx, cur Current, t store.Tournament, err error) (store.Tournament, policy.TournamentRelation, error) {
	if errors.Is(err, store.ErrNotFound) || (err == nil && !policy.SeeTournament(cur.Actor, t.Status, t.CreatorID.Int64)) {
		return t, policy.TournamentRelation{}, notFoundTournament()
	}
	if err != nil {
		return t, policy.TournamentRelation{}, err
	}
	rel, _, err := s.relation(ctx, tx, cur, t)
	return t, rel, err
}

// lockVisibleTournament is visibleTournament that also takes the tournament's lock (see
// store.LockTournament): every change to participants goes through it.
func (s *Service) lockVisibleTournament(ctx context.Context, tx *store.Tx, cur Current, id int64) (store.Tournament, policy.TournamentRelation, error) {
	t, err := s.db.LockTournament(ctx, tx, id)
	return s.checkSeen(ctx, tx, cur, t, err)
}

// TournamentDetail is a tournament with its people and what the caller may do. The tournament
// carries the page's columns only (store.TournamentPageByID: no version, decision or snapshot).
type TournamentDetail struct {
	Tournament store.Tournament
	// Creator and Referees carry names and pictures only (store.TournamentPageByID, RefereePersons).
	Creator  *store.User
	Referees []store.User
	Relation policy.TournamentRelation
	MyStatus string // requested, active, paused, suspended or ""
	MyRole   string
	// Permissions for the page (the server checks each action again).
	CanManage, CanManagePlayers, CanDecide, CanSeeStandings bool
	CanChat                                                 bool // the group conversation (private tournaments, members)
	Can                                                     policy.TournamentCan
	JoinMode                                                string // join, request or "" (not possible)
}

// Tournament returns a tournament's detail as the caller may see it.
func (s *Service) Tournament(ctx context.Context, cur Current, id int64) (TournamentDetail, error) {
	page, err := s.db.TournamentPageByID(ctx, id)
	t := page.Tournament
	if errors.Is(err, store.ErrNotFound) || (err == nil && !policy.SeeTournament(cur.Actor, t.Status, t.CreatorID.Int64)) {
		return TournamentDetail{}, notFoundTournament()
	}
	if err != nil {
		return TournamentDetail{}, err
	}
	// The caller's participation decides both the relation and my_status: read once.
	rel, p, err := s.relation(ctx, nil, cur, t)
	if err != nil {
		return TournamentDetail{}, err
	}
	d := TournamentDetail{Tournament: t, Relation: rel, Referees: []store.User{}, MyStatus: p.Status, MyRole: p.Role}
	if page.Creator.ID != 0 {
		d.Creator = &page.Creator
	}
	if page.HasReferees {
		if d.Referees, err = s.db.RefereePersons(ctx, id); err != nil {
			return d, err
		}
	}
	d.CanManage = policy.ManageTournament(cur.Actor, rel) == nil
	d.CanManagePlayers = policy.ManagePlayers(cur.Actor, rel) == nil
	d.CanDecide = t.Status == "pending" && policy.DecideTournament(cur.Actor) == nil
	d.CanSeeStandings = policy.SeeStandings(cur.Actor, t.Privacy, rel)
	d.CanChat = policy.GroupChat(t.Privacy) == nil &&
		policy.ConversationMember(cur.Actor, policy.ConversationFacts{Kind: policy.ConversationTournament, Tournament: rel})
	d.Can = policy.TournamentPermissions(cur.Actor, rel, t.Status)
	if t.Status == "active" && d.MyStatus == "" {
		d.JoinMode = "request"
		if policy.JoinsDirectly(cur.Actor, t.Privacy) {
			d.JoinMode = "join"
		}
	}
	return d, nil
}

// TournamentListInput filters the tournament list. Status "" means active; "pending" and
// "rejected" show what the caller may see; "mine" lists those the caller plays in.
type TournamentListInput struct {
	Query, District, Privacy, RankingType, Status, Cursor string
	ClubID                                                int64
	Limit                                                 int
}

// Tournaments lists tournaments for the caller.
func (s *Service) Tournaments(ctx context.Context, cur Current, in TournamentListInput) ([]store.Tournament, string, error) {
	items, next, _, err := s.tournamentsPage(ctx, cur, in, nil)
	return items, next, err
}

// TournamentsJSON is Tournaments rendered by render: the rendering of a page that is the same for
// every viewer is kept with the page (see cachedList); kept says the body is that kept one.
func (s *Service) TournamentsJSON(ctx context.Context, cur Current, in TournamentListInput, render ListRender[store.Tournament]) (body []byte, kept bool, err error) {
	items, next, body, err := s.tournamentsPage(ctx, cur, in, render)
	if err != nil || body != nil {
		return body, body != nil, err
	}
	body, err = render(items, next)
	return body, false, err
}

func (s *Service) tournamentsPage(ctx context.Context, cur Current, in TournamentListInput, render ListRender[store.Tournament]) ([]store.Tournament, string, []byte, error) {
	f := store.TournamentFilter{Query: in.Query, ClubID: in.ClubID, District: in.District, Privacy: in.Privacy,
		RankingType: in.RankingType, Cursor: in.Cursor, Limit: in.Limit}
	switch in.Status {
	case "", "active":
		f.Statuses = []string{"active"}
	case "inactive":
		f.Statuses = []string{"inactive"}
	case "mine":
		if !cur.Actor.SignedIn() {
			return []store.Tournament{}, "", nil, nil
		}
		f.Statuses, f.MemberOf = []string{"active", "inactive", "pending"}, cur.User.ID
	case "pending", "rejected":
		if cur.Actor.SignedIn() {
			f.Statuses = []string{in.Status}
			if !cur.Actor.IsSuperAdmin() {
				f.OwnOf = cur.User.ID
			}
		}
	}
	if f.OwnOf != 0 || f.MemberOf != 0 || len(f.Statuses) == 0 {
		items, next, err := s.db.ListTournaments(ctx, f)
		return items, next, nil, err
	}
	// The same page for every viewer: kept in memory while the lists' version holds.
	key := listKey("tournaments", strings.Join(f.Statuses, ","), f.Query, strconv.FormatInt(f.ClubID, 10), f.District,
		f.Privacy, f.RankingType, f.Cursor, strconv.Itoa(f.Limit))
	return cachedList(ctx, s, cur, key, func(ctx context.Context) ([]store.Tournament, string, error) {
		return s.db.ListTournaments(ctx, f)
	}, render)
}

// DecideTournament approves (reason ignored) or rejects a pending tournament and tells its
// creator; an approved tournament is announced to players of its district.
func (s *Service) DecideTournament(ctx context.Context, cur Current, id int64, approve bool, reason string) (store.Tournament, error) {
	if err := denied(policy.DecideTournament(cur.Actor)); err != nil {
		return store.Tournament{}, err
	}
	reason = strings.TrimSpace(reason)
	if len([]rune(reason)) > 500 {
		return store.Tournament{}, &Error{Kind: KindInvalid, Code: "validation.failed",
			Fields: []FieldError{{Field: "reason", Code: "validation.too_long", Params: map[string]any{"max": 500}}}}
	}
	status := "active"
	if !approve {
		status = "rejected"
	} else {
		reason = ""
	}
	var t store.Tournament
	err := s.db.Tx(ctx, func(tx *store.Tx) error {
		var err error
		if t, err = s.db.TournamentByID(ctx, tx, id); errors.Is(err, store.ErrNotFound) {
			return notFoundTournament()
		} else if err != nil {
			return err
		}
		ok, err := s.db.DecideTournament(ctx, tx, id, status, reason, cur.User.ID)
		if err != nil {
			return err
		}
		if !ok {
			return &Error{Kind: KindConflict, Code: "tournament.already_decided"}
		}
		action, details := AuditTournamentApproved, map[string]any{"name": t.Name, "from": t.Status, "to": status}
		if !approve {
			action, details["reason"] = AuditTournamentRejected, reason
		}
		if err := s.audit(ctx, tx, cur.Actor, action, "tournament", t.ID, details); err != nil {
			return err
		}
		t.Status, t.RejectReason = status, reason
		link := "/tournaments/" + itoa64(t.ID)
		if t.CreatorID.Valid {
			key := "approved"
			if !approve {
				key = "rejected"
				if reason != "" {
					key = "rejected_reason"
				}
			}
			if err := s.Notify(ctx, tx, t.CreatorID.Int64, Note{Type: AdminAction, TitleKey: "tournaments." + key + "_title",
				MessageKey: "tournaments." + key, Params: map[string]any{"tournament": t.Name, "reason": reason}, ActionURL: link}); err != nil {
				return err
			}
		}
		if !approve || t.District == "" || t.Privacy != "public" {
			return nil
		}
		nearby, err := s.db.PlayersInDistrict(ctx, tx, t.District, 500)
		if err != nil {
			return err
		}
		for _, u := range nearby {
			if u == t.CreatorID.Int64 {
				continue
			}
			// Place names are proper nouns: the Portuguese one reads right in both languages.
			district, _ := geo.DistrictByCode(t.District)
			if err := s.Notify(ctx, tx, u, Note{Type: TournamentCreatedNearby, TitleKey: "tournaments.nearby_title",
				MessageKey: "tournaments.nearby", Params: map[string]any{"tournament": t.Name, "district": district.Name["pt"]}, ActionURL: link}); err != nil {
				return err
			}
		}
		return nil
	})
	return t, err
}

// CloseTournament ends an active tournament (its creator and super admins): it becomes inactive,
// its standings stay visible.
func (s *Service) CloseTournament(ctx context.Context, cur Current, id int64) (store.Tournament, error) {
	var t store.Tournament
	err := s.db.Tx(ctx, func(tx *store.Tx) error {
		var rel policy.TournamentRelation
		var err error
		if t, rel, err = s.lockVisibleTournament(ctx, tx, cur, id); err != nil {
			return err
		}
		if err := denied(policy.ManageTournament(cur.Actor, rel)); err != nil {
			return err
		}
		ok, err := s.db.CloseTournament(ctx, tx, id)
		if err != nil {
			return err
		}
		if !ok {
			return &Error{Kind: KindConflict, Code: "tournament.not_active"}
		}
		t.Status = "inactive"
		return s.audit(ctx, tx, cur.Actor, AuditTournamentClosed, "tournament", t.ID,
			map[string]any{"name": t.Name, "from": "active", "to": "inactive"})
	})
	return t, err
}

// ExpireTournaments removes tournaments left pending past their approval period and closes those
// whose end date has passed.
func (s *Service) ExpireTournaments(ctx context.Context) (int64, error) {
	n, err := s.db.DeleteExpiredPendingTournaments(ctx, s.now())
	if err != nil {
		return n, err
	}
	m, err := s.db.CloseEndedTournaments(ctx, today(s.now()).Format("2006-01-02"))
	return n + m, err
}

// TournamentImage returns a tournament's picture when the caller may see the tournament.
func (s *Service) TournamentImage(ctx context.Context, cur Current, id int64) (store.PhotoRow, error) {
	if _, _, err := s.visibleTournament(ctx, nil, cur, id); err != nil {
		return store.PhotoRow{}, err
	}
	p, err := s.db.TournamentImage(ctx, id)
	if errors.Is(err, store.ErrNotFound) {
		return p, notFoundTournament()
	}
	return p, err
}

// SetTournamentImage makes an uploaded picture the tournament's image.
func (s *Service) SetTournamentImage(ctx context.Context, cur Current, id int64, r io.Reader) (store.Tournament, error) {
	sctx, cancel := step(ctx)
	t, rel, err := s.visibleTournament(sctx, nil, cur, id)
	cancel()
	if err != nil {
		return t, err
	}
	if err := denied(policy.ManageTournament(cur.Actor, rel)); err != nil {
		return t, err
	}
	giveBack, err := s.take(cur.User.ID, ActionUpload)
	if err != nil {
		return t, err
	}
	p, etag, err := processPicture(ctx, r, "image")
	if err != nil {
		refund(giveBack, err, false)
		return t, err
	}
	ctx, cancel = step(ctx)
	defer cancel()
	err = s.db.Tx(ctx, func(tx *store.Tx) error { return s.db.SaveTournamentImage(ctx, tx, id, p.JPEG, etag) })
	refund(giveBack, err, true)
	t.ImageETag = etag
	return t, err
}
