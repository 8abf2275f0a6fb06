package auth

import (
	"encoding/json"
	"testing"
)

func claimsOf(t *testing.T, raw string) profileClaims {
	t.Helper()
	var c profileClaims
	if err := json.Unmarshal([]byte(raw), &c); err != nil {
		t.Fatal(err)
	}
	return c
}

func TestEmailVerifiedIsExplicit(t *testing.T) {
	for raw, want := range map[string]string{
		`{}`:                         "missing",
		`{"email_verified":null}`:    "missing",
		`{"email_verified":"yes"}`:   "missing",
		`{"email_verified":1}`:       "missing",
		`{"email_verified":false}`:   "false",
		`{"email_verified":"false"}`: "false",
		`{"email_verified":true}`:    "true",
		`{"email_verified":"true"}`:  "true",
	} {
		got := "missing"
		if v := claimsOf(t, raw).verified(); v != nil && *v {
			got = "true"
		} else if v != nil {
			got = "false"
		}
		if got != want {
			t.Errorf("%s: %s, want %s", raw, got, want)
		}
	}
}

func TestMergeUserInfo(t *testing.T) {
	ui := claimsOf(t, `{"sub":"s","email":"Ana@Example.pt","email_verified":true,"given_name":"Ana","family_name":"Lopes","picture":"https://p"}`)
	for _, c := range []struct {
		name, token string
		email       string
		verified    bool
		given       string
	}{
		{"token has nothing", `{}`, "Ana@Example.pt", true, "Ana"},
		{"verification of the same address", `{"email":"ana@example.pt","name":"A. L."}`, "ana@example.pt", true, ""},
		{"verification of another address proves nothing", `{"email":"other@example.pt"}`, "other@example.pt", false, "Ana"},
		{"the token's own false stays", `{"email":"ana@example.pt","email_verified":false}`, "ana@example.pt", false, "Ana"},
	} {
		tok := claimsOf(t, c.token)
		got, v := merge(tok, tok.verified(), ui)
		if got.Email != c.email || (v != nil && *v) != c.verified || got.GivenName != c.given {
			t.Errorf("%s: %+v verified %v", c.name, got, v)
		}
	}
}
