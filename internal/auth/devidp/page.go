package devidp

import (
	"crypto/rand"
	"encoding/base64"
	"html/template"
	"net/http"
	"net/mail"
	"net/url"
	"strings"
	"time"

	"github.com/tennisladder/ladder/internal/i18n"
	"github.com/tennisladder/ladder/web"
)

var texts = func() *i18n.Catalog {
	c, err := i18n.Load(web.Locales(), "devidp")
	if err != nil {
		panic("load devidp.json: " + err.Error())
	}
	return c
}()

// authorize checks the request like a real provider, then either signs in straight away
// (login_hint, or the form was posted) or shows the page to pick an account.
func (p *Provider) authorize(w http.ResponseWriter, r *http.Request) {
	if err := r.ParseForm(); err != nil {
		http.Error(w, "bad request", http.StatusBadRequest)
		return
	}
	f := r.Form
	lang := i18n.Lang(r.Header.Get("Accept-Language"))
	if f.Get("client_id") != ClientID || f.Get("redirect_uri") != p.redirectURI || f.Get("response_type") != "code" ||
		!strings.Contains(" "+f.Get("scope")+" ", " openid ") || f.Get("code_challenge_method") != "S256" ||
		f.Get("code_challenge") == "" || f.Get("state") == "" || f.Get("nonce") == "" {
		// Never redirect an invalid request: the redirect URI itself may be the problem.
		http.Error(w, texts.T(lang, "devidp.invalid_request", nil), http.StatusBadRequest)
		return
	}
	email, given, family := f.Get("login_hint"), "", ""
	if r.Method == http.MethodPost {
		email, given, family = f.Get("email"), strings.TrimSpace(f.Get("given_name")), strings.TrimSpace(f.Get("family_name"))
	}
	email = strings.ToLower(strings.TrimSpace(email))
	if email == "" {
		p.page(w, r, lang, "")
		return
	}
	if a, err := mail.ParseAddress(email); err != nil || a.Address != email {
		p.page(w, r, lang, texts.T(lang, "devidp.bad_email", nil))
		return
	}
	for _, a := range p.accounts {
		if a.Email == email && given == "" && family == "" {
			given, family = a.GivenName, a.FamilyName
		}
	}
	var b [24]byte
	_, _ = rand.Read(b[:])
	code := base64.RawURLEncoding.EncodeToString(b[:])
	p.mu.Lock()
	for c, g := range p.codes { // forget abandoned codes
		if p.now().After(g.expires) {
			delete(p.codes, c)
		}
	}
	p.codes[code] = grant{clientID: ClientID, redirectURI: p.redirectURI, nonce: f.Get("nonce"),
		challenge: f.Get("code_challenge"), email: email, given: given, family: family, expires: p.now().Add(time.Minute)}
	p.mu.Unlock()
	q := url.Values{"code": {code}, "state": {f.Get("state")}}
	http.Redirect(w, r, p.redirectURI+"?"+q.Encode(), http.StatusFound)
}

func (p *Provider) page(w http.ResponseWriter, r *http.Request, lang, problem string) {
	hidden := map[string]string{}
	for _, k := range []string{"client_id", "redirect_uri", "response_type", "scope", "state", "nonce", "code_challenge", "code_challenge_method"} {
		hidden[k] = r.Form.Get(k)
	}
	t := func(key string) string { return texts.T(lang, "devidp."+key, nil) }
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	if problem != "" {
		w.WriteHeader(http.StatusUnprocessableEntity)
	}
	_ = pageTmpl.Execute(w, map[string]any{"Lang": lang, "T": t, "Hidden": hidden, "Accounts": p.accounts, "Problem": problem})
}

var pageTmpl = template.Must(template.New("page").Parse(`<!doctype html>
<html lang="{{.Lang}}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{call .T "title"}}</title>
<style>
body{font:16px/1.5 system-ui,sans-serif;margin:0;background:#f1f5f9;color:#0f172a}
main{max-width:440px;margin:2rem auto;padding:1.5rem;background:#fff;border-radius:12px;box-shadow:0 1px 4px #0002}
h1{font-size:1.3rem;margin:0 0 .25rem}p{margin:.25rem 0 1rem;color:#334155}
.acc{display:flex;width:100%;justify-content:space-between;align-items:center;padding:.7rem .9rem;margin:.4rem 0;
border:1px solid #cbd5e1;border-radius:8px;background:#fff;font:inherit;cursor:pointer;text-align:left;color:inherit}
.acc:hover,.acc:focus-visible{border-color:#047857;outline:2px solid #047857}
.role{font-size:.8rem;background:#ecfdf5;color:#065f46;padding:.1rem .5rem;border-radius:99px}
label{display:block;margin:.6rem 0 .2rem;font-weight:600}input{width:100%;box-sizing:border-box;padding:.55rem;border:1px solid #94a3b8;border-radius:6px;font:inherit}
.go{margin-top:1rem;width:100%;padding:.7rem;border:0;border-radius:8px;background:#047857;color:#fff;font:inherit;font-weight:600;cursor:pointer}
.warn{font-size:.85rem;background:#fef3c7;color:#78350f;padding:.5rem .7rem;border-radius:6px}
.err{background:#fee2e2;color:#7f1d1d;padding:.5rem .7rem;border-radius:6px}
@media (prefers-color-scheme:dark){body{background:#0f172a;color:#e2e8f0}main{background:#1e293b}p{color:#cbd5e1}
.acc{background:#1e293b;border-color:#475569}input{background:#0f172a;color:#e2e8f0}.role{background:#064e3b;color:#d1fae5}}
</style></head><body><main>
<h1>{{call .T "title"}}</h1>
<p class="warn">{{call .T "warning"}}</p>
{{if .Problem}}<p class="err" role="alert">{{.Problem}}</p>{{end}}
<h2 style="font-size:1rem">{{call .T "demo_accounts"}}</h2>
{{range .Accounts}}<form method="post">{{range $k, $v := $.Hidden}}<input type="hidden" name="{{$k}}" value="{{$v}}">{{end}}
<input type="hidden" name="email" value="{{.Email}}">
<button class="acc" type="submit"><span>{{.GivenName}} {{.FamilyName}}<br><small>{{.Email}}</small></span><span class="role">{{.Role}}</span></button></form>
{{end}}
<h2 style="font-size:1rem;margin-top:1.5rem">{{call .T "new_account"}}</h2>
<form method="post">{{range $k, $v := .Hidden}}<input type="hidden" name="{{$k}}" value="{{$v}}">{{end}}
<label for="email">{{call .T "email"}}</label><input id="email" name="email" type="email" required autocomplete="email">
<label for="given_name">{{call .T "given_name"}}</label><input id="given_name" name="given_name" autocomplete="given-name">
<label for="family_name">{{call .T "family_name"}}</label><input id="family_name" name="family_name" autocomplete="family-name">
<button class="go" type="submit">{{call .T "sign_in"}}</button></form>
</main></body></html>
`))
