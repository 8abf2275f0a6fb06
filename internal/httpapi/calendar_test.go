package httpapi

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	goical "github.com/emersion/go-ical"

	"github.com/tennisladder/ladder/internal/service"
	"github.com/tennisladder/ladder/internal/store"
	"github.com/tennisladder/ladder/internal/store/storetest"
)

func init() {
	matrix["GET /api/matches/{id}/calendar.ics"] = matrixRow{path: "/api/matches/{match}/calendar.ics", want: matchCalendar()}
	matrix["GET /api/hub"] = matrixRow{path: "/api/hub", want: signedIn(200)}
	matrix["POST /api/scores/check"] = matrixRow{path: "/api/scores/check", body: `{"score": "6-4 6-7(5) 10-8"}`, want: all(200)}
	matrix["GET /api/calendar/feed"] = matrixRow{path: "/api/calendar/feed", want: signedIn(200)}
	matrix["POST /api/calendar/feed"] = matrixRow{path: "/api/calendar/feed", want: signedIn(200)}
	matrix["DELETE /api/calendar/feed"] = matrixRow{path: "/api/calendar/feed", want: signedIn(204)}
	// An unknown token: a cookie makes no difference (TestCalendarFeed reads real ones).
	matrix["GET /api/calendar/feeds/{token}/matches.ics"] = matrixRow{
		path: "/api/calendar/feeds/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA/matches.ics", want: all(404)}
}

// matchCalendar: the match's players and the tournament's referee download it; others who see
// the match (its creator, super admins) are refused; the rest are told it does not exist.
func matchCalendar() map[string]int {
	m := seeMatch(200, 403)
	m["referee"] = 200
	return m
}

func parseICS(t *testing.T, body string) *goical.Calendar {
	t.Helper()
	if !strings.Contains(body, "\r\n") || strings.Contains(strings.ReplaceAll(body, "\r\n", ""), "\n") {
		t.Fatalf("lines must end in CRLF only: %q", body)
	}
	for _, l := range strings.Split(body, "\r\n") {
		if len(l) > 75 {
			t.Fatalf("line longer than 75 octets: %q", l)
		}
	}
	cal, err := goical.NewDecoder(bytes.NewReader([]byte(body))).Decode()
	if err != nil {
		t.Fatalf("not iCalendar: %v\n%s", err, body)
	}
	return cal
}

// A player's feed: made from the settings, read without a cookie by a real iCalendar parser
// (time in UTC, place, court, opponent, tournament, UID, DTSTAMP), replaced (the old URL is gone
// at once) and revoked (404). The per-match .ics is the same event.
func TestCalendarFeed(t *testing.T) {
	storetest.ForEachDialect(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		l := newLive(t, db, nil)
		b, ob, anon := l.browser(), l.browser(), l.browser()
		me, opp := b.signIn("player@ladder.test"), ob.signIn("opponent@ladder.test")
		l.browser().signIn(testRoot)
		svc := l.srv.svc
		as := func(id int64) service.Current {
			u, err := db.UserByID(ctx, nil, id)
			if err != nil {
				t.Fatal(err)
			}
			return service.Current{User: u, Actor: svc.ActorFor(u)}
		}
		if err := db.Tx(ctx, func(tx *store.Tx) error {
			_, err := tx.ExecContext(ctx, db.W.Rebind(`UPDATE users SET first_name = ?, last_name = ? WHERE id = ?`), "Rui", "Gonçalves, Jr.", opp.ID)
			return err
		}); err != nil {
			t.Fatal(err)
		}
		rootU, _ := db.UserByEmail(ctx, nil, testRoot)
		tr, err := svc.CreateTournament(ctx, as(me.ID), service.TournamentInput{Name: "Escada de Sintra; Primavera", Privacy: "public",
			RankingType: "points", Preset: "standard", ResponseDays: 7, MaxRejections: 3, MaxGames: 10, PeriodWeeks: 2, Play: true})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := svc.DecideTournament(ctx, as(rootU.ID), tr.ID, true, ""); err != nil {
			t.Fatal(err)
		}
		if _, err := svc.JoinTournament(ctx, as(opp.ID), tr.ID); err != nil {
			t.Fatal(err)
		}
		at := time.Date(2031, 5, 4, 17, 30, 0, 0, time.UTC)
		m := store.Match{TournamentID: tr.ID, Player1ID: opp.ID, Player2ID: me.ID, State: "time_confirmed",
			ScheduledAt: sql.NullTime{Time: at, Valid: true}, Location: "Clube de Ténis de Sintra, Rua das Flores 12, 2710-000 Sintra", Court: "3"}
		if err := db.Tx(ctx, func(tx *store.Tx) error { return db.InsertMatch(ctx, tx, &m) }); err != nil {
			t.Fatal(err)
		}

		if r := b.do("GET", "/api/calendar/feed", nil); r.code != 200 || !strings.Contains(r.body, `"active":false`) {
			t.Fatalf("before: %d %s", r.code, r.body)
		}
		create := func() string {
			r := b.do("POST", "/api/calendar/feed", nil)
			var v calendarFeedView
			if err := json.Unmarshal([]byte(r.body), &v); err != nil || r.code != 200 || !v.Active || v.URL == "" {
				t.Fatalf("create: %d %s", r.code, r.body)
			}
			return strings.TrimPrefix(v.URL, l.srv.cfg.BaseURL)
		}
		first := create()
		r := anon.do("GET", first, nil)
		if r.code != 200 || !strings.HasPrefix(r.hdr.Get("Content-Type"), "text/calendar") {
			t.Fatalf("feed: %d %s", r.code, r.body)
		}
		cal := parseICS(t, r.body)
		evs := cal.Events()
		if len(evs) != 1 {
			t.Fatalf("%d events", len(evs))
		}
		e := evs[0]
		text := func(p string) string { v, _ := e.Props.Text(p); return v }
		if got, _ := e.DateTimeStart(time.UTC); !got.Equal(at) || !strings.HasSuffix(e.Props.Get(goical.PropDateTimeStart).Value, "Z") {
			t.Errorf("DTSTART %v (%q)", got, e.Props.Get(goical.PropDateTimeStart).Value)
		}
		if got, _ := e.DateTimeEnd(time.UTC); !got.Equal(at.Add(MatchDuration)) {
			t.Errorf("DTEND %v", got)
		}
		if uid := text(goical.PropUID); !strings.HasPrefix(uid, "match-") || e.Props.Get(goical.PropDateTimeStamp) == nil {
			t.Errorf("UID %q / DTSTAMP", uid)
		}
		if loc := text(goical.PropLocation); !strings.Contains(loc, "Rua das Flores 12, 2710-000 Sintra") || !strings.Contains(loc, "3") {
			t.Errorf("LOCATION %q", loc)
		}
		desc := text(goical.PropDescription)
		for _, want := range []string{"Escada de Sintra; Primavera", "Rui Gonçalves, Jr.", "/challenges?match="} {
			if !strings.Contains(desc, want) {
				t.Errorf("DESCRIPTION %q lacks %q", desc, want)
			}
		}
		if s := text(goical.PropSummary); !strings.Contains(s, "Rui Gonçalves, Jr.") {
			t.Errorf("SUMMARY %q", s)
		}

		// The opponent's download of the same match: the same event.
		r = ob.do("GET", fmt.Sprintf("/api/matches/%d/calendar.ics", m.ID), nil)
		if r.code != 200 || !strings.Contains(r.hdr.Get("Content-Disposition"), "attachment") {
			t.Fatalf("download: %d %s", r.code, r.body)
		}
		if one := parseICS(t, r.body).Events(); len(one) != 1 || one[0].Props.Get(goical.PropUID).Value != e.Props.Get(goical.PropUID).Value {
			t.Fatalf("download events %+v", one)
		}

		second := create()
		if r := anon.do("GET", first, nil); r.code != 404 {
			t.Fatalf("replaced URL still answers: %d", r.code)
		}
		if r := anon.do("GET", second, nil); r.code != 200 {
			t.Fatalf("new URL: %d", r.code)
		}
		if r := b.do("DELETE", "/api/calendar/feed", nil); r.code != 204 {
			t.Fatalf("revoke: %d %s", r.code, r.body)
		}
		if r := anon.do("GET", second, nil, "Accept-Language", "en"); r.code != 404 || !strings.Contains(r.body, "revoked") {
			t.Fatalf("revoked URL: %d %s", r.code, r.body)
		}
		if r := b.do("GET", "/api/calendar/feed", nil); !strings.Contains(r.body, `"active":false`) {
			t.Fatalf("after revoke: %s", r.body)
		}
	})
}
