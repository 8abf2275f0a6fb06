package httpapi

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/tennisladder/ladder/internal/config"
	"github.com/tennisladder/ladder/internal/store/storetest"
)

// With LADDER_METRICS_TOKEN, /metrics wants the token; with LADDER_METRICS_LISTEN, the metrics
// leave the application's address for their own.
func TestMetricsRestricted(t *testing.T) {
	db := storetest.NewTestSQLite(t)
	l := newLive(t, db, func(c *config.Config) { c.MetricsToken = "s3cret-token" })
	b := l.browser()
	for _, hdr := range [][]string{nil, {"Authorization", "Bearer wrong"}, {"Authorization", "s3cret-token"}} {
		r := b.do("GET", "/metrics", nil, hdr...)
		if r.code != http.StatusUnauthorized || r.hdr.Get("WWW-Authenticate") == "" || r.problem(t).Code != "metrics.token_required" {
			t.Errorf("%v: got %d %s", hdr, r.code, r.body)
		}
	}
	r := b.do("GET", "/metrics", nil, "Authorization", "Bearer s3cret-token")
	if r.code != http.StatusOK || !strings.Contains(r.body, "ladder_http_requests_total") {
		t.Fatalf("with the token: %d %.200s", r.code, r.body)
	}

	l = newLive(t, db, func(c *config.Config) { c.MetricsListen = "127.0.0.1:0"; c.MetricsToken = "s3cret-token" })
	if r := l.browser().do("GET", "/metrics", nil, "Authorization", "Bearer s3cret-token"); r.code != http.StatusNotFound {
		t.Fatalf("on the app's address: %d", r.code)
	}
	ms := httptest.NewServer(l.srv.MetricsHandler())
	defer ms.Close()
	for token, want := range map[string]int{"": 401, "Bearer s3cret-token": 200} {
		req, _ := http.NewRequest("GET", ms.URL+"/metrics", nil)
		if token != "" {
			req.Header.Set("Authorization", token)
		}
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if res.StatusCode != want {
			t.Errorf("metrics address with %q: %d, want %d", token, res.StatusCode, want)
		}
	}
}
