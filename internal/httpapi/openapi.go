package httpapi

import (
	"net/http"
	"reflect"
	"slices"
	"strconv"

	"github.com/danielgtaylor/huma/v2"

	"github.com/tennisladder/ladder/internal/policy"
)

// sessionScheme is the name of the session-cookie security scheme in the OpenAPI document.
const sessionScheme = "session"

// rateLimited are the operations with a rate limit (per client address or per account): they
// may answer 429 with Retry-After.
var rateLimited = map[string]bool{
	"send-contact": true, "sign-in-redirect-url": true, "create-session": true,
	"propose-club": true, "create-tournament": true, "create-challenge": true, "report-result": true,
	"upload-photo": true, "upload-club-image": true, "upload-tournament-image": true,
	"transfer-user": true, "request-deletion": true, "request-own-deletion": true,
	"check-score": true, "calendar-feed": true, "rotate-calendar-feed": true,
	"send-message": true,
}

// describeOperation completes o before it is registered, from its access rule and the shape of
// its input type, so the document says what the server does without each route repeating it:
//   - security: the session cookie for SignedIn, AdminOnly and SuperAdmins; optional for Public
//     (a signed-in caller may see more, e.g. can_* flags);
//   - the error answers it can give, added to those the route lists itself (the ones only the
//     service knows, e.g. 409):
//     400 text guard and malformed JSON (operations with a body or parameters),
//     401 (not public), 403 (admin-only, or a state-changing method: cross-origin protection),
//     404 (path parameters), 413 and 415 (a body), 422 (a body or parameters),
//     429 (rate-limited operations), 503 (the database is unavailable: every operation).
func describeOperation(access policy.Access, o *huma.Operation, input reflect.Type) {
	if access == policy.Public {
		o.Security = []map[string][]string{{}, {sessionScheme: {}}}
	} else {
		o.Security = []map[string][]string{{sessionScheme: {}}}
	}
	body, params, pathParams := inputShape(input)
	add := func(cond bool, status int) {
		if cond && !slices.Contains(o.Errors, status) {
			o.Errors = append(o.Errors, status)
		}
	}
	stateChanging := o.Method != http.MethodGet && o.Method != http.MethodHead
	add(body || params, http.StatusBadRequest)
	add(access != policy.Public, http.StatusUnauthorized)
	add(access == policy.AdminOnly || access == policy.SuperAdmins || stateChanging, http.StatusForbidden)
	add(pathParams, http.StatusNotFound)
	add(body, http.StatusRequestEntityTooLarge)
	add(body, http.StatusUnsupportedMediaType)
	add(body || params, http.StatusUnprocessableEntity)
	add(rateLimited[o.OperationID], http.StatusTooManyRequests)
	add(true, http.StatusServiceUnavailable)
	slices.Sort(o.Errors)
}

// inputShape tells whether an operation's input type has a body, any parameters, and path
// parameters.
func inputShape(t reflect.Type) (body, params, pathParams bool) {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if t.Kind() != reflect.Struct {
		return false, false, false
	}
	for i := range t.NumField() {
		f := t.Field(i)
		switch {
		case f.Name == "Body" || f.Name == "RawBody":
			body = true
		case f.Tag.Get("path") != "":
			params, pathParams = true, true
		case f.Tag.Get("query") != "" || f.Tag.Get("header") != "" || f.Tag.Get("cookie") != "":
			params = true
		case f.Anonymous:
			b, p, pp := inputShape(f.Type)
			body, params, pathParams = body || b, params || p, pathParams || pp
		}
	}
	return body, params, pathParams
}

// documentDefaults states the default of every optional property of a POST body that has none
// written in its tag: the zero value, which is what the server uses when the property is absent
// (huma cannot write an empty default from a struct tag). Objects keep no default: they are
// required only in some cases, which their description says.
func documentDefaults(api huma.API, o *huma.Operation) {
	if o == nil || o.Method != http.MethodPost || o.RequestBody == nil {
		return
	}
	for _, mt := range o.RequestBody.Content {
		s := mt.Schema
		if s != nil && s.Ref != "" {
			s = api.OpenAPI().Components.Schemas.SchemaFromRef(s.Ref)
		}
		if s == nil || s.Type != huma.TypeObject {
			continue
		}
		for name, p := range s.Properties {
			if p.Default != nil || slices.Contains(s.Required, name) {
				continue
			}
			switch p.Type {
			case huma.TypeString:
				p.Default = ""
			case huma.TypeBoolean:
				p.Default = false
			case huma.TypeInteger, huma.TypeNumber:
				p.Default = 0
			case huma.TypeArray:
				p.Default = []any{}
			}
		}
	}
}

// registered is the operation huma documented for method and path.
func registered(api huma.API, method, path string) *huma.Operation {
	item := api.OpenAPI().Paths[path]
	if item == nil {
		return nil
	}
	return map[string]*huma.Operation{http.MethodGet: item.Get, http.MethodPost: item.Post, http.MethodPut: item.Put,
		http.MethodPatch: item.Patch, http.MethodDelete: item.Delete}[method]
}

// documentPlain adds a plain route (served by the ServeMux, not huma) to the OpenAPI document.
func documentPlain(api huma.API, access policy.Access, o huma.Operation, input reflect.Type) {
	describeOperation(access, &o, input)
	if o.Responses == nil {
		o.Responses = map[string]*huma.Response{}
	}
	problem := api.OpenAPI().Components.Schemas.Schema(reflect.TypeFor[Problem](), true, "Problem")
	for _, status := range o.Errors {
		o.Responses[strconv.Itoa(status)] = &huma.Response{Description: http.StatusText(status),
			Content: map[string]*huma.MediaType{"application/problem+json": {Schema: problem}}}
	}
	api.OpenAPI().AddOperation(&o)
}

// allowedMethods lists the methods the router has for r's path (GET implies HEAD), or nil
// when only the app's catch-all route takes it.
func (s *Server) allowedMethods(r *http.Request) []string {
	var allow []string
	for _, m := range []string{http.MethodGet, http.MethodHead, http.MethodPost, http.MethodPut, http.MethodPatch, http.MethodDelete} {
		probe := &http.Request{Method: m, URL: r.URL, Host: r.Host, Header: http.Header{}}
		if _, pattern := s.mux.Handler(probe); pattern != "" && pattern != "/" {
			allow = append(allow, m)
		}
	}
	return allow
}
