// Package devidp is the development identity provider: a small OpenID Connect issuer served by
// the ladder binary itself in dev mode (and by Go tests), so sign-in goes through the very same
// redirect, code exchange and ID-token verification as with Google. It signs anyone in, so the
// server only starts it on a loopback address.
package devidp

import (
	"crypto/rand"
	"crypto/rsa"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/go-jose/go-jose/v4"
)

// ClientID is the only client the provider knows.
const ClientID = "ladder-dev"

// Account is a demo account offered on the sign-in page.
type Account struct {
	Email, GivenName, FamilyName, Role string
}

// Provider is the issuer. Mount Handler() at the issuer URL's path.
type Provider struct {
	issuer      string
	redirectURI string
	accounts    []Account
	key         *rsa.PrivateKey
	keyID       string
	now         func() time.Time

	mu     sync.Mutex
	codes  map[string]grant
	access map[string]userInfo // access token → what userinfo answers

	// Tamper, when set (tests only), edits the ID token's claims before signing, to forge a
	// wrong nonce, an unverified email, another audience, or to leave email and names to the
	// userinfo endpoint as strict providers do…
	Tamper func(claims map[string]any)
	// TamperUserInfo, when set (tests only), edits what the userinfo endpoint answers.
	TamperUserInfo func(claims map[string]any)
	// UserInfoDown, when set (tests only), makes the userinfo endpoint answer 503.
	UserInfoDown atomic.Bool
}

type userInfo struct {
	claims  map[string]any
	expires time.Time
}

type grant struct {
	clientID, redirectURI, nonce, challenge string
	email, given, family                    string
	expires                                 time.Time
}

// New makes a provider for issuer (e.g. http://localhost:8080/dev/oidc) that only redirects to
// redirectURI.
func New(issuer, redirectURI string, accounts []Account) *Provider {
	key, err := rsa.GenerateKey(rand.Reader, 2048)
	if err != nil {
		panic(err)
	}
	var kid [8]byte
	_, _ = rand.Read(kid[:])
	return &Provider{issuer: strings.TrimRight(issuer, "/"), redirectURI: redirectURI, accounts: accounts,
		key: key, keyID: base64.RawURLEncoding.EncodeToString(kid[:]), now: time.Now, codes: map[string]grant{}, access: map[string]userInfo{}}
}

// Issuer is the provider's issuer URL.
func (p *Provider) Issuer() string { return p.issuer }

// Accounts are the demo accounts the page lists.
func (p *Provider) Accounts() []Account { return p.accounts }

// Handler serves discovery, authorize (page and form), token and JWKS under the issuer's path.
func (p *Provider) Handler() http.Handler {
	base := mustPath(p.issuer)
	mux := http.NewServeMux()
	mux.HandleFunc("GET "+base+"/.well-known/openid-configuration", p.discovery)
	mux.HandleFunc("GET "+base+"/jwks", p.jwks)
	mux.HandleFunc("GET "+base+"/authorize", p.authorize)
	mux.HandleFunc("POST "+base+"/authorize", p.authorize)
	mux.HandleFunc("POST "+base+"/token", p.token)
	mux.HandleFunc("GET "+base+"/userinfo", p.userinfo)
	mux.HandleFunc("POST "+base+"/userinfo", p.userinfo)
	return mux
}

func mustPath(issuer string) string {
	u, err := url.Parse(issuer)
	if err != nil {
		panic(err)
	}
	return strings.TrimRight(u.Path, "/")
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

func (p *Provider) discovery(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, http.StatusOK, map[string]any{
		"issuer":                                p.issuer,
		"authorization_endpoint":                p.issuer + "/authorize",
		"token_endpoint":                        p.issuer + "/token",
		"jwks_uri":                              p.issuer + "/jwks",
		"userinfo_endpoint":                     p.issuer + "/userinfo",
		"response_types_supported":              []string{"code"},
		"subject_types_supported":               []string{"public"},
		"id_token_signing_alg_values_supported": []string{"RS256"},
		"scopes_supported":                      []string{"openid", "email", "profile"},
		"code_challenge_methods_supported":      []string{"S256"},
		"token_endpoint_auth_methods_supported": []string{"client_secret_basic", "client_secret_post", "none"},
		"claims_supported":                      []string{"sub", "email", "email_verified", "given_name", "family_name", "name", "picture", "nonce"},
	})
}

func (p *Provider) jwks(w http.ResponseWriter, r *http.Request) {
	set := jose.JSONWebKeySet{Keys: []jose.JSONWebKey{{Key: &p.key.PublicKey, KeyID: p.keyID, Algorithm: "RS256", Use: "sig"}}}
	writeJSON(w, http.StatusOK, set)
}

// oauthError answers the token endpoint's errors as RFC 6749 says.
func oauthError(w http.ResponseWriter, code, desc string) {
	writeJSON(w, http.StatusBadRequest, map[string]string{"error": code, "error_description": desc})
}

func (p *Provider) token(w http.ResponseWriter, r *http.Request) {
	if err := r.ParseForm(); err != nil {
		oauthError(w, "invalid_request", "unreadable form")
		return
	}
	clientID := r.PostForm.Get("client_id")
	if id, _, ok := r.BasicAuth(); ok {
		clientID, _ = url.QueryUnescape(id)
	}
	if r.PostForm.Get("grant_type") != "authorization_code" {
		oauthError(w, "unsupported_grant_type", "only authorization_code")
		return
	}
	code := r.PostForm.Get("code")
	p.mu.Lock()
	g, ok := p.codes[code]
	delete(p.codes, code) // a code works once: a replay finds nothing
	p.mu.Unlock()
	switch {
	case !ok || p.now().After(g.expires):
		oauthError(w, "invalid_grant", "unknown, used or expired code")
		return
	case clientID != g.clientID:
		oauthError(w, "invalid_client", "code issued to another client")
		return
	case r.PostForm.Get("redirect_uri") != g.redirectURI:
		oauthError(w, "invalid_grant", "redirect_uri differs from the authorization request")
		return
	case !pkceMatches(r.PostForm.Get("code_verifier"), g.challenge):
		oauthError(w, "invalid_grant", "PKCE verification failed")
		return
	}
	idToken, err := p.sign(g)
	if err != nil {
		oauthError(w, "server_error", "signing failed")
		return
	}
	raw := make([]byte, 24)
	_, _ = rand.Read(raw)
	access := base64.RawURLEncoding.EncodeToString(raw)
	info := p.profile(g)
	if p.TamperUserInfo != nil {
		p.TamperUserInfo(info)
	}
	p.mu.Lock()
	for t, u := range p.access { // forget expired tokens
		if p.now().After(u.expires) {
			delete(p.access, t)
		}
	}
	p.access[access] = userInfo{claims: info, expires: p.now().Add(time.Hour)}
	p.mu.Unlock()
	writeJSON(w, http.StatusOK, map[string]any{"access_token": access,
		"token_type": "Bearer", "expires_in": 3600, "id_token": idToken})
}

// userinfo answers the claims of the access token's sign-in (OpenID Connect Core 5.3).
func (p *Provider) userinfo(w http.ResponseWriter, r *http.Request) {
	token, ok := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer ")
	p.mu.Lock()
	u, found := p.access[strings.TrimSpace(token)]
	p.mu.Unlock()
	if p.UserInfoDown.Load() {
		writeJSON(w, http.StatusServiceUnavailable, map[string]string{"error": "temporarily_unavailable"})
		return
	}
	if !ok || !found || p.now().After(u.expires) {
		w.Header().Set("WWW-Authenticate", `Bearer error="invalid_token"`)
		writeJSON(w, http.StatusUnauthorized, map[string]string{"error": "invalid_token"})
		return
	}
	writeJSON(w, http.StatusOK, u.claims)
}

// profile is what the provider says about the grant's person: in the ID token and at userinfo.
func (p *Provider) profile(g grant) map[string]any {
	email := strings.ToLower(g.email)
	return map[string]any{"sub": "dev|" + email, "email": email, "email_verified": true,
		"given_name": g.given, "family_name": g.family, "name": strings.TrimSpace(g.given + " " + g.family)}
}

func pkceMatches(verifier, challenge string) bool {
	if verifier == "" || challenge == "" {
		return false
	}
	sum := sha256.Sum256([]byte(verifier))
	return base64.RawURLEncoding.EncodeToString(sum[:]) == challenge
}

func (p *Provider) sign(g grant) (string, error) {
	now := p.now()
	claims := p.profile(g)
	for k, v := range map[string]any{"iss": p.issuer, "aud": g.clientID, "iat": now.Unix(),
		"exp": now.Add(10 * time.Minute).Unix(), "nonce": g.nonce} {
		claims[k] = v
	}
	if p.Tamper != nil {
		p.Tamper(claims)
	}
	payload, err := json.Marshal(claims)
	if err != nil {
		return "", err
	}
	signer, err := jose.NewSigner(jose.SigningKey{Algorithm: jose.RS256, Key: p.key},
		(&jose.SignerOptions{}).WithType("JWT").WithHeader("kid", p.keyID))
	if err != nil {
		return "", err
	}
	obj, err := signer.Sign(payload)
	if err != nil {
		return "", err
	}
	return obj.CompactSerialize()
}
