package httpapi

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/tennisladder/ladder/internal/config"
	"github.com/tennisladder/ladder/internal/service"
	"github.com/tennisladder/ladder/internal/store"
	"github.com/tennisladder/ladder/internal/store/storetest"
)

// The actors of the authorization matrix. creator and referee are players who created, or
// referee, the tournament a row acts on (see tournamentPlaceholders).
var actors = []string{"visitor", "player", "admin", "superadmin", "root", "creator", "referee"}

// matrixRow is one route's expectation: the request to make and the status per actor.
type matrixRow struct {
	path  string            // concrete path; placeholders: {target} a fresh player's id, {photo_owner} a player with a photo, {my_notification} one of the actor's notifications
	body  any               // JSON body, or nil
	want  map[string]int    // status per actor
	hdr   map[string]string // extra headers
	photo bool              // send a small PNG as multipart field "photo"
}

func all(code int) map[string]int {
	m := map[string]int{}
	for _, a := range actors {
		m[a] = code
	}
	return m
}

func signedIn(code int) map[string]int {
	m := all(code)
	m["visitor"] = 401
	return m
}

// superOnly: super admins (root included); other accounts are refused (403), visitors 401.
func superOnly(code int) map[string]int {
	m := admins(code)
	m["admin"] = 403
	return m
}

func admins(code int) map[string]int {
	m := signedIn(code)
	m["player"], m["creator"], m["referee"] = 403, 403, 403
	return m
}

// managers: whoever runs the tournament (its creator and super admins).
func managers(code int) map[string]int {
	m := superOnly(code)
	m["creator"] = code
	return m
}

// playerManagers: managers and the tournament's referee.
func playerManagers(code int) map[string]int {
	m := managers(code)
	m["referee"] = code
	return m
}

// matrix has a row for every route of routes(); a route without one fails the test.
var matrix = map[string]matrixRow{
	"GET /healthz":              {path: "/healthz", want: all(200)},
	"GET /readyz":               {path: "/readyz", want: all(200)},
	"GET /metrics":              {path: "/metrics", want: all(200)},
	"GET /api/docs":             {path: "/api/docs", want: all(200)},
	"GET /api/openapi.json":     {path: "/api/openapi.json", want: all(200)},
	"GET /api/openapi.yaml":     {path: "/api/openapi.yaml", want: all(200)},
	"GET /api/schemas/{schema}": {path: "/api/schemas/ContactInputBody.json", want: all(200)},
	"GET /locales/{lng}/{ns}":   {path: "/locales/pt/errors.json", want: all(200)},
	// Without an Origin of the app the socket is refused before upgrading (ws_test.go has the rest).
	"GET /api/ws": {path: "/api/ws", want: signedIn(403)},
	" /":          {path: "/tournaments/1", want: all(200)},
	"POST /api/contact": {path: "/api/contact", want: all(201),
		body: map[string]string{"name": "A", "email": "a@example.pt", "subject": "s", "message": "m", "type": "contact"}},
	"GET /api/oauth/google/redirect_url":  {path: "/api/oauth/google/redirect_url", want: all(200)},
	"POST /api/sessions":                  {path: "/api/sessions", body: map[string]string{"code": "x", "state": "y"}, want: all(400)},
	"GET /api/users/me":                   {path: "/api/users/me", want: signedIn(200)},
	"POST /api/logout":                    {path: "/api/logout", want: all(204)},
	"GET /api/logout":                     {path: "/api/logout", want: all(204), hdr: map[string]string{"Sec-Fetch-Site": "same-origin"}},
	"PUT /api/users/{id}/role":            {path: "/api/users/{target}/role", body: map[string]string{"role": "player"}, want: admins(200)},
	"PUT /api/users/{id}/status":          {path: "/api/users/{target}/status", body: map[string]string{"status": "suspended"}, want: admins(200)},
	"GET /api/profile":                    {path: "/api/profile", want: signedIn(200)},
	"PUT /api/profile":                    {path: "/api/profile", body: fullProfile(map[string]any{"first_name": "Ana", "last_name": "Silva"}), want: signedIn(200)},
	"PUT /api/profile/availability":       {path: "/api/profile/availability", body: map[string]any{"slots": []map[string]int{{"weekday": 1, "start_minute": 1080, "end_minute": 1200}}}, want: signedIn(200)},
	"PUT /api/profile/status":             {path: "/api/profile/status", body: map[string]string{"status": "active"}, want: signedIn(200)},
	"POST /api/profile/photo":             {path: "/api/profile/photo", photo: true, want: signedIn(200)},
	"DELETE /api/profile/photo":           {path: "/api/profile/photo", want: signedIn(204)},
	"GET /api/users/{id}/photo":           {path: "/api/users/{photo_owner}/photo", want: all(200)},
	"GET /api/players/{id}":               {path: "/api/players/{target}", want: signedIn(200)},
	"GET /api/players/{id}/stats":         {path: "/api/players/{target}/stats", want: signedIn(200)},
	"GET /api/players/{id}/history":       {path: "/api/players/{target}/history?limit=5", want: signedIn(200)},
	"GET /api/settings":                   {path: "/api/settings", want: signedIn(200)},
	"PUT /api/settings":                   {path: "/api/settings", body: map[string]any{"contact_visibility": "nobody", "listed": true, "language": "pt", "notifications": map[string]any{}}, want: signedIn(200)},
	"GET /api/geo/districts":              {path: "/api/geo/districts", want: all(200)},
	"GET /api/notifications/recent":       {path: "/api/notifications/recent", want: signedIn(200)},
	"PUT /api/notifications/{id}/read":    {path: "/api/notifications/{my_notification}/read", want: signedIn(204)},
	"GET /api/notifications":              {path: "/api/notifications", want: signedIn(200)},
	"GET /api/notifications/unread_count": {path: "/api/notifications/unread_count", want: signedIn(200)},
	"POST /api/notifications/read_all":    {path: "/api/notifications/read_all", want: signedIn(200)},
	"GET /api/search":                     {path: "/api/search?q=clube", want: all(200)},
	"GET /api/home":                       {path: "/api/home", want: signedIn(200)},
	"GET /api/clubs":                      {path: "/api/clubs", want: all(200)},
	"POST /api/clubs":                     {path: "/api/clubs", body: map[string]any{"name": "Clube Matriz"}, want: signedIn(201)},
	"GET /api/clubs/{id}":                 {path: "/api/clubs/{club}", want: all(200)},
	"PUT /api/clubs/{id}":                 {path: "/api/clubs/{club}", body: fullClub(map[string]any{"name": "Clube Editado"}), want: superOnly(200)},
	"POST /api/clubs/{id}/validate":       {path: "/api/clubs/{pending_club}/validate", want: superOnly(200)},
	"POST /api/clubs/{id}/reject":         {path: "/api/clubs/{pending_club}/reject", body: map[string]any{"reason": "duplicado"}, want: superOnly(200)},
	"POST /api/clubs/{id}/join":           {path: "/api/clubs/{club}/join", want: signedIn(204)},
	"POST /api/clubs/{id}/leave":          {path: "/api/clubs/{joined_club}/leave", want: signedIn(204)},
	// {managed_club}: the creator actor is one of its administrators; {club_member} a member.
	"PUT /api/clubs/{id}/members/{user}/role": {path: "/api/clubs/{managed_club}/members/{club_member}/role", body: map[string]any{"role": "administrator"}, want: clubManagers(204)},
	"DELETE /api/clubs/{id}/members/{user}":   {path: "/api/clubs/{managed_club}/members/{club_member}", want: clubManagers(204)},
	"POST /api/clubs/{id}/image":              {path: "/api/clubs/{club}/image", photo: true, want: superOnly(200)},
	"GET /api/clubs/{id}/image":               {path: "/api/clubs/{imaged_club}/image", want: all(200)},
	// Tournaments: {tournament} is active and public, created by the creator actor when it asks
	// (otherwise by another player) and refereed by the referee actor when it asks.
	"GET /api/tournaments":                                {path: "/api/tournaments?status=active", want: all(200)},
	"POST /api/tournaments":                               {path: "/api/tournaments", body: map[string]any{"name": "Ladder Matriz"}, want: signedIn(201)},
	"GET /api/tournaments/{id}":                           {path: "/api/tournaments/{tournament}", want: all(200)},
	"PUT /api/tournaments/{id}":                           {path: "/api/tournaments/{tournament}", body: fullTournament(map[string]any{"name": "Ladder Editada"}), want: managers(200)},
	"POST /api/tournaments/{id}/approve":                  {path: "/api/tournaments/{pending_tournament}/approve", want: superOnly(200)},
	"POST /api/tournaments/{id}/reject":                   {path: "/api/tournaments/{pending_tournament}/reject", body: map[string]any{"reason": "duplicado"}, want: superOnly(200)},
	"POST /api/tournaments/{id}/close":                    {path: "/api/tournaments/{tournament}/close", want: managers(200)},
	"POST /api/tournaments/{id}/join":                     {path: "/api/tournaments/{tournament}/join", want: withActor(signedIn(200), "referee", 409)},
	"POST /api/tournaments/{id}/leave":                    {path: "/api/tournaments/{joined_tournament}/leave", want: signedIn(204)},
	"POST /api/tournaments/{id}/requests/{user}/approve":  {path: "/api/tournaments/{private_tournament}/requests/{requester}/approve", want: managers(204)},
	"POST /api/tournaments/{id}/requests/{user}/decline":  {path: "/api/tournaments/{private_tournament}/requests/{requester}/decline", want: managers(204)},
	"PUT /api/tournaments/{id}/players/{user}/status":     {path: "/api/tournaments/{tournament}/players/{player}/status", body: map[string]any{"status": "paused"}, want: playerManagers(204)},
	"DELETE /api/tournaments/{id}/players/{user}":         {path: "/api/tournaments/{tournament}/players/{player}", want: playerManagers(204)},
	"POST /api/tournaments/{id}/players/{user}/referee":   {path: "/api/tournaments/{tournament}/players/{player}/referee", body: map[string]any{"replace": true}, want: managers(204)},
	"DELETE /api/tournaments/{id}/players/{user}/referee": {path: "/api/tournaments/{tournament}/players/{referee}/referee", want: managers(204)},
	"POST /api/tournaments/{id}/shuffle":                  {path: "/api/tournaments/{tournament}/shuffle", want: managers(204)},
	// Private standings: members, the creator, admins and super admins.
	"GET /api/tournaments/{id}/standings":    {path: "/api/tournaments/{private_tournament}/standings", want: privateView()},
	"GET /api/tournaments/{id}/participants": {path: "/api/tournaments/{private_tournament}/participants", want: privateView()},
	"GET /api/tournaments/{id}/statistics":   {path: "/api/tournaments/{private_tournament}/statistics", want: privateView()},
	"POST /api/tournaments/{id}/image":       {path: "/api/tournaments/{tournament}/image", photo: true, want: managers(200)},
	"GET /api/tournaments/{id}/image":        {path: "/api/tournaments/{imaged_tournament}/image", want: all(200)},
	// Challenges and matches: the player actor is the one challenged, the challenger, or a player
	// of the match (see challengePlaceholders); super admins see every challenge and validate.
	"GET /api/challenges":              {path: "/api/challenges?box=all&status=all", want: signedIn(200)},
	"POST /api/challenges":             {path: "/api/challenges", body: `{"tournament_id": {challenge_tournament}, "opponent_id": {opponent}, "times": ["{future}"]}`, want: only("player", 201, 409)},
	"GET /api/challenges/suggestions":  {path: "/api/challenges/suggestions?opponent_id={target}", want: signedIn(200)},
	"GET /api/challenges/{id}":         {path: "/api/challenges/{challenge_received}", want: seeChallenge(200)},
	"POST /api/challenges/{id}/accept": {path: "/api/challenges/{challenge_received}/accept", body: `{"time": "{future}"}`, want: answerChallenge(200)},
	"POST /api/challenges/{id}/reject": {path: "/api/challenges/{challenge_received}/reject", want: answerChallenge(204)},
	"POST /api/challenges/{id}/cancel": {path: "/api/challenges/{challenge_sent}/cancel", want: answerChallenge(204)},
	"GET /api/matches":                 {path: "/api/matches?scope=validation", want: signedIn(200)},
	"GET /api/matches/{id}":            {path: "/api/matches/{match}", want: seeMatch(200, 200)},
	"POST /api/matches/{id}/time":      {path: "/api/matches/{match}/time", body: `{"time": "{future}", "court": "2"}`, want: seeMatch(200, 403)},
	"POST /api/matches/{id}/result":    {path: "/api/matches/{match}/result", body: `{"score": "6-4 6-4", "played_on": "{today}"}`, want: seeMatch(200, 403)},
	"POST /api/matches/{id}/confirm":   {path: "/api/matches/{reported_match}/confirm", want: seeMatch(200, 403)},
	"POST /api/matches/{id}/dispute":   {path: "/api/matches/{reported_match}/dispute", body: `{"reason": "não"}`, want: seeMatch(200, 403)},
	"POST /api/matches/{id}/validate":  {path: "/api/matches/{reported_match}/validate", body: `{"approve": true}`, want: validators(200)},
	"POST /api/matches/{id}/cancel":    {path: "/api/matches/{match}/cancel", want: seeMatch(204, 204)},
	// Administration (#12): the system logs and the admin panel are super admins'.
	"GET /api/admin/audit":    {path: "/api/admin/audit?action=club.&limit=5", want: superOnly(200)},
	"GET /api/admin/system":   {path: "/api/admin/system", want: superOnly(200)},
	"POST /api/admin/cleanup": {path: "/api/admin/cleanup", want: superOnly(200)},
	// Deletion requests and the players panel (issue 12).
	"GET /api/admin/deletions":               {path: "/api/admin/deletions", want: superOnly(200)},
	"POST /api/admin/deletions":              {path: "/api/admin/deletions", body: `{"email": "{deletable_email}", "reason": "pedido escrito"}`, want: superButRoot(201)},
	"POST /api/admin/deletions/{id}/approve": {path: "/api/admin/deletions/{pending_deletion}/approve", want: rootDecides(200)},
	"POST /api/admin/deletions/{id}/decline": {path: "/api/admin/deletions/{pending_deletion}/decline", want: rootDecides(200)},
	"GET /api/profile/deletion":              {path: "/api/profile/deletion", want: signedIn(200)},
	"POST /api/profile/deletion":             {path: "/api/profile/deletion", body: map[string]any{"reason": ""}, want: withActor(signedIn(201), "root", 403)},
	"GET /api/admin/players-panel":           {path: "/api/admin/players-panel?sort=win_rate&q=a", want: superOnly(200)},
	// The development identity provider (dev mode only) answers everyone alike.
	"GET /dev/oidc/.well-known/openid-configuration": {path: "/dev/oidc/.well-known/openid-configuration", want: all(200)},
	"GET /dev/oidc/jwks":                             {path: "/dev/oidc/jwks", want: all(200)},
	"GET /dev/oidc/authorize":                        {path: "/dev/oidc/authorize", want: all(400)},
	"POST /dev/oidc/authorize":                       {path: "/dev/oidc/authorize", want: all(400)},
	"POST /dev/oidc/token":                           {path: "/dev/oidc/token", want: all(400)},
	"GET /dev/oidc/userinfo":                         {path: "/dev/oidc/userinfo", want: all(401)},
	"POST /dev/oidc/userinfo":                        {path: "/dev/oidc/userinfo", want: all(401)},
}

// cacheable are the API routes whose answers may be kept (they set their own Cache-Control);
// every other /api answer may depend on the session and is never stored.
var cacheable = map[string]bool{
	"GET /api/geo/districts": true, "GET /api/docs": true, "GET /api/users/{id}/photo": true,
	"GET /api/clubs/{id}/image": true, "GET /api/tournaments/{id}/image": true,
}

func withActor(m map[string]int, actor string, code int) map[string]int {
	m[actor] = code
	return m
}

// only: the actor gets code, every other signed-in actor other, visitors 401.
func only(actor string, code, other int) map[string]int {
	m := signedIn(other)
	m[actor] = code
	return m
}

// seeChallenge: its player and super admins see it; others are told it does not exist.
func seeChallenge(code int) map[string]int {
	m := only("player", code, 404)
	m["superadmin"], m["root"] = code, code
	return m
}

// answerChallenge: only its player; super admins see it but may not answer for them.
func answerChallenge(code int) map[string]int {
	m := seeChallenge(403)
	m["player"] = code
	return m
}

// seeMatch: the match's player gets code; those who run the tournament (creator, referee,
// super admins) see it and get staff; admins are outsiders.
func seeMatch(code, staff int) map[string]int {
	m := only("player", code, 404)
	m["creator"], m["referee"], m["superadmin"], m["root"] = staff, staff, staff, staff
	return m
}

// validators: the referee and super admins; the creator does not when there is a referee.
func validators(code int) map[string]int {
	m := seeMatch(403, code)
	m["creator"] = 403
	return m
}

func privateView() map[string]int {
	m := all(200)
	m["visitor"], m["player"] = 403, 403
	return m
}

func TestAuthorizationMatrix(t *testing.T) {
	storetest.ForEachDialect(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		// Dev mode: the development identity provider's routes exist too.
		l := newLive(t, db, func(c *config.Config) { c.Dev = true; c.OIDCClientID = "" })
		svc := l.srv.svc
		sessions := map[string]string{"visitor": ""}
		userIDs := map[string]int64{}
		owner := store.User{Email: "owner@ladder.test", Role: "player"}
		if err := db.Tx(ctx, func(tx *store.Tx) error { return db.InsertUser(ctx, tx, &owner) }); err != nil {
			t.Fatal(err)
		}
		if _, err := svc.SetPhoto(ctx, service.Current{User: owner, Actor: svc.ActorFor(owner)}, bytes.NewReader(tinyPNG(t))); err != nil {
			t.Fatal(err)
		}
		for _, a := range []struct{ name, email, role string }{
			{"player", "p@ladder.test", "player"}, {"admin", "a@ladder.test", "admin"},
			{"superadmin", "s@ladder.test", "superadmin"}, {"root", testRoot, "superadmin"},
			{"creator", "c@ladder.test", "player"}, {"referee", "r@ladder.test", "player"},
		} {
			u := store.User{Email: a.email, Role: a.role}
			if err := db.Tx(ctx, func(tx *store.Tx) error { return db.InsertUser(ctx, tx, &u) }); err != nil {
				t.Fatal(err)
			}
			_, token, err := svc.SignIn(ctx, service.Identity{Issuer: "test", Subject: a.email, Email: a.email, EmailVerified: true}, "test", "127.0.0.1")
			if err != nil {
				t.Fatal(err)
			}
			sessions[a.name] = token
			userIDs[a.name] = u.ID
		}
		routes := l.srv.Routes()
		targets := 0
		for _, rt := range routes {
			key := rt.Method + " " + rt.Path
			row, ok := matrix[key]
			if !ok {
				t.Errorf("route %q has no row in the authorization matrix", key)
				continue
			}
			for _, actor := range actors {
				path := row.path
				if strings.Contains(path, "{target}") {
					targets++ // one fresh account per row and actor (route keys may share a length)
					target := store.User{Email: fmt.Sprintf("target-%s-%d@ladder.test", actor, targets), Role: "player"}
					if err := db.Tx(ctx, func(tx *store.Tx) error { return db.InsertUser(ctx, tx, &target) }); err != nil {
						t.Fatal(err)
					}
					path = strings.ReplaceAll(path, "{target}", fmt.Sprint(target.ID))
				}
				path = strings.ReplaceAll(path, "{photo_owner}", fmt.Sprint(owner.ID))
				path = clubPlaceholders(t, db, svc, owner, userIDs[actor], path)
				path = clubMemberPlaceholders(t, db, svc, owner, actor, userIDs[actor], path)
				path = tournamentPlaceholders(t, db, svc, owner, actor, userIDs[actor], path)
				path = deletionPlaceholders(t, db, userIDs, path)
				path = messagePlaceholders(t, db, svc, userIDs[actor], path)
				// Bodies given as JSON text may hold placeholders too.
				body := row.body
				if text, ok := row.body.(string); ok {
					filled := messagePlaceholders(t, db, svc, userIDs[actor], peoplePlaceholders(t, db, challengePlaceholders(t, db, svc, owner, actor, userIDs, deletionPlaceholders(t, db, userIDs, path+"\x00"+text))))
					path, text, _ = strings.Cut(filled, "\x00")
					body = json.RawMessage(text)
				} else {
					path = peoplePlaceholders(t, db, challengePlaceholders(t, db, svc, owner, actor, userIDs, path))
				}
				if strings.Contains(path, "{my_notification}") {
					var nid int64 = 999999
					if id := userIDs[actor]; id != 0 {
						n := store.Notification{UserID: id, Type: "admin_action", TitleKey: "welcome.title", MessageKey: "welcome.message"}
						if err := db.Tx(ctx, func(tx *store.Tx) error { return db.InsertNotification(ctx, tx, &n) }); err != nil {
							t.Fatal(err)
						}
						nid = n.ID
					}
					path = strings.ReplaceAll(path, "{my_notification}", fmt.Sprint(nid))
				}
				method := rt.Method
				if method == "" {
					method = "GET"
				}
				hdr := []string{}
				if sessions[actor] != "" {
					hdr = append(hdr, "Cookie", "ladder_session="+sessions[actor])
				}
				for k, v := range row.hdr {
					hdr = append(hdr, k, v)
				}
				var r resp
				if row.photo {
					r = l.browser().upload(path, tinyPNG(t), hdr...)
				} else {
					r = l.browser().do(method, path, body, hdr...)
				}
				if cc := r.hdr.Get("Cache-Control"); strings.HasPrefix(rt.Path, "/api/") && !cacheable[key] && !strings.Contains(cc, "no-store") {
					t.Errorf("%s as %s: Cache-Control %q, want no-store", key, actor, cc)
				}
				if r.code != row.want[actor] {
					t.Errorf("%s as %s: got %d, want %d (%s)", key, actor, r.code, row.want[actor], strings.TrimSpace(r.body)[:min(len(strings.TrimSpace(r.body)), 700)])
				}
				checkAudited(t, db, key, actor, userIDs[actor], r) // audit_coverage_test.go
				if row.want[actor] == 204 && (key == "POST /api/logout" || key == "GET /api/logout") && sessions[actor] != "" {
					// Logging out revoked that session: sign the actor in again for the next rows.
					u, _ := svc.UserByEmail(ctx, map[string]string{"player": "p@ladder.test", "admin": "a@ladder.test", "superadmin": "s@ladder.test", "root": testRoot,
						"creator": "c@ladder.test", "referee": "r@ladder.test"}[actor])
					_, token, err := svc.SignIn(ctx, service.Identity{Issuer: "test", Subject: u.Email, Email: u.Email, EmailVerified: true}, "test", "127.0.0.1")
					if err != nil {
						t.Fatal(err)
					}
					sessions[actor] = token
				}
			}
		}
		for key := range matrix {
			found := false
			for _, rt := range routes {
				found = found || rt.Method+" "+rt.Path == key
			}
			if !found {
				t.Errorf("matrix row %q matches no route: remove it", key)
			}
		}
	})
}
