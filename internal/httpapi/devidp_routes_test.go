package httpapi

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/tennisladder/ladder/internal/config"
	"github.com/tennisladder/ladder/internal/store/storetest"
)

// Every endpoint the development provider advertises is routed to it (not to the web app):
// strict clients ask userinfo for email and names.
func TestDevIdPAdvertisedEndpoints(t *testing.T) {
	l := newLive(t, storetest.NewTestSQLite(t), func(c *config.Config) { c.Dev = true; c.OIDCClientID = "" })
	b := l.browser()
	r := b.do("GET", "/dev/oidc/.well-known/openid-configuration", nil)
	var d map[string]any
	if r.code != 200 || json.Unmarshal([]byte(r.body), &d) != nil {
		t.Fatalf("discovery: %d %s", r.code, r.body)
	}
	for _, k := range []string{"userinfo_endpoint", "jwks_uri"} {
		u, _ := d[k].(string)
		if !strings.HasPrefix(u, l.ts.URL+"/dev/oidc/") {
			t.Fatalf("%s: %q", k, u)
		}
		for _, m := range []string{"GET", "POST"} {
			if k == "jwks_uri" && m == "POST" {
				continue
			}
			r := b.do(m, u, nil, "Authorization", "Bearer unknown")
			var body map[string]any
			if json.Unmarshal([]byte(r.body), &body) != nil || r.code == 200 && k == "userinfo_endpoint" {
				t.Fatalf("%s %s (%s): %d %s", m, k, u, r.code, r.body)
			}
			if k == "userinfo_endpoint" && (r.code != 401 || body["error"] != "invalid_token") {
				t.Fatalf("%s userinfo with an unknown token: %d %s", m, r.code, r.body)
			}
		}
	}
}
