package service

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"io"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/tennisladder/ladder/internal/geo"
	"github.com/tennisladder/ladder/internal/policy"
	"github.com/tennisladder/ladder/internal/store"
)

// ClubValidationPeriod is how long a proposed club waits for a super admin (SPEC §4, §9).
const ClubValidationPeriod = 5 * 24 * time.Hour

// Surfaces and Facilities are the codes a club may list (translated in the web app).
var (
	Surfaces   = []string{"clay", "hard", "grass", "carpet", "artificial_grass", "indoor_hard"}
	Facilities = []string{"parking", "changing_rooms", "showers", "lighting", "cafe", "pro_shop", "coaching", "indoor_courts", "accessible", "padel"}
)

// ClubInput is the form to propose or edit a club.
type ClubInput struct {
	Name, Address, Phone, Email, Website string
	District, Municipality               string
	Surfaces, Facilities                 []string
}

func (s *Service) validateClub(in ClubInput, c *store.Club) error {
	var fe fieldErrors
	c.Name = fe.requiredText("name", strings.Join(strings.Fields(in.Name), " "), 120)
	c.Address = fe.optionalText("address", in.Address, 200)
	c.Phone = fe.phone("phone", in.Phone)
	c.Email = strings.TrimSpace(in.Email)
	if c.Email != "" && !validEmail(c.Email) {
		fe.add("email", "validation.email", nil)
	}
	c.Website = strings.TrimSpace(in.Website)
	if c.Website != "" {
		if !strings.Contains(c.Website, "://") {
			c.Website = "https://" + c.Website
		}
		u, err := url.Parse(c.Website)
		if err != nil || (u.Scheme != "https" && u.Scheme != "http") || !strings.Contains(u.Host, ".") || len(c.Website) > 200 {
			fe.add("website", "club.website_invalid", nil)
		}
	}
	c.District, c.Municipality = strings.TrimSpace(in.District), strings.TrimSpace(in.Municipality)
	if c.District != "" {
		if _, ok := geo.DistrictByCode(c.District); !ok {
			fe.add("district", "profile.district_unknown", nil)
		}
	}
	if !geo.ValidPair(c.District, c.Municipality) {
		fe.add("municipality", "profile.municipality_mismatch", nil)
	}
	c.Surfaces = fe.codes("surfaces", in.Surfaces, Surfaces)
	c.Facilities = fe.codes("facilities", in.Facilities, Facilities)
	return fe.err()
}

func (f *fieldErrors) optionalText(field, s string, max int) string {
	s = strings.TrimSpace(s)
	if len([]rune(s)) > max {
		f.add(field, "validation.too_long", map[string]any{"max": max})
	}
	return s
}

// codes checks a list against the allowed codes and returns it as a JSON array (deduplicated).
func (f *fieldErrors) codes(field string, in, allowed []string) string {
	seen := map[string]bool{}
	out := []string{}
	for _, c := range in {
		ok := false
		for _, a := range allowed {
			ok = ok || a == c
		}
		if !ok {
			f.add(field, "validation.one_of", map[string]any{"values": strings.Join(allowed, ", ")})
			break
		}
		if !seen[c] {
			seen[c] = true
			out = append(out, c)
		}
	}
	b, _ := json.Marshal(out)
	return string(b)
}

// ProposeClub creates a pending club; its creator becomes its administrator.
func (s *Service) ProposeClub(ctx context.Context, cur Current, in ClubInput) (store.Club, error) {
	if err := signedIn(cur); err != nil {
		return store.Club{}, err
	}
	c := store.Club{Status: "pending", CreatorID: sql.NullInt64{Int64: cur.User.ID, Valid: true}}
	if err := s.validateClub(in, &c); err != nil {
		return c, err
	}
	c.ExpiresAt = s.now().Add(ClubValidationPeriod)
	err := s.spend(cur.User.ID, ActionClub, func() error {
		return s.db.Tx(ctx, func(tx *store.Tx) error {
			if err := s.db.InsertClub(ctx, tx, &c); err != nil {
				return err
			}
			_, err := s.db.AddClubMember(ctx, tx, c.ID, cur.User.ID, "administrator")
			return err
		})
	})
	c.Members = 1
	return c, err
}

// UpdateClub edits a club's information (club administrators and super admins).
func (s *Service) UpdateClub(ctx context.Context, cur Current, id int64, in ClubInput) (store.Club, error) {
	var c store.Club
	err := s.db.Tx(ctx, func(tx *store.Tx) error {
		var err error
		if c, err = s.visibleClub(ctx, tx, cur, id); err != nil {
			return err
		}
		role, err := s.db.ClubRole(ctx, tx, id, cur.User.ID)
		if err != nil {
			return err
		}
		if err := denied(policy.EditClub(cur.Actor, role)); err != nil {
			return err
		}
		was := c
		if err := s.validateClub(in, &c); err != nil {
			return err
		}
		if err := s.db.UpdateClubInfo(ctx, tx, &c); err != nil {
			return err
		}
		// Audited whoever edits: a super admin may edit a club that is not theirs.
		return s.audit(ctx, tx, cur.Actor, AuditClubEdited, "club", c.ID, map[string]any{"name": c.Name, "changes": changedFields(was, c)})
	})
	return c, err
}

// visibleClub reads a club the caller may see; anything else is "Club not found".
func (s *Service) visibleClub(ctx context.Context, tx *store.Tx, cur Current, id int64) (store.Club, error) {
	c, err := s.db.ClubByID(ctx, tx, id)
	if errors.Is(err, store.ErrNotFound) || (err == nil && !policy.SeeClub(cur.Actor, c.Status, c.CreatorID.Int64)) {
		return c, &Error{Kind: KindNotFound, Code: "club.not_found"}
	}
	return c, err
}

// ClubDetail is a club with its members and what the caller may do (policy answers).
type ClubDetail struct {
	Club    store.Club
	Members []store.ClubMember
	// MemberFlags are the caller's actions on each listed member, by user id.
	MemberFlags map[int64]policy.ClubMemberFlags
	MyRole      string // administrator, member or ""
	CanEdit     bool
	CanDecide   bool
	CanJoin     bool // visitors too: they are asked to sign in first
	CanLeave    bool
	// LeaveRefusal is why a member may not leave (an errors.json code), "" otherwise.
	LeaveRefusal     string
	CanManageMembers bool
	// Tournaments (active or ended) of the club and their validated matches.
	Tournaments, Matches int
}

// Club returns a club's detail as the caller may see it.
func (s *Service) Club(ctx context.Context, cur Current, id int64) (ClubDetail, error) {
	c, err := s.visibleClub(ctx, nil, cur, id)
	if err != nil {
		return ClubDetail{}, err
	}
	all, err := s.db.ClubMembers(ctx, id, 500)
	if err != nil {
		return ClubDetail{}, err
	}
	st := policy.ClubState{Status: c.Status, CreatorID: c.CreatorID.Int64, Members: c.Members}
	for _, m := range all {
		if m.Role == policy.ClubAdministrator && m.User.Status != "suspended" {
			st.Admins++
		}
	}
	if cur.Actor.SignedIn() {
		if st.MyRole, err = s.db.ClubRole(ctx, nil, id, cur.User.ID); err != nil {
			return ClubDetail{}, err
		}
	}
	// Players who asked to stay out of player lists are left out, except for themselves and
	// for super admins.
	d := ClubDetail{Club: c, Members: make([]store.ClubMember, 0, len(all)), MemberFlags: map[int64]policy.ClubMemberFlags{}, MyRole: st.MyRole}
	for _, m := range all {
		if !m.User.Hidden || cur.Actor.IsSuperAdmin() || (cur.Actor.SignedIn() && m.UserID == cur.User.ID) {
			d.Members = append(d.Members, m)
			d.MemberFlags[m.UserID] = policy.MemberFlags(cur.Actor, st, policy.ClubTarget{UserID: m.UserID, Role: m.Role, Suspended: m.User.Status == "suspended"})
		}
	}
	if d.Tournaments, d.Matches, err = s.db.ClubTournamentStats(ctx, id); err != nil {
		return d, err
	}
	d.CanEdit = policy.EditClub(cur.Actor, d.MyRole) == nil
	d.CanDecide = policy.CanDecideClub(cur.Actor, c.Status)
	join := policy.JoinClub(cur.Actor, st)
	d.CanJoin = join == nil || (!cur.Actor.SignedIn() && policyCode(join) == policy.CodeSignInRequired)
	leave := policy.LeaveClub(cur.Actor, st)
	d.CanLeave = leave == nil
	if st.MyRole != "" && leave != nil {
		d.LeaveRefusal = policyCode(leave)
	}
	d.CanManageMembers = policy.ManageClubMembers(cur.Actor, st) == nil
	return d, nil
}

// ClubListInput filters the club list. Status "" means validated (plus, for signed-in users,
// their own proposals); "pending" and "rejected" show those the caller may see.
type ClubListInput struct {
	Query, District, Municipality, Status, Cursor string
	Limit                                         int
}

// Clubs lists clubs for the caller.
func (s *Service) Clubs(ctx context.Context, cur Current, in ClubListInput) ([]store.Club, string, error) {
	items, next, _, err := s.clubsPage(ctx, cur, in, nil)
	return items, next, err
}

// ClubsJSON is Clubs rendered by render: the rendering of a page that is the same for every
// viewer is kept with the page (see cachedList); kept says the body is that kept one.
func (s *Service) ClubsJSON(ctx context.Context, cur Current, in ClubListInput, render ListRender[store.Club]) (body []byte, kept bool, err error) {
	items, next, body, err := s.clubsPage(ctx, cur, in, render)
	if err != nil || body != nil {
		return body, body != nil, err
	}
	body, err = render(items, next)
	return body, false, err
}

func (s *Service) clubsPage(ctx context.Context, cur Current, in ClubListInput, render ListRender[store.Club]) ([]store.Club, string, []byte, error) {
	f := store.ClubFilter{Query: in.Query, District: in.District, Municipality: in.Municipality, Cursor: in.Cursor, Limit: in.Limit}
	switch in.Status {
	case "", "validated":
		f.Statuses = []string{"validated"}
	case "pending", "rejected":
		if cur.Actor.IsSuperAdmin() {
			f.Statuses = []string{in.Status}
		} else if cur.Actor.SignedIn() {
			f.OwnPendingOf = cur.User.ID // only their own proposals
			f.Statuses = nil
		}
	default:
		return nil, "", nil, &Error{Kind: KindInvalid, Code: "validation.failed",
			Fields: []FieldError{{Field: "status", Code: "validation.one_of", Params: map[string]any{"values": "validated, pending, rejected"}}}}
	}
	if f.OwnPendingOf == 0 {
		// The same page for every viewer: kept in memory while the lists' version holds.
		key := listKey("clubs", strings.Join(f.Statuses, ","), f.Query, f.District, f.Municipality, f.Cursor,
			strconv.Itoa(f.Limit))
		return cachedList(ctx, s, cur, key, func(ctx context.Context) ([]store.Club, string, error) {
			return s.db.ListClubs(ctx, f)
		}, render)
	}
	clubs, next, err := s.db.ListClubs(ctx, f)
	if err != nil {
		return nil, "", nil, err
	}
	// Own proposals of the requested status only.
	own := clubs[:0]
	for _, c := range clubs {
		if c.Status == in.Status {
			own = append(own, c)
		}
	}
	return own, next, nil, nil
}

// DecideClub validates (reason ignored) or rejects a pending club and notifies its creator.
func (s *Service) DecideClub(ctx context.Context, cur Current, id int64, validate bool, reason string) (store.Club, error) {
	if err := denied(policy.DecideClub(cur.Actor)); err != nil {
		return store.Club{}, err
	}
	reason = strings.TrimSpace(reason)
	if len([]rune(reason)) > 500 {
		return store.Club{}, &Error{Kind: KindInvalid, Code: "validation.failed",
			Fields: []FieldError{{Field: "reason", Code: "validation.too_long", Params: map[string]any{"max": 500}}}}
	}
	status := "validated"
	if !validate {
		status = "rejected"
	} else {
		reason = ""
	}
	var c store.Club
	err := s.db.Tx(ctx, func(tx *store.Tx) error {
		var err error
		if c, err = s.db.ClubByID(ctx, tx, id); errors.Is(err, store.ErrNotFound) {
			return &Error{Kind: KindNotFound, Code: "club.not_found"}
		} else if err != nil {
			return err
		}
		ok, err := s.db.DecideClub(ctx, tx, id, status, reason, cur.User.ID)
		if err != nil {
			return err
		}
		if !ok {
			return &Error{Kind: KindConflict, Code: "club.already_decided"}
		}
		action, details := AuditClubValidated, map[string]any{"name": c.Name, "from": c.Status, "to": status}
		if !validate {
			action, details["reason"] = AuditClubRejected, reason
		}
		if err := s.audit(ctx, tx, cur.Actor, action, "club", c.ID, details); err != nil {
			return err
		}
		c.Status, c.RejectReason = status, reason
		if !c.CreatorID.Valid {
			return nil
		}
		// One title per decision; the rejection's message says the reason only when one was given.
		title, message := "clubs.club_validated_title", "clubs.club_validated"
		if !validate {
			title, message = "clubs.club_rejected_title", "clubs.club_rejected"
			if reason != "" {
				message = "clubs.club_rejected_reason"
			}
		}
		return s.Notify(ctx, tx, c.CreatorID.Int64, Note{Type: AdminAction, TitleKey: title,
			MessageKey: message, Params: map[string]any{"club": c.Name, "reason": reason},
			ActionURL: "/clubs/" + itoa64(c.ID)})
	})
	return c, err
}

// ExpirePendingClubs removes clubs left pending past their validation period.
func (s *Service) ExpirePendingClubs(ctx context.Context) (int64, error) {
	return s.db.DeleteExpiredPendingClubs(ctx, s.now())
}

// ClubImage returns a club's picture when the caller may see the club.
func (s *Service) ClubImage(ctx context.Context, cur Current, id int64) (store.PhotoRow, error) {
	if _, err := s.visibleClub(ctx, nil, cur, id); err != nil {
		return store.PhotoRow{}, err
	}
	p, err := s.db.ClubImage(ctx, id)
	if errors.Is(err, store.ErrNotFound) {
		return p, &Error{Kind: KindNotFound, Code: "club.not_found"}
	}
	return p, err
}

// SetClubImage makes an uploaded picture the club's image (its administrators and super admins).
func (s *Service) SetClubImage(ctx context.Context, cur Current, id int64, r io.Reader) (store.Club, error) {
	c, role, err := s.clubForImage(ctx, cur, id)
	if err != nil {
		return c, err
	}
	if err := denied(policy.EditClub(cur.Actor, role)); err != nil {
		return c, err
	}
	giveBack, err := s.take(cur.User.ID, ActionUpload)
	if err != nil {
		return c, err
	}
	p, etag, err := processPicture(ctx, r, "image")
	if err != nil {
		refund(giveBack, err, false)
		return c, err
	}
	ctx, cancel := step(ctx)
	defer cancel()
	err = s.db.Tx(ctx, func(tx *store.Tx) error { return s.db.SaveClubImage(ctx, tx, id, p.JPEG, etag) })
	refund(giveBack, err, true)
	c.ImageETag = etag
	return c, err
}

// clubForImage reads the club and the caller's role in it (one database step of an upload).
func (s *Service) clubForImage(ctx context.Context, cur Current, id int64) (store.Club, string, error) {
	ctx, cancel := step(ctx)
	defer cancel()
	c, err := s.visibleClub(ctx, nil, cur, id)
	if err != nil {
		return c, "", err
	}
	role, err := s.db.ClubRole(ctx, nil, id, cur.User.ID)
	return c, role, err
}
