package httpapi

import (
	"context"
	"net/url"
	"strconv"
	"time"

	"github.com/tennisladder/ladder/internal/i18n"
	"github.com/tennisladder/ladder/internal/ics"
	"github.com/tennisladder/ladder/internal/service"
	"github.com/tennisladder/ladder/internal/store"
	"github.com/tennisladder/ladder/web"
)

// calTexts are the calendar namespace of the web app: the calendar's texts are in the reader's
// (the feed owner's) language.
var calTexts = func() *i18n.Catalog {
	c, err := i18n.Load(web.Locales(), "calendar")
	if err != nil {
		panic("load calendar.json: " + err.Error())
	}
	return c
}()

// MatchDuration is how long a match is in the calendar (a best-of-three club match).
const MatchDuration = 90 * time.Minute

// matchEvent writes one match as a calendar event, from me's side (0 for a referee: both names).
func (s *Server) matchEvent(m store.MatchRow, me int64, lang string) ics.Event {
	t := func(k string, p map[string]any) string { return calTexts.T(lang, "ics."+k, p) }
	name := func(u store.User) string {
		if u.DeletedAt.Valid {
			return t("deleted_player", nil)
		}
		return service.DisplayName(u)
	}
	summary := t("summary", map[string]any{"p1": name(m.P1), "p2": name(m.P2)})
	desc := t("tournament", map[string]any{"name": m.TournamentName})
	switch me {
	case m.Player1ID:
		desc += "\n" + t("opponent", map[string]any{"name": name(m.P2)})
	case m.Player2ID:
		desc += "\n" + t("opponent", map[string]any{"name": name(m.P1)})
	}
	loc := m.Location
	if m.Court != "" {
		c := t("court", map[string]any{"court": m.Court})
		if loc != "" {
			loc += " — " + c
		} else {
			loc = c
		}
		desc += "\n" + c
	}
	if m.Score != "" && m.State == "completed" {
		desc += "\n" + t("score", map[string]any{"score": m.Score})
	}
	link := s.cfg.BaseURL + "/challenges?match=" + strconv.FormatInt(m.ID, 10)
	desc += "\n" + link
	host := "ladder"
	if u, err := url.Parse(s.cfg.BaseURL); err == nil && u.Hostname() != "" {
		host = u.Hostname()
	}
	start := m.ScheduledAt.Time
	return ics.Event{UID: "match-" + strconv.FormatInt(m.ID, 10) + "@" + host, Start: start, End: start.Add(MatchDuration),
		Summary: summary, Location: loc, Description: desc, URL: link, Status: "CONFIRMED"}
}

type icsOutput struct {
	ContentType        string `header:"Content-Type"`
	ContentDisposition string `header:"Content-Disposition"`
	CacheControl       string `header:"Cache-Control"`
	Body               []byte
}

type calendarFeedInput struct {
	Token string `path:"token" maxLength:"100"`
}

// getCalendarFeed serves a player's private feed: the token is the credential, no cookie.
func (s *Server) getCalendarFeed(ctx context.Context, in *calendarFeedInput) (*icsOutput, error) {
	if err := s.toolLimit(ctx, s.feedLimiter); err != nil {
		return nil, err
	}
	u, ms, err := s.svc.CalendarByToken(ctx, in.Token)
	if err != nil {
		return nil, s.problemFrom(ctx, err)
	}
	lang := u.Language
	c := ics.Calendar{Name: calTexts.T(lang, "ics.calendar_name", nil)}
	for _, m := range ms {
		c.Events = append(c.Events, s.matchEvent(m, u.ID, lang))
	}
	return &icsOutput{ContentType: "text/calendar; charset=utf-8", ContentDisposition: `inline; filename="tennis-ladder.ics"`,
		CacheControl: "private, max-age=300", Body: ics.Write(c, time.Now())}, nil
}

// getMatchCalendar is one match as an .ics file, for its players and referees.
func (s *Server) getMatchCalendar(ctx context.Context, in *matchIDInput) (*icsOutput, error) {
	cur := currentFrom(ctx)
	m, err := s.svc.MatchCalendar(ctx, cur, in.ID)
	if err != nil {
		return nil, s.problemFrom(ctx, err)
	}
	lang := langOf(ctx)
	c := ics.Calendar{Events: []ics.Event{s.matchEvent(m, cur.User.ID, lang)}}
	name := "match-" + strconv.FormatInt(m.ID, 10) + ".ics"
	return &icsOutput{ContentType: "text/calendar; charset=utf-8", ContentDisposition: `attachment; filename="` + name + `"`,
		CacheControl: "private, no-store", Body: ics.Write(c, time.Now())}, nil
}

type calendarFeedView struct {
	Active    bool       `json:"active"`
	CreatedAt *time.Time `json:"created_at,omitempty"`
	URL       string     `json:"url,omitempty" doc:"Only in the answer that created it: the server keeps no copy of the token"`
}

type calendarFeedOutput struct{ Body calendarFeedView }

func (s *Server) calendarFeedState(ctx context.Context, _ *struct{}) (*calendarFeedOutput, error) {
	st, err := s.svc.CalendarFeed(ctx, currentFrom(ctx))
	if err != nil {
		return nil, s.problemFrom(ctx, err)
	}
	out := &calendarFeedOutput{Body: calendarFeedView{Active: st.Active}}
	if st.Active {
		out.Body.CreatedAt = &st.CreatedAt
	}
	return out, nil
}

func (s *Server) rotateCalendarFeed(ctx context.Context, _ *struct{}) (*calendarFeedOutput, error) {
	token, st, err := s.svc.RotateCalendarFeed(ctx, currentFrom(ctx))
	if err != nil {
		return nil, s.problemFrom(ctx, err)
	}
	return &calendarFeedOutput{Body: calendarFeedView{Active: true, CreatedAt: &st.CreatedAt,
		URL: s.cfg.BaseURL + "/api/calendar/feeds/" + token + "/matches.ics"}}, nil
}

func (s *Server) revokeCalendarFeed(ctx context.Context, _ *struct{}) (*struct{}, error) {
	if err := s.svc.RevokeCalendarFeed(ctx, currentFrom(ctx)); err != nil {
		return nil, s.problemFrom(ctx, err)
	}
	return nil, nil
}
