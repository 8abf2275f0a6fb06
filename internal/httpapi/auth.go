package httpapi

import (
	"context"
	"errors"
	"math"
	"net/http"
	"strings"

	"github.com/tennisladder/ladder/internal/auth"
	"github.com/tennisladder/ladder/internal/policy"
	"github.com/tennisladder/ladder/internal/service"
	"github.com/tennisladder/ladder/internal/store"
)

// UserView is the account as the web app sees it (GET /api/users/me and friends).
type UserView struct {
	ID          int64  `json:"id"`
	Email       string `json:"email"`
	Role        string `json:"role" enum:"player,admin,superadmin"`
	Status      string `json:"status" enum:"active,suspended,paused"`
	FirstName   string `json:"first_name"`
	LastName    string `json:"last_name"`
	DisplayName string `json:"display_name" doc:"First and last name, else the fallbacks of the spec"`
	PhotoURL    string `json:"photo_url" doc:"Profile photo, else the sign-in account's picture, else empty"`
	GivenName   string `json:"given_name" doc:"Given name from the sign-in account"`
	IsRoot      bool   `json:"is_root" doc:"The main super admin (protected)"`
	// The web shows menus and pages by these, never by the role (internal/policy decides).
	Capabilities []string `json:"capabilities" enum:"play,adminPanel,suspendUsers,changeToPlayer,setAdmin,validateClubsTournaments,validateResults,allStatistics,transferUsers,requestDeletions,superAdminsPage,playersPanel,manageSuperAdmins,approveDeletions,systemLogs,systemPanel,listPlayers,viewDashboard" doc:"What this account may do across the platform (SPEC §6), decided by the server's policy"`
}

func (s *Server) viewUser(u store.User) UserView {
	return UserView{ID: u.ID, Email: u.Email, Role: u.Role, Status: u.Status, FirstName: u.FirstName, LastName: u.LastName,
		DisplayName: service.DisplayName(u), PhotoURL: photoURL(u), GivenName: u.ExtGivenName, IsRoot: s.svc.IsRoot(u),
		Capabilities: capabilityNames(policy.Capabilities(s.svc.ActorFor(u)))}
}

func capabilityNames(cs []policy.Capability) []string {
	out := make([]string, len(cs))
	for i, c := range cs {
		out[i] = string(c)
	}
	return out
}

type userOutput struct {
	Body UserView
}

type redirectURLInput struct {
	LoginHint string `query:"login_hint" maxLength:"254" doc:"Passed to the identity provider (the development provider signs this account in directly)"`
}

type redirectURLOutput struct {
	SetCookie []string `header:"Set-Cookie"`
	Body      struct {
		RedirectURL string `json:"redirectUrl" doc:"Where to send the browser to sign in"`
	}
}

func (s *Server) signInAllowed(ctx context.Context) error {
	if ok, wait := s.signInLimiter.allow(clientIPFrom(ctx)); !ok {
		return s.problemFrom(ctx, &service.Error{Kind: service.KindRateLimited, Code: "http.too_many_requests",
			RetryAfterSeconds: int(math.Ceil(wait.Seconds()))})
	}
	return nil
}

// redirectURL starts a sign-in: the provider's authorize URL with state, nonce and a PKCE
// challenge, which are kept in a short-lived HttpOnly cookie for the callback.
func (s *Server) redirectURL(ctx context.Context, in *redirectURLInput) (*redirectURLOutput, error) {
	if err := s.signInAllowed(ctx); err != nil {
		return nil, err
	}
	u, flow, err := s.oidc.Start(ctx, strings.TrimSpace(in.LoginHint))
	if err != nil {
		s.log.ErrorContext(ctx, "sign-in provider unavailable", "err", err)
		return nil, newProblem(langOf(ctx), http.StatusServiceUnavailable, "auth.provider_unavailable", nil)
	}
	out := &redirectURLOutput{SetCookie: []string{s.cookies.Flow(flow)}}
	out.Body.RedirectURL = u
	return out, nil
}

type sessionInput struct {
	Body struct {
		Code  string `json:"code" maxLength:"2048" doc:"The code from the callback URL"`
		State string `json:"state,omitempty" maxLength:"512" doc:"The state from the callback URL"`
	}
}

type sessionOutput struct {
	SetCookie []string `header:"Set-Cookie"`
	Body      UserView
}

// createSession finishes a sign-in: checks state, exchanges the code, verifies the ID token and
// nonce, finds or creates the account and opens a session.
func (s *Server) createSession(ctx context.Context, in *sessionInput) (*sessionOutput, error) {
	if err := s.signInAllowed(ctx); err != nil {
		return nil, err
	}
	lang := langOf(ctx)
	if strings.TrimSpace(in.Body.Code) == "" {
		p := newProblem(lang, http.StatusUnprocessableEntity, "auth.no_code", nil)
		p.Errors = []FieldProblem{{Location: "body.code", Code: "auth.no_code", Message: p.Message}}
		return nil, p
	}
	// The flow cookie (set by redirect_url) is read by the middleware: its name depends on https.
	flow, err := auth.DecodeFlow(flowCookieFrom(ctx))
	if err != nil {
		s.log.WarnContext(ctx, "sign-in refused: no or unreadable flow cookie", "code", auth.ErrBadState.Error())
		return nil, newProblem(lang, http.StatusBadRequest, auth.ErrBadState.Error(), nil)
	}
	claims, err := s.oidc.Finish(ctx, flow, in.Body.Code, in.Body.State)
	if err != nil {
		code, reason := auth.ErrExchange.Error(), "unexpected error"
		var rf *auth.Refusal
		if errors.As(err, &rf) {
			code, reason = rf.Code.Error(), rf.Reason
		}
		// One message per cause (state, exchange, token, nonce, userinfo, sub…); no secrets in err.
		s.log.WarnContext(ctx, "sign-in refused: "+reason, "code", code, "err", err)
		return nil, newProblem(lang, http.StatusBadRequest, code, nil)
	}
	u, token, err := s.svc.SignIn(ctx, service.Identity{Issuer: claims.Issuer, Subject: claims.Subject, Email: claims.Email,
		EmailVerified: claims.EmailVerified, GivenName: claims.GivenName, FamilyName: claims.FamilyName, Name: claims.Name,
		Picture: claims.Picture, Language: lang}, userAgentFrom(ctx), clientIPFrom(ctx))
	if err != nil {
		return nil, s.problemFrom(ctx, err)
	}
	return &sessionOutput{SetCookie: []string{s.cookies.ClearFlow(), s.cookies.Session(token)}, Body: s.viewUser(u)}, nil
}

func (s *Server) me(ctx context.Context, _ *struct{}) (*userOutput, error) {
	return &userOutput{Body: s.viewUser(currentFrom(ctx).User)}, nil
}

type logoutOutput struct {
	SetCookie []string `header:"Set-Cookie"`
}

// logout revokes the session on the server and clears the cookie.
func (s *Server) logout(ctx context.Context, _ *struct{}) (*logoutOutput, error) {
	if err := s.svc.SignOut(ctx, sessionTokenFrom(ctx)); err != nil {
		return nil, s.problemFrom(ctx, err)
	}
	return &logoutOutput{SetCookie: []string{s.cookies.ClearSession()}}, nil
}

// logoutGet is the spec's GET /api/logout. A GET must not change state for other sites, so
// cross-site requests are refused.
func (s *Server) logoutGet(w http.ResponseWriter, r *http.Request) {
	if !s.sameSiteNavigation(r) {
		writeProblem(w, r, newProblem(langOf(r.Context()), http.StatusForbidden, "http.cross_origin", nil))
		return
	}
	if err := s.svc.SignOut(r.Context(), sessionTokenFrom(r.Context())); err != nil {
		var p *Problem
		if !errors.As(s.problemFrom(r.Context(), err), &p) { // 503 when the database is unavailable
			p = newProblem(langOf(r.Context()), http.StatusInternalServerError, "", nil)
		}
		writeProblem(w, r, p)
		return
	}
	w.Header().Add("Set-Cookie", s.cookies.ClearSession())
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(http.StatusNoContent)
}

type roleInput struct {
	ID   int64 `path:"id" minimum:"1" doc:"Account id"`
	Body struct {
		Role string `json:"role" enum:"player,admin,superadmin"`
	}
}

func (s *Server) changeRole(ctx context.Context, in *roleInput) (*userOutput, error) {
	u, err := s.svc.ChangeRole(ctx, currentFrom(ctx).Actor, in.ID, policy.Role(in.Body.Role))
	if err != nil {
		return nil, s.problemFrom(ctx, err)
	}
	return &userOutput{Body: s.viewUser(u)}, nil
}

type statusInput struct {
	ID   int64 `path:"id" minimum:"1" doc:"Account id"`
	Body struct {
		Status string `json:"status" enum:"active,suspended,paused"`
	}
}

func (s *Server) changeStatus(ctx context.Context, in *statusInput) (*userOutput, error) {
	u, err := s.svc.ChangeStatus(ctx, currentFrom(ctx).Actor, in.ID, policy.Status(in.Body.Status))
	if err != nil {
		return nil, s.problemFrom(ctx, err)
	}
	return &userOutput{Body: s.viewUser(u)}, nil
}
