package httpapi

import (
	"context"
	"encoding/json"
	"fmt"
	"sync"
	"testing"

	"github.com/tennisladder/ladder/internal/service"
	"github.com/tennisladder/ladder/internal/store"
	"github.com/tennisladder/ladder/internal/store/storetest"
)

// The members list carries the caller's can_* flags, and two administrators demoting each other
// through the API at the same moment leave the club with one administrator: one request gets
// 204, the other 409 with the translated reason.
func TestClubAdministratorsOverHTTP(t *testing.T) {
	storetest.ForEachDialect(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		l := newLive(t, db, nil)
		svc := l.srv.svc
		cookie := map[string]string{}
		users := map[string]store.User{}
		for _, name := range []string{"ana", "rui", "eva", "super"} {
			email := name + "@ladder.test"
			u, token, err := svc.SignIn(ctx, service.Identity{Issuer: "test", Subject: name, Email: email, EmailVerified: true}, "test", "127.0.0.1")
			if err != nil {
				t.Fatal(err)
			}
			cookie[name], users[name] = "ladder_session="+token, u
		}
		if err := db.Tx(ctx, func(tx *store.Tx) error {
			_, err := db.SetUserRole(ctx, tx, users["super"].ID, "player", "superadmin")
			return err
		}); err != nil {
			t.Fatal(err)
		}
		cur := func(name string) service.Current {
			u, _ := db.UserByID(ctx, nil, users[name].ID)
			return service.Current{User: u, Actor: svc.ActorFor(u)}
		}
		c, err := svc.ProposeClub(ctx, cur("ana"), service.ClubInput{Name: "Clube HTTP"})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := svc.DecideClub(ctx, cur("super"), c.ID, true, ""); err != nil {
			t.Fatal(err)
		}
		base := fmt.Sprintf("/api/clubs/%d", c.ID)
		b := l.browser()
		for _, who := range []string{"rui", "eva"} {
			if r := b.do("POST", base+"/join", nil, "Cookie", cookie[who]); r.code != 204 {
				t.Fatalf("join: %d %s", r.code, r.body)
			}
		}
		role := func(who, target, to string) resp {
			return b.do("PUT", fmt.Sprintf("%s/members/%d/role", base, users[target].ID), map[string]string{"role": to}, "Cookie", cookie[who], "Accept-Language", "en")
		}
		if r := role("eva", "rui", "administrator"); r.code != 403 {
			t.Fatalf("member appointed: %d %s", r.code, r.body)
		}
		if r := role("ana", "rui", "administrator"); r.code != 204 {
			t.Fatalf("appoint: %d %s", r.code, r.body)
		}
		var detail struct {
			CanLeave         bool   `json:"can_leave"`
			CanManageMembers bool   `json:"can_manage_members"`
			LeaveRefusal     string `json:"leave_refusal"`
			Members          []struct {
				UserID         int64 `json:"user_id"`
				CanMakeAdmin   bool  `json:"can_make_admin"`
				CanRemoveAdmin bool  `json:"can_remove_admin"`
				CanRemove      bool  `json:"can_remove"`
			} `json:"members"`
		}
		r := b.do("GET", base, nil, "Cookie", cookie["rui"])
		if err := json.Unmarshal([]byte(r.body), &detail); err != nil || r.code != 200 {
			t.Fatalf("detail: %d %s", r.code, r.body)
		}
		flags := map[int64]string{}
		for _, m := range detail.Members {
			flags[m.UserID] = fmt.Sprint(m.CanMakeAdmin, m.CanRemoveAdmin, m.CanRemove)
		}
		if !detail.CanManageMembers || !detail.CanLeave || flags[users["ana"].ID] != "false true true" ||
			flags[users["eva"].ID] != "true false true" || flags[users["rui"].ID] != "false false false" {
			t.Fatalf("rui's flags: %+v", detail)
		}

		// Ana and Rui demote each other at the same moment.
		var wg sync.WaitGroup
		start := make(chan struct{})
		got := make([]resp, 2)
		for i, p := range [][2]string{{"ana", "rui"}, {"rui", "ana"}} {
			wg.Add(1)
			go func() {
				defer wg.Done()
				<-start
				got[i] = role(p[0], p[1], "member")
			}()
		}
		close(start)
		wg.Wait()
		// The second to go is no longer an administrator: refused.
		codes := map[int]int{}
		for _, r := range got {
			codes[r.code]++
		}
		admins, _ := db.ClubAdministrators(ctx, nil, c.ID)
		if codes[204] != 1 || codes[403] != 1 || len(admins) != 1 {
			t.Fatalf("concurrent demotions: %v, %d administrators", codes, len(admins))
		}
		// Not even a super admin demotes the last administrator; the reason is translated.
		last := map[int64]string{users["ana"].ID: "ana", users["rui"].ID: "rui"}[admins[0]]
		if r := role("super", last, "member"); r.code != 409 || r.problem(t).Code != "club.last_admin_other" ||
			r.problem(t).Message != "This is the club's only administrator: appoint another administrator first." {
			t.Fatalf("last admin demoted: %d %s", r.code, r.body)
		}
		// The remaining administrator sees why they may not leave, and removes Eva.
		r = b.do("GET", base, nil, "Cookie", cookie[last])
		_ = json.Unmarshal([]byte(r.body), &detail)
		if detail.CanLeave || detail.LeaveRefusal != "club.last_admin" {
			t.Fatalf("last admin's leave: %+v", detail)
		}
		remove := func(who, target string) resp {
			return b.do("DELETE", fmt.Sprintf("%s/members/%d", base, users[target].ID), nil, "Cookie", cookie[who])
		}
		if r := remove("eva", last); r.code != 403 {
			t.Fatalf("member removed the admin: %d %s", r.code, r.body)
		}
		if r := remove(last, "eva"); r.code != 204 {
			t.Fatalf("remove: %d %s", r.code, r.body)
		}
		if r := remove(last, "eva"); r.code != 404 || r.problem(t).Code != "club.member_not_found" {
			t.Fatalf("removed twice: %d %s", r.code, r.body)
		}
	})
}
