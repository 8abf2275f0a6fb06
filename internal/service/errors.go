// Package service holds the use cases of the application: each method opens a transaction,
// checks the policy, applies the rules, writes and queues what follows. It knows nothing of HTTP.
package service

import (
	"errors"
	"fmt"
)

// Kind classifies a refusal so that each interface (HTTP, CLI) can report it its own way.
type Kind int

const (
	KindInvalid      Kind = iota + 1 // bad input; see Fields
	KindUnauthorized                 // not signed in
	KindForbidden                    // signed in but not allowed
	KindNotFound                     // the object does not exist or is hidden from the caller
	KindConflict                     // the object changed state meanwhile (e.g. already accepted)
	KindRateLimited                  // too many attempts; RetryAfterSeconds says when to come back
	KindTooLarge                     // the request (an upload) is over its size limit
	KindUnavailable                  // the server is busy; RetryAfterSeconds says when to come back
)

// FieldError is one bad input field. Code is a translation key of errors.json.
type FieldError struct {
	Field  string
	Code   string
	Params map[string]any
}

// Error is a refusal the user should see. Code is a stable translation key (errors.json) that
// the HTTP layer renders in the request's language.
type Error struct {
	Kind              Kind
	Code              string
	Params            map[string]any
	Fields            []FieldError
	RetryAfterSeconds int
}

func (e *Error) Error() string {
	if len(e.Fields) > 0 {
		return fmt.Sprintf("%s (%d fields: first %s %s)", e.Code, len(e.Fields), e.Fields[0].Field, e.Fields[0].Code)
	}
	return e.Code
}

// AsError extracts a *Error from err.
func AsError(err error) (*Error, bool) {
	var e *Error
	ok := errors.As(err, &e)
	return e, ok
}

// fieldErrors collects field problems in input order; Err returns nil when there are none.
type fieldErrors []FieldError

func (f *fieldErrors) add(field, code string, params map[string]any) {
	*f = append(*f, FieldError{Field: field, Code: code, Params: params})
}

func (f fieldErrors) err() error {
	if len(f) == 0 {
		return nil
	}
	return &Error{Kind: KindInvalid, Code: "validation.failed", Fields: f}
}
