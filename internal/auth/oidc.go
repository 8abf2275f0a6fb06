package auth

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/coreos/go-oidc/v3/oidc"
	"golang.org/x/oauth2"

	"github.com/tennisladder/ladder/internal/textrule"
)

// FlowTTL is how long a started sign-in may take at the identity provider.
const FlowTTL = 10 * time.Minute

// Provider talks to one OpenID Connect issuer. Discovery happens on first use (and is retried
// after a failure), so the server starts even when the issuer is briefly unreachable — and the
// development provider, served by this very process, can be discovered once it listens.
type Provider struct {
	Issuer       string
	ClientID     string
	ClientSecret string
	RedirectURL  string
	HTTPClient   *http.Client // nil: http.DefaultClient
	Log          *slog.Logger // nil: no logging

	mu       sync.Mutex
	provider *oidc.Provider
}

// Flow is what the browser carries between the redirect and the callback (in a cookie).
type Flow struct {
	State    string `json:"s"`
	Nonce    string `json:"n"`
	Verifier string `json:"v"`
}

// Encode packs the flow for its cookie.
func (f Flow) Encode() string {
	b, _ := json.Marshal(f)
	return base64.RawURLEncoding.EncodeToString(b)
}

// DecodeFlow unpacks a flow cookie.
func DecodeFlow(s string) (Flow, error) {
	var f Flow
	b, err := base64.RawURLEncoding.DecodeString(s)
	if err == nil {
		err = json.Unmarshal(b, &f)
	}
	if err == nil && (f.State == "" || f.Nonce == "" || f.Verifier == "") {
		err = errors.New("incomplete flow")
	}
	return f, err
}

func random() string {
	var b [24]byte
	_, _ = rand.Read(b[:])
	return base64.RawURLEncoding.EncodeToString(b[:])
}

func (p *Provider) ctx(ctx context.Context) context.Context {
	if p.HTTPClient != nil {
		return oidc.ClientContext(ctx, p.HTTPClient)
	}
	return ctx
}

func (p *Provider) discover(ctx context.Context) (*oidc.Provider, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.provider != nil {
		return p.provider, nil
	}
	dctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	// The provider keeps the context for fetching keys later, so it must not be cancelled.
	op, err := oidc.NewProvider(p.ctx(context.WithoutCancel(dctx)), p.Issuer)
	if err != nil {
		return nil, fmt.Errorf("discover %s: %w", p.Issuer, err)
	}
	p.provider = op
	return op, nil
}

func (p *Provider) config(op *oidc.Provider) *oauth2.Config {
	return &oauth2.Config{ClientID: p.ClientID, ClientSecret: p.ClientSecret, RedirectURL: p.RedirectURL,
		Endpoint: op.Endpoint(), Scopes: []string{oidc.ScopeOpenID, "email", "profile"}}
}

// Start begins a sign-in: the URL to send the browser to and the flow to keep in a cookie.
// loginHint, when set, is passed on as login_hint.
func (p *Provider) Start(ctx context.Context, loginHint string) (string, Flow, error) {
	op, err := p.discover(ctx)
	if err != nil {
		return "", Flow{}, err
	}
	f := Flow{State: random(), Nonce: random(), Verifier: oauth2.GenerateVerifier()}
	opts := []oauth2.AuthCodeOption{oidc.Nonce(f.Nonce), oauth2.S256ChallengeOption(f.Verifier)}
	if loginHint != "" {
		opts = append(opts, oauth2.SetAuthURLParam("login_hint", loginHint))
	}
	return p.config(op).AuthCodeURL(f.State, opts...), f, nil
}

// Claims are what we take from a verified ID token, completed from the userinfo endpoint when
// the token lacks them.
type Claims struct {
	Issuer        string
	Subject       string
	Email         string
	EmailVerified bool // the provider said email_verified: true; a missing claim is false
	GivenName     string
	FamilyName    string
	Name          string
	Picture       string
}

// Reasons a callback is refused, as error codes (errors.json). Finish returns a *Refusal that
// matches one of them with errors.Is.
var (
	ErrBadState = errors.New("auth.bad_state")
	ErrExchange = errors.New("auth.exchange_failed")
	ErrBadToken = errors.New("auth.bad_token")
	ErrUserInfo = errors.New("auth.userinfo_failed")
)

// Refusal is why a callback was refused: Code for the user (one of the Err* above), Reason
// for the log (distinct for each cause, without secrets), Err the underlying error if any.
type Refusal struct {
	Code   error
	Reason string
	Err    error
}

func (r *Refusal) Error() string {
	if r.Err != nil {
		return r.Code.Error() + ": " + r.Reason + ": " + r.Err.Error()
	}
	return r.Code.Error() + ": " + r.Reason
}

// Is lets errors.Is(err, ErrBadToken) match.
func (r *Refusal) Is(target error) bool { return target == r.Code }

// Unwrap gives the underlying error.
func (r *Refusal) Unwrap() error { return r.Err }

func refuse(code error, reason string, err error) *Refusal {
	return &Refusal{Code: code, Reason: reason, Err: err}
}

// profileClaims are the claims we read, from the ID token or the userinfo answer.
type profileClaims struct {
	Subject       string `json:"sub"`
	Email         string `json:"email"`
	EmailVerified any    `json:"email_verified"` // a bool, or "true"/"false" from some providers
	GivenName     string `json:"given_name"`
	FamilyName    string `json:"family_name"`
	Name          string `json:"name"`
	Picture       string `json:"picture"`
}

// verified reads email_verified: nil when the claim is missing.
func (c profileClaims) verified() *bool {
	var v bool
	switch x := c.EmailVerified.(type) {
	case bool:
		v = x
	case string:
		if x != "true" && x != "false" {
			return nil
		}
		v = x == "true"
	default:
		return nil
	}
	return &v
}

func (c profileClaims) hasNames() bool {
	return c.GivenName != "" || c.FamilyName != "" || c.Name != ""
}

// Finish checks the callback's state against the flow, exchanges the code with the PKCE
// verifier, verifies the ID token's signature, audience, expiry and nonce, and returns its
// claims. Providers that follow OpenID Connect strictly put email and names only in the
// userinfo answer: when the ID token lacks email, email_verified or names, userinfo is asked
// with the access token (its sub must be the token's) and fills what the token lacks.
func (p *Provider) Finish(ctx context.Context, f Flow, code, state string) (Claims, error) {
	if state == "" || state != f.State {
		return Claims{}, refuse(ErrBadState, "state mismatch", nil)
	}
	op, err := p.discover(ctx)
	if err != nil {
		return Claims{}, refuse(ErrExchange, "provider discovery failed", err)
	}
	tok, err := p.config(op).Exchange(p.ctx(ctx), code, oauth2.VerifierOption(f.Verifier))
	if err != nil {
		return Claims{}, refuse(ErrExchange, "code exchange failed", err)
	}
	raw, ok := tok.Extra("id_token").(string)
	if !ok {
		return Claims{}, refuse(ErrBadToken, "no id_token in the token answer", nil)
	}
	idt, err := op.Verifier(&oidc.Config{ClientID: p.ClientID}).Verify(p.ctx(ctx), raw)
	if err != nil {
		return Claims{}, refuse(ErrBadToken, "id_token verification failed", err)
	}
	if idt.Nonce != f.Nonce {
		return Claims{}, refuse(ErrBadToken, "nonce mismatch", nil)
	}
	var c profileClaims
	if err := idt.Claims(&c); err != nil {
		return Claims{}, refuse(ErrBadToken, "unreadable id_token claims", err)
	}
	verified := c.verified()
	if c.Email == "" || verified == nil || !c.hasNames() {
		ui, err := p.userInfo(ctx, op, tok)
		switch {
		case err != nil && (c.Email == "" || verified == nil):
			return Claims{}, refuse(ErrUserInfo, "userinfo request failed", err)
		case err != nil:
			// Only names were missing: sign in without them rather than refuse.
			p.logger().WarnContext(ctx, "userinfo request failed; signing in without names", "err", err)
		case ui.Subject != idt.Subject:
			return Claims{}, refuse(ErrUserInfo, "userinfo sub differs from the id_token's", nil)
		default:
			c, verified = merge(c, verified, ui)
		}
	}
	// The claims follow the text rules every stored string follows (internal/textrule): the
	// provider is trusted for who signs in, not for what its names hold. A name with a control
	// or invisible character is blanked (the person signs in and can write their name); an
	// email or subject with one is refused, as neither can be blanked.
	if textrule.Problem(idt.Subject, false, false) != "" || textrule.Problem(c.Email, false, true) != "" {
		return Claims{}, refuse(ErrBadToken, "control or invisible characters in the email or subject", nil)
	}
	for _, n := range []*string{&c.GivenName, &c.FamilyName, &c.Name} {
		// Longer than a profile allows (200): blanked too, as the profile form would refuse it.
		if textrule.Problem(*n, false, true) != "" || utf8.RuneCountInString(*n) > 200 {
			*n = ""
		}
	}
	if textrule.Problem(c.Picture, false, true) != "" {
		c.Picture = ""
	}
	if !strings.HasPrefix(c.Picture, "https://") {
		c.Picture = "" // only https pictures: the CSP allows no other remote images
	}
	return Claims{Issuer: idt.Issuer, Subject: idt.Subject, Email: c.Email, EmailVerified: verified != nil && *verified,
		GivenName: c.GivenName, FamilyName: c.FamilyName, Name: c.Name, Picture: c.Picture}, nil
}

func (p *Provider) userInfo(ctx context.Context, op *oidc.Provider, tok *oauth2.Token) (profileClaims, error) {
	var ui profileClaims
	info, err := op.UserInfo(p.ctx(ctx), oauth2.StaticTokenSource(tok))
	if err == nil {
		err = info.Claims(&ui)
	}
	return ui, err
}

// merge fills what the ID token lacks from the userinfo answer. email_verified is taken from
// userinfo only about the same email: a verification of another address proves nothing here.
func merge(c profileClaims, verified *bool, ui profileClaims) (profileClaims, *bool) {
	if c.Email == "" {
		c.Email, verified = ui.Email, ui.verified()
	} else if verified == nil && strings.EqualFold(strings.TrimSpace(c.Email), strings.TrimSpace(ui.Email)) {
		verified = ui.verified()
	}
	if !c.hasNames() {
		c.GivenName, c.FamilyName, c.Name = ui.GivenName, ui.FamilyName, ui.Name
	}
	if c.Picture == "" {
		c.Picture = ui.Picture
	}
	return c, verified
}

func (p *Provider) logger() *slog.Logger {
	if p.Log != nil {
		return p.Log
	}
	return slog.New(slog.DiscardHandler)
}
