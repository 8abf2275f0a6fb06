package httpapi

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"io"
	"mime/multipart"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/tennisladder/ladder/internal/auth/devidp"
	"github.com/tennisladder/ladder/internal/config"
	"github.com/tennisladder/ladder/internal/realtime"
	"github.com/tennisladder/ladder/internal/service"
	"github.com/tennisladder/ladder/internal/store"
)

const testRoot = "root@ladder.test"

// live is a server listening on a real port, signing in through an OpenID Connect issuer that
// runs in this process on its own port: the same redirect, exchange and verification as Google.
type live struct {
	t      *testing.T
	srv    *Server
	ts     *httptest.Server
	issuer *devidp.Provider
	db     *store.DB
	svc    *service.Service
	hub    *realtime.Hub   // the live-updates hub the service publishes to (newLiveHub)
	broker realtime.Broker // its broker (newLiveHub)
}

func newLive(t *testing.T, db *store.DB, edit func(*config.Config)) *live {
	t.Helper()
	return newLiveWrapped(t, db, edit, nil)
}

// newLiveWrapped is newLive with the server's handler wrapped by wrap (when not nil).
func newLiveWrapped(t *testing.T, db *store.DB, edit func(*config.Config), wrap func(http.Handler) http.Handler) *live {
	t.Helper()
	return newLiveFull(t, db, edit, wrap, nil)
}

// newLiveHub is newLive with live updates wired as `ladder serve` does: the broker chosen by
// the database, a hub with the options hub (its Instance and PresenceFilter are set here).
func newLiveHub(t *testing.T, db *store.DB, hub realtime.HubOptions) *live {
	t.Helper()
	return newLiveFull(t, db, nil, nil, &hub)
}

func newLiveFull(t *testing.T, db *store.DB, edit func(*config.Config), wrap func(http.Handler) http.Handler, hubOpts *realtime.HubOptions) *live {
	t.Helper()
	ts := httptest.NewUnstartedServer(nil)
	base := "http://" + ts.Listener.Addr().String()
	iss := httptest.NewUnstartedServer(nil)
	issuer := devidp.New("http://"+iss.Listener.Addr().String()+"/oidc", base+"/auth/callback", nil)
	iss.Config.Handler = issuer.Handler()
	iss.Start()
	t.Cleanup(iss.Close)
	cfg := config.Config{BaseURL: base, ContactRatePerHour: 1000, OIDCIssuer: issuer.Issuer(), OIDCClientID: devidp.ClientID,
		OIDCClientSecret: "test-secret", RootEmail: testRoot}
	if edit != nil {
		edit(&cfg)
	}
	var svc *service.Service
	var hub *realtime.Hub
	var broker realtime.Broker
	var liveOut service.Live
	if hubOpts != nil {
		o := *hubOpts
		o.Instance = base
		o.PresenceFilter = func(ctx context.Context, viewer int64, ids []int64) ([]int64, error) {
			return svc.PresenceVisible(ctx, viewer, ids)
		}
		if o.TypingRecipients == nil { // as cmd/ladder/serve.go wires it
			o.TypingRecipients = func(ctx context.Context, user, conversation int64) ([]int64, error) {
				return svc.TypingRecipients(ctx, user, conversation)
			}
		}
		var err error
		if broker, err = realtime.ForDatabase(context.Background(), db, o.Instance, nil); err != nil {
			t.Fatal(err)
		}
		hub = realtime.NewHub(broker, o)
		liveOut = hub
		t.Cleanup(func() { hub.Close(); broker.Close() })
	}
	svc = service.New(db, service.Options{RootEmail: cfg.RootEmail, Live: liveOut, Limits: service.Limits{ClubsPerDay: cfg.ClubsPerDay,
		TournamentsPerDay: cfg.TournamentsPerDay, ChallengesPerHour: cfg.ChallengesPerHour, ReportsPerHour: cfg.ReportsPerHour,
		UploadsPerHour: cfg.UploadsPerHour}})
	s := New(Deps{Config: cfg, DB: db, Service: svc, Version: "test", Hub: hub})
	ts.Config.Handler = s
	if wrap != nil {
		ts.Config.Handler = wrap(s)
	}
	ts.Start()
	t.Cleanup(ts.Close)
	return &live{t: t, srv: s, ts: ts, issuer: issuer, db: db, svc: svc, hub: hub, broker: broker}
}

// browser is a cookie-keeping client that does not follow redirects (we read them).
type browser struct {
	l *live
	c *http.Client
}

func (l *live) browser() *browser {
	jar, _ := cookiejar.New(nil)
	return &browser{l: l, c: &http.Client{Jar: jar, CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}}
}

type resp struct {
	code int
	body string
	hdr  http.Header
}

func (r resp) problem(t *testing.T) Problem {
	t.Helper()
	var p Problem
	if err := json.Unmarshal([]byte(r.body), &p); err != nil {
		t.Fatalf("not a problem: %d %s", r.code, r.body)
	}
	return p
}

func (b *browser) do(method, path string, body any, hdr ...string) resp {
	b.l.t.Helper()
	var rd io.Reader
	if body != nil {
		j, _ := json.Marshal(body)
		rd = bytes.NewReader(j)
	}
	u := path
	if !strings.HasPrefix(path, "http") {
		u = b.l.ts.URL + path
	}
	req, err := http.NewRequest(method, u, rd)
	if err != nil {
		b.l.t.Fatal(err)
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	for i := 0; i+1 < len(hdr); i += 2 {
		req.Header.Set(hdr[i], hdr[i+1])
	}
	res, err := b.c.Do(req)
	if err != nil {
		b.l.t.Fatal(err)
	}
	defer res.Body.Close()
	raw, _ := io.ReadAll(res.Body)
	return resp{code: res.StatusCode, body: string(raw), hdr: res.Header}
}

// startSignIn asks our server for the redirect URL and follows it at the issuer (which signs
// email in straight away through login_hint); it returns the callback's code and state.
func (b *browser) startSignIn(email string) (code, state string) {
	t := b.l.t
	t.Helper()
	r := b.do("GET", "/api/oauth/google/redirect_url?login_hint="+url.QueryEscape(email), nil)
	if r.code != 200 {
		t.Fatalf("redirect_url: %d %s", r.code, r.body)
	}
	var out struct {
		RedirectURL string `json:"redirectUrl"`
	}
	_ = json.Unmarshal([]byte(r.body), &out)
	if !strings.HasPrefix(out.RedirectURL, b.l.issuer.Issuer()+"/authorize?") {
		t.Fatalf("redirectUrl %q", out.RedirectURL)
	}
	au, _ := url.Parse(out.RedirectURL)
	for _, p := range []string{"state", "nonce", "code_challenge", "client_id", "redirect_uri"} {
		if au.Query().Get(p) == "" {
			t.Fatalf("authorize URL lacks %s: %s", p, out.RedirectURL)
		}
	}
	r = b.do("GET", out.RedirectURL, nil)
	if r.code != http.StatusFound {
		t.Fatalf("authorize: %d %s", r.code, r.body)
	}
	cb, _ := url.Parse(r.hdr.Get("Location"))
	if cb.Path != "/auth/callback" {
		t.Fatalf("callback %s", cb)
	}
	return cb.Query().Get("code"), cb.Query().Get("state")
}

// signIn goes through the whole flow and returns the account as /api/sessions answered it.
func (b *browser) signIn(email string) UserView {
	t := b.l.t
	t.Helper()
	code, state := b.startSignIn(email)
	r := b.do("POST", "/api/sessions", map[string]string{"code": code, "state": state})
	if r.code != http.StatusCreated {
		t.Fatalf("sessions: %d %s", r.code, r.body)
	}
	var u UserView
	_ = json.Unmarshal([]byte(r.body), &u)
	return u
}

func (b *browser) sessionCookie() string {
	u, _ := url.Parse(b.l.ts.URL)
	for _, c := range b.c.Jar.Cookies(u) {
		if c.Name == "ladder_session" {
			return c.Value
		}
	}
	return ""
}

// upload posts data as the multipart file field of the route: "image" for clubs, "photo" for
// profiles.
func (b *browser) upload(path string, data []byte, hdr ...string) resp {
	b.l.t.Helper()
	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	field := "photo"
	if strings.Contains(path, "/clubs/") || strings.Contains(path, "/tournaments/") {
		field = "image"
	}
	fw, _ := mw.CreateFormFile(field, "picture.png")
	_, _ = fw.Write(data)
	_ = mw.Close()
	req, _ := http.NewRequest("POST", b.l.ts.URL+path, &body)
	req.Header.Set("Content-Type", mw.FormDataContentType())
	for i := 0; i+1 < len(hdr); i += 2 {
		req.Header.Set(hdr[i], hdr[i+1])
	}
	res, err := b.c.Do(req)
	if err != nil {
		b.l.t.Fatal(err)
	}
	defer res.Body.Close()
	raw, _ := io.ReadAll(res.Body)
	return resp{code: res.StatusCode, body: string(raw), hdr: res.Header}
}

// tinyPNG is a small real picture.
func tinyPNG(t testing.TB) []byte {
	img := image.NewRGBA(image.Rect(0, 0, 40, 30))
	for x := 0; x < 40; x++ {
		img.Set(x, x%30, color.RGBA{200, 30, 30, 255})
	}
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// clubPlaceholders fills the club placeholders of a matrix path with fresh clubs owned by
// someone other than the actor: {club} validated, {pending_club} pending, {imaged_club}
// validated with a picture, {joined_club} validated with the actor as a member.
func clubPlaceholders(t *testing.T, db *store.DB, svc *service.Service, owner store.User, actorID int64, path string) string {
	ctx := context.Background()
	ownerCur := service.Current{User: owner, Actor: svc.ActorFor(owner)}
	make := func(validate bool) store.Club {
		c, err := svc.ProposeClub(ctx, ownerCur, service.ClubInput{Name: fmt.Sprintf("Clube %d", time.Now().UnixNano())})
		if err != nil {
			t.Fatal(err)
		}
		if validate {
			if err := db.Tx(ctx, func(tx *store.Tx) error {
				_, err := db.DecideClub(ctx, tx, c.ID, "validated", "", owner.ID)
				return err
			}); err != nil {
				t.Fatal(err)
			}
		}
		return c
	}
	for _, p := range []string{"{club}", "{pending_club}", "{imaged_club}", "{joined_club}"} {
		if !strings.Contains(path, p) {
			continue
		}
		c := make(p != "{pending_club}")
		switch p {
		case "{imaged_club}":
			if _, err := svc.SetClubImage(ctx, ownerCur, c.ID, bytes.NewReader(tinyPNG(t))); err != nil {
				t.Fatal(err)
			}
		case "{joined_club}":
			if actorID != 0 {
				if err := db.Tx(ctx, func(tx *store.Tx) error { _, err := db.AddClubMember(ctx, tx, c.ID, actorID, "member"); return err }); err != nil {
					t.Fatal(err)
				}
			}
		}
		path = strings.ReplaceAll(path, p, fmt.Sprint(c.ID))
	}
	return path
}
