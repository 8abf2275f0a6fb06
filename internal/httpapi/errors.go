package httpapi

import (
	"context"
	"encoding/json"
	"errors"
	"maps"
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/danielgtaylor/huma/v2"

	"github.com/tennisladder/ladder/internal/i18n"
	"github.com/tennisladder/ladder/internal/service"
	"github.com/tennisladder/ladder/web"
)

// messages renders error texts; it reads the embedded errors.json of the web app.
var messages = func() *i18n.Catalog {
	c, err := i18n.Load(web.Locales(), "errors")
	if err != nil {
		panic("load errors.json: " + err.Error())
	}
	return c
}()

// Problem is every error response: RFC 9457 problem+json plus `message` (in the request's
// language, what the web app's request helper shows) and `code` (a stable key).
type Problem struct {
	Type    string         `json:"type,omitempty" doc:"A URI reference for the problem type."`
	Title   string         `json:"title,omitempty" doc:"Short summary of the problem type (the HTTP status text)."`
	Status  int            `json:"status,omitempty" doc:"HTTP status code."`
	Detail  string         `json:"detail,omitempty" doc:"Explanation of this occurrence (same as message)."`
	Message string         `json:"message" doc:"Human-readable text in the request's language."`
	Code    string         `json:"code" doc:"Stable error key, e.g. validation.failed."`
	Errors  []FieldProblem `json:"errors,omitempty" doc:"One entry per bad input field."`

	retryAfter int
}

// FieldProblem is one bad field of the request.
type FieldProblem struct {
	Location string `json:"location" doc:"Where the problem is, e.g. body.email."`
	Message  string `json:"message" doc:"Human-readable text in the request's language."`
	Code     string `json:"code" doc:"Stable error key, e.g. validation.required."`
}

func (p *Problem) Error() string  { return p.Code + ": " + p.Message }
func (p *Problem) GetStatus() int { return p.Status }

// ContentType makes huma send application/problem+json.
func (p *Problem) ContentType(ct string) string {
	if ct == "application/json" {
		return "application/problem+json"
	}
	return ct
}

// GetHeaders sends Retry-After with 429 and 503 answers.
func (p *Problem) GetHeaders() http.Header {
	if p.retryAfter <= 0 {
		return nil
	}
	return http.Header{"Retry-After": {strconv.Itoa(p.retryAfter)}}
}

type ctxKey int

const langKey ctxKey = iota

// withLang stores the language of the request (from Accept-Language) in its context.
func withLang(r *http.Request) *http.Request {
	return r.WithContext(context.WithValue(r.Context(), langKey, langFor(r.Header.Get("Accept-Language"))))
}

// langs remembers the language chosen for Accept-Language headers seen (browsers send a handful
// of distinct ones; parsing one cost more than the rest of the middleware). It stops growing at
// langCacheMax entries, so hostile headers cannot fill memory.
var (
	langs     sync.Map // header → language
	langCount atomic.Int64
)

const langCacheMax = 1024

func langFor(header string) string {
	if l, ok := langs.Load(header); ok {
		return l.(string)
	}
	l := i18n.Lang(header)
	if len(header) <= 200 && langCount.Load() < langCacheMax {
		if _, loaded := langs.LoadOrStore(header, l); !loaded {
			langCount.Add(1)
		}
	}
	return l
}

func langOf(ctx context.Context) string {
	if l, ok := ctx.Value(langKey).(string); ok {
		return l
	}
	return i18n.Fallback
}

var statusCodes = map[int]string{
	http.StatusBadRequest:            "http.bad_request",
	http.StatusUnauthorized:          "http.unauthorized",
	http.StatusForbidden:             "http.forbidden",
	http.StatusNotFound:              "http.not_found",
	http.StatusMethodNotAllowed:      "http.method_not_allowed",
	http.StatusNotAcceptable:         "http.not_acceptable",
	http.StatusConflict:              "http.conflict",
	http.StatusRequestEntityTooLarge: "http.payload_too_large",
	http.StatusUnsupportedMediaType:  "http.unsupported_media_type",
	http.StatusUnprocessableEntity:   "validation.failed",
	http.StatusTooManyRequests:       "http.too_many_requests",
	http.StatusServiceUnavailable:    "http.unavailable",
}

// newProblem builds the problem for status with a translated message for code.
func newProblem(lang string, status int, code string, params map[string]any) *Problem {
	if code == "" {
		if code = statusCodes[status]; code == "" {
			code = "http.internal"
		}
	}
	msg := messages.T(lang, code, params)
	return &Problem{Status: status, Title: http.StatusText(status), Detail: msg, Message: msg, Code: code}
}

// writeProblem sends a problem from a plain (non-huma) handler.
func writeProblem(w http.ResponseWriter, r *http.Request, p *Problem) {
	if h := p.GetHeaders(); h != nil {
		for k, v := range h {
			w.Header()[k] = v
		}
	}
	w.Header().Set("Content-Type", "application/problem+json")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(p.Status)
	_ = json.NewEncoder(w).Encode(p)
}

var serviceStatus = map[service.Kind]int{
	service.KindInvalid:      http.StatusUnprocessableEntity,
	service.KindUnauthorized: http.StatusUnauthorized,
	service.KindForbidden:    http.StatusForbidden,
	service.KindNotFound:     http.StatusNotFound,
	service.KindConflict:     http.StatusConflict,
	service.KindRateLimited:  http.StatusTooManyRequests,
	service.KindTooLarge:     http.StatusRequestEntityTooLarge,
	service.KindUnavailable:  http.StatusServiceUnavailable,
}

// problemFrom turns an error of a service call into the response: service refusals keep their
// code and field errors; anything else is an internal error whose text never reaches the client.
func (s *Server) problemFrom(ctx context.Context, err error) error {
	lang := langOf(ctx)
	e, ok := service.AsError(err)
	if !ok && dbUnavailable(err) {
		s.log.ErrorContext(ctx, "database unavailable", "err", err)
		return unavailableProblem(lang)
	}
	if !ok {
		s.log.ErrorContext(ctx, "internal error", "err", err)
		return newProblem(lang, http.StatusInternalServerError, "http.internal", nil)
	}
	status := serviceStatus[e.Kind]
	if status == 0 {
		status = http.StatusInternalServerError
	}
	params := maps.Clone(e.Params) // texts named by key are translated before they fill the message
	for k, v := range params {
		if key, ok := v.(service.TextKey); ok {
			params[k] = messages.T(lang, string(key), nil)
		}
	}
	p := newProblem(lang, status, e.Code, params)
	p.retryAfter = e.RetryAfterSeconds
	for _, f := range e.Fields {
		p.Errors = append(p.Errors, FieldProblem{Location: "body." + f.Field, Code: f.Code, Message: messages.T(lang, f.Code, f.Params)})
	}
	return p
}

// installHumaErrors makes huma's own errors (validation, bad JSON, 404s of the API) problems
// with translated messages. huma calls NewErrorWithContext for everything it refuses.
func installHumaErrors() {
	huma.NewError = func(status int, msg string, errs ...error) huma.StatusError {
		return humaProblem(i18n.Fallback, status, msg, errs)
	}
	huma.NewErrorWithContext = func(ctx huma.Context, status int, msg string, errs ...error) huma.StatusError {
		lang := i18n.Fallback
		if ctx != nil {
			lang = langOf(ctx.Context())
		}
		return humaProblem(lang, status, msg, errs)
	}
}

func humaProblem(lang string, status int, msg string, errs []error) *Problem {
	code := ""
	if status == http.StatusBadRequest {
		code = "validation.malformed" // huma answers 400 only when the body cannot be parsed
	}
	p := newProblem(lang, status, code, nil)
	for _, err := range errs {
		var d *huma.ErrorDetail
		if errors.As(err, &d) {
			loc, fcode, params := translateDetail(d)
			if status == http.StatusBadRequest {
				fcode, params = code, nil
			}
			p.Errors = append(p.Errors, FieldProblem{Location: loc, Code: fcode, Message: messages.T(lang, fcode, params)})
		}
	}
	return p
}

var (
	reRequired = regexp.MustCompile(`^expected required property (\S+) to be present`)
	reMaxLen   = regexp.MustCompile(`^expected length <= (\d+)`)
	reMinLen   = regexp.MustCompile(`^expected length >= (\d+)`)
	reOneOf    = regexp.MustCompile(`^expected value to be one of "(.*)"`)
)

// translateDetail maps huma's English validation texts to our keys. Unknown texts fall back to
// validation.invalid so the user still gets a translated message.
func translateDetail(d *huma.ErrorDetail) (string, string, map[string]any) {
	loc, msg := d.Location, d.Message
	if m := reRequired.FindStringSubmatch(msg); m != nil {
		return loc + "." + m[1], "validation.required", nil
	}
	if m := reMaxLen.FindStringSubmatch(msg); m != nil {
		return loc, "validation.too_long", map[string]any{"max": m[1]}
	}
	if m := reMinLen.FindStringSubmatch(msg); m != nil {
		if m[1] == "1" {
			return loc, "validation.required", nil
		}
		return loc, "validation.too_short", map[string]any{"min": m[1]}
	}
	if m := reOneOf.FindStringSubmatch(msg); m != nil {
		return loc, "validation.one_of", map[string]any{"values": m[1]}
	}
	switch {
	case strings.HasPrefix(msg, "expected string to be RFC 5322 email"):
		return loc, "validation.email", nil
	case strings.HasPrefix(msg, "unexpected property"):
		return loc, "validation.unexpected", nil
	}
	return loc, "validation.invalid", nil
}
