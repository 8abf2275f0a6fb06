package auth

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/coreos/go-oidc/v3/oidc"
	"golang.org/x/oauth2"
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

// Claims are what we take from a verified ID token.
type Claims struct {
	Issuer        string
	Subject       string
	Email         string
	EmailVerified bool
	GivenName     string
	FamilyName    string
	Name          string
	Picture       string
}

// Reasons a callback is refused, as error codes (errors.json).
var (
	ErrBadState      = errors.New("auth.bad_state")
	ErrExchange      = errors.New("auth.exchange_failed")
	ErrBadToken      = errors.New("auth.bad_token")
	ErrEmailUnverify = errors.New("auth.email_unverified")
)

// Finish checks the callback's state against the flow, exchanges the code with the PKCE
// verifier, verifies the ID token's signature, audience, expiry and nonce, and returns its claims.
func (p *Provider) Finish(ctx context.Context, f Flow, code, state string) (Claims, error) {
	if state == "" || state != f.State {
		return Claims{}, ErrBadState
	}
	op, err := p.discover(ctx)
	if err != nil {
		return Claims{}, err
	}
	tok, err := p.config(op).Exchange(p.ctx(ctx), code, oauth2.VerifierOption(f.Verifier))
	if err != nil {
		return Claims{}, fmt.Errorf("%w: %v", ErrExchange, err)
	}
	raw, ok := tok.Extra("id_token").(string)
	if !ok {
		return Claims{}, fmt.Errorf("%w: no id_token", ErrBadToken)
	}
	idt, err := op.Verifier(&oidc.Config{ClientID: p.ClientID}).Verify(p.ctx(ctx), raw)
	if err != nil {
		return Claims{}, fmt.Errorf("%w: %v", ErrBadToken, err)
	}
	if idt.Nonce != f.Nonce {
		return Claims{}, fmt.Errorf("%w: nonce mismatch", ErrBadToken)
	}
	var c struct {
		Email         string `json:"email"`
		EmailVerified *bool  `json:"email_verified"`
		GivenName     string `json:"given_name"`
		FamilyName    string `json:"family_name"`
		Name          string `json:"name"`
		Picture       string `json:"picture"`
	}
	if err := idt.Claims(&c); err != nil {
		return Claims{}, fmt.Errorf("%w: %v", ErrBadToken, err)
	}
	if c.Email == "" || (c.EmailVerified != nil && !*c.EmailVerified) {
		return Claims{}, ErrEmailUnverify
	}
	if !strings.HasPrefix(c.Picture, "https://") {
		c.Picture = "" // only https pictures: the CSP allows no other remote images
	}
	return Claims{Issuer: idt.Issuer, Subject: idt.Subject, Email: c.Email, EmailVerified: true,
		GivenName: c.GivenName, FamilyName: c.FamilyName, Name: c.Name, Picture: c.Picture}, nil
}
