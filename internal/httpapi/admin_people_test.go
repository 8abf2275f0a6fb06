package httpapi

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/tennisladder/ladder/internal/store"
	"github.com/tennisladder/ladder/internal/store/storetest"
)

// Through the HTTP API: the transfer's refusals in the request's language with the SPEC's texts,
// a transfer, its history, and the source's browser signed out and refused at its next sign-in.
func TestTransferOverHTTP(t *testing.T) {
	storetest.ForEachDialect(t, func(t *testing.T, db *store.DB) {
		l := newLive(t, db, nil)
		root := l.browser()
		root.signIn(testRoot)
		src, dst := l.browser(), l.browser()
		src.signIn("origem@example.pt")
		dst.signIn("destino@example.pt")
		body := map[string]any{"source_email": "origem@example.pt", "target_email": "destino@example.pt", "reason": "duplicada",
			"identity_verified": true, "irreversible_understood": true, "user_informed": false}

		r := root.do("POST", "/api/admin/transfers", map[string]any{"source_email": "origem@example.pt"}, "Accept-Language", "pt")
		if p := r.problem(t); r.code != 422 || p.Message != "Por favor, preencha todos os campos obrigatórios." {
			t.Fatalf("fields missing: %d %s", r.code, r.body)
		}
		r = root.do("POST", "/api/admin/transfers", body, "Accept-Language", "pt")
		if p := r.problem(t); r.code != 422 || p.Message != "Por favor, confirme todas as verificações antes de prosseguir." {
			t.Fatalf("checks missing: %d %s", r.code, r.body)
		}
		body["user_informed"] = true
		if r = dst.do("POST", "/api/admin/transfers", body); r.code != 403 {
			t.Fatalf("a player transfers: %d", r.code)
		}
		if r = root.do("POST", "/api/admin/transfers", body, "Accept-Language", "en"); r.code != 201 {
			t.Fatalf("transfer: %d %s", r.code, r.body)
		}
		r = root.do("GET", "/api/admin/transfers?limit=1", nil)
		var page struct {
			Items []transferView `json:"items"`
		}
		if err := json.Unmarshal([]byte(r.body), &page); err != nil || len(page.Items) != 1 || page.Items[0].SourceEmail != "origem@example.pt" {
			t.Fatalf("history: %s", r.body)
		}
		if r = src.do("GET", "/api/users/me", nil); r.code != 401 {
			t.Fatalf("the source is still signed in: %d", r.code)
		}
		code, state := src.startSignIn("origem@example.pt")
		r = src.do("POST", "/api/sessions", map[string]string{"code": code, "state": state}, "Accept-Language", "en")
		if p := r.problem(t); r.code != 403 || p.Code != "auth.transferred" || !strings.Contains(p.Message, "transferred") {
			t.Fatalf("sign-in of the source: %d %s", r.code, r.body)
		}
		r = root.do("POST", "/api/admin/transfers", body, "Accept-Language", "en")
		if p := r.problem(t); r.code != 403 || p.Code != "transfer.source_deactivated" {
			t.Fatalf("second transfer: %d %s", r.code, r.body)
		}
	})
}
