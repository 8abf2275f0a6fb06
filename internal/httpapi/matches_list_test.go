package httpapi

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http/httptest"
	"testing"

	"github.com/tennisladder/ladder/internal/seed"
	"github.com/tennisladder/ladder/internal/service"
)

// GET /api/matches reads the tournament facts once per tournament instead of each match again;
// every item must still say exactly what GET /api/matches/{id} says of that match, for players,
// referees, creators and super admins, in both scopes. Run by TestDemoReads.
func checkMatchListAgrees(t *testing.T, svc *service.Service, s *Server) {
	ctx := context.Background()
	{
		get := func(token, path string, into any) {
			t.Helper()
			r := httptest.NewRequest("GET", path, nil)
			r.Header.Set("Cookie", "ladder_session="+token)
			w := httptest.NewRecorder()
			s.ServeHTTP(w, r)
			if w.Code != 200 {
				t.Fatalf("%s: %d %s", path, w.Code, w.Body)
			}
			if err := json.Unmarshal(w.Body.Bytes(), into); err != nil {
				t.Fatal(err)
			}
		}
		compared := 0
		for i, a := range seed.DemoAccounts {
			if i >= 8 {
				break
			}
			_, token, err := svc.SignIn(ctx, service.Identity{Issuer: "test", Subject: fmt.Sprint(i), Email: a.Email, EmailVerified: true}, "test", "127.0.0.1")
			if err != nil {
				t.Fatal(err)
			}
			for _, scope := range []string{"", "validation"} {
				var list struct{ Items []map[string]any }
				get(token, "/api/matches?limit=50&scope="+scope, &list)
				for _, item := range list.Items {
					var one map[string]any
					get(token, fmt.Sprintf("/api/matches/%v", item["id"]), &one)
					delete(item, "can_cancel_until") // times relative to the moment of each answer
					delete(one, "can_cancel_until")
					a, _ := json.Marshal(item)
					b, _ := json.Marshal(one)
					if string(a) != string(b) {
						t.Fatalf("match %v, scope %q: list item\n%s\nGET of the match\n%s", item["id"], scope, a, b)
					}
					compared++
				}
			}
		}
		if compared == 0 {
			t.Fatal("no match listed for any demo account: nothing compared")
		}
	}
}
