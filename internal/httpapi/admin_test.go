package httpapi

import (
	"context"
	"encoding/json"
	"fmt"
	"net/url"
	"testing"

	"github.com/tennisladder/ladder/internal/store"
	"github.com/tennisladder/ladder/internal/store/storetest"
)

type adminPlayerDetail struct {
	AdminPlayerView
	Clubs       []adminMembershipView `json:"clubs"`
	Tournaments []adminEntryView      `json:"tournaments"`
}

// Role and status changes from the players admin list, by actor (SPEC §6, §8): the flags the
// detail gives are exactly what the server then does, and each refusal has its SPEC §8 text.
func TestAdminAccountActionsByActor(t *testing.T) {
	storetest.ForEachDialect(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		l := newLive(t, db, nil)
		browsers := map[string]*browser{"admin": l.browser(), "superadmin": l.browser(), "root": l.browser()}
		for name, b := range browsers {
			email := name + "@ladder.test"
			if name == "root" {
				email = testRoot
			}
			u := b.signIn(email)
			if name != "root" {
				if _, err := setRole(ctx, db, u.ID, "player", name); err != nil {
					t.Fatal(err)
				}
			}
		}
		type act struct {
			flag string // can_* flag of the detail
			path string // role or status
			body map[string]string
		}
		setPlayer := act{"can_set_player", "role", map[string]string{"role": "player"}}
		setAdmin := act{"can_set_admin", "role", map[string]string{"role": "admin"}}
		suspend := act{"can_suspend", "status", map[string]string{"status": "suspended"}}
		reactivate := act{"can_reactivate", "status", map[string]string{"status": "active"}}
		cases := []struct {
			actor, role, status string
			a                   act
			code                int
			problem             string
		}{
			{"admin", "player", "active", suspend, 200, ""},
			{"admin", "player", "suspended", reactivate, 200, ""},
			{"admin", "player", "active", setAdmin, 403, "role.admin_only_player"},
			{"admin", "admin", "active", setPlayer, 403, "role.admin_cannot_alter_admins"},
			{"admin", "admin", "active", suspend, 403, "role.admin_cannot_alter_admins"},
			{"admin", "superadmin", "active", suspend, 403, "role.admin_cannot_alter_admins"},
			{"superadmin", "player", "active", setAdmin, 200, ""},
			{"superadmin", "admin", "active", setPlayer, 200, ""},
			{"superadmin", "admin", "active", suspend, 200, ""},
			{"superadmin", "superadmin", "active", setPlayer, 403, "role.only_root_superadmins"},
			{"superadmin", "superadmin", "active", suspend, 403, "role.only_root_superadmins"},
			{"root", "superadmin", "active", setAdmin, 200, ""},
			{"root", "superadmin", "active", suspend, 200, ""},
		}
		for i, c := range cases {
			name := fmt.Sprintf("%s %s(%s) %s", c.actor, c.role, c.status, c.a.body)
			target := store.User{Email: fmt.Sprintf("target%d@ladder.test", i), FirstName: "Alvo", Role: c.role, Status: c.status}
			if err := db.Tx(ctx, func(tx *store.Tx) error { return db.InsertUser(ctx, tx, &target) }); err != nil {
				t.Fatal(err)
			}
			b := browsers[c.actor]
			r := b.do("GET", fmt.Sprintf("/api/admin/players/%d", target.ID), nil)
			var flags map[string]any
			if r.code != 200 || json.Unmarshal([]byte(r.body), &flags) != nil {
				t.Fatalf("%s: detail %d %s", name, r.code, r.body)
			}
			r = b.do("PUT", fmt.Sprintf("/api/users/%d/%s", target.ID, c.a.path), c.a.body, "Accept-Language", "en")
			if r.code != c.code {
				t.Errorf("%s: got %d want %d (%s)", name, r.code, c.code, r.body)
				continue
			}
			if flags[c.a.flag] != (c.code == 200) {
				t.Errorf("%s: %s = %v but the server answered %d", name, c.a.flag, flags[c.a.flag], r.code)
			}
			if c.problem != "" {
				if p := r.problem(t); p.Code != c.problem || p.Message == "" {
					t.Errorf("%s: problem %q %q, want %q", name, p.Code, p.Message, c.problem)
				}
			}
		}
		// Nobody acts on root, and root is shown as such.
		var rootView adminPlayerDetail
		rootU, err := db.UserByEmail(ctx, nil, testRoot)
		if err != nil {
			t.Fatal(err)
		}
		r := browsers["superadmin"].do("GET", fmt.Sprintf("/api/admin/players/%d", rootU.ID), nil)
		if err := json.Unmarshal([]byte(r.body), &rootView); err != nil || !rootView.IsRoot || rootView.CanSuspend || rootView.CanSetPlayer {
			t.Fatalf("root as seen by a super admin: %s", r.body)
		}
	})
}

// The players list filters and pages through the API; the detail lists clubs, tournaments and
// the last sign-in; suspension from the list ends the player's sessions.
func TestAdminPlayersAPI(t *testing.T) {
	storetest.ForEachDialect(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		l := newLive(t, db, nil)
		admin := l.browser()
		av := admin.signIn("admin@ladder.test")
		if _, err := setRole(ctx, db, av.ID, "player", "admin"); err != nil {
			t.Fatal(err)
		}
		ines := l.browser()
		iv := ines.signIn("ines@ladder.test")
		if err := db.Tx(ctx, func(tx *store.Tx) error {
			_, err := tx.ExecContext(ctx, db.R.Rebind(`UPDATE users SET first_name = 'Inês', last_name = 'Conceição', search_key = 'ines conceicao' WHERE id = ?`), iv.ID)
			return err
		}); err != nil {
			t.Fatal(err)
		}
		var page struct {
			Items      []AdminPlayerView `json:"items"`
			NextCursor string            `json:"next_cursor"`
		}
		r := admin.do("GET", "/api/admin/players?q="+url.QueryEscape("INES concei"), nil)
		if err := json.Unmarshal([]byte(r.body), &page); err != nil || len(page.Items) != 1 || page.Items[0].ID != iv.ID || !page.Items[0].CanSuspend {
			t.Fatalf("search: %d %s", r.code, r.body)
		}
		r = admin.do("GET", "/api/admin/players?role=admin", nil)
		if err := json.Unmarshal([]byte(r.body), &page); err != nil || len(page.Items) != 1 || page.Items[0].ID != av.ID {
			t.Fatalf("role filter: %s", r.body)
		}
		r = admin.do("GET", "/api/admin/players?limit=1", nil)
		if err := json.Unmarshal([]byte(r.body), &page); err != nil || len(page.Items) != 1 || page.NextCursor == "" {
			t.Fatalf("first page: %s", r.body)
		}
		first := page.Items[0].ID
		r = admin.do("GET", "/api/admin/players?limit=1&cursor="+url.QueryEscape(page.NextCursor), nil)
		if err := json.Unmarshal([]byte(r.body), &page); err != nil || len(page.Items) != 1 || page.Items[0].ID == first {
			t.Fatalf("second page: %s", r.body)
		}
		if r := admin.do("GET", "/api/admin/players?status=gone", nil); r.code != 422 {
			t.Fatalf("bad status filter: %d", r.code)
		}
		var d adminPlayerDetail
		r = admin.do("GET", fmt.Sprintf("/api/admin/players/%d", iv.ID), nil)
		if err := json.Unmarshal([]byte(r.body), &d); err != nil || d.LastSignInAt == nil || d.DisplayName != "Inês Conceição" ||
			d.Clubs == nil || d.Tournaments == nil {
			t.Fatalf("detail: %s", r.body)
		}
		if r := admin.do("GET", "/api/admin/players/999999", nil); r.code != 404 {
			t.Fatalf("missing player: %d", r.code)
		}
		if r := ines.do("GET", "/api/users/me", nil); r.code != 200 {
			t.Fatalf("before suspension: %d", r.code)
		}
		if r := admin.do("PUT", fmt.Sprintf("/api/users/%d/status", iv.ID), map[string]string{"status": "suspended"}); r.code != 200 {
			t.Fatalf("suspend: %d %s", r.code, r.body)
		}
		if r := ines.do("GET", "/api/users/me", nil); r.code != 401 {
			t.Fatalf("a suspended player's session still works: %d", r.code)
		}
	})
}

func setRole(ctx context.Context, db *store.DB, id int64, from, to string) (bool, error) {
	var ok bool
	err := db.Tx(ctx, func(tx *store.Tx) error {
		var err error
		ok, err = db.SetUserRole(ctx, tx, id, from, to)
		return err
	})
	return ok, err
}
