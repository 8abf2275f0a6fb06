// Package auth signs people in through OpenID Connect (any issuer; Google by default, or the
// development identity provider in devidp) and names the cookies of the sign-in flow.
package auth

import (
	"net/http"
	"time"
)

// Cookies names and builds the cookies of sign-in. Over https they are Secure and take the
// __Host- prefix (bound to this host, path /, no Domain), so sibling subdomains cannot set them.
type Cookies struct {
	Secure     bool
	SessionTTL time.Duration
}

func (c Cookies) name(base string) string {
	if c.Secure {
		return "__Host-" + base
	}
	return base
}

// SessionName is the session cookie's name.
func (c Cookies) SessionName() string { return c.name("ladder_session") }

// FlowName is the short-lived cookie holding the sign-in state, nonce and PKCE verifier.
func (c Cookies) FlowName() string { return c.name("ladder_oidc") }

func (c Cookies) cookie(name, value string, maxAge time.Duration) string {
	ck := &http.Cookie{Name: name, Value: value, Path: "/", HttpOnly: true, Secure: c.Secure, SameSite: http.SameSiteLaxMode, MaxAge: -1}
	if maxAge > 0 {
		ck.MaxAge = int(maxAge.Seconds())
	}
	return ck.String()
}

// Session is the Set-Cookie value that stores a session token.
func (c Cookies) Session(token string) string { return c.cookie(c.SessionName(), token, c.SessionTTL) }

// ClearSession is the Set-Cookie value that removes the session cookie.
func (c Cookies) ClearSession() string { return c.cookie(c.SessionName(), "", 0) }

// Flow is the Set-Cookie value that keeps a started sign-in for FlowTTL.
func (c Cookies) Flow(f Flow) string { return c.cookie(c.FlowName(), f.Encode(), FlowTTL) }

// ClearFlow is the Set-Cookie value that removes the flow cookie (after any callback).
func (c Cookies) ClearFlow() string { return c.cookie(c.FlowName(), "", 0) }

// Read returns the value of the named cookie of r, or "".
func Read(r *http.Request, name string) string {
	if ck, err := r.Cookie(name); err == nil {
		return ck.Value
	}
	return ""
}
