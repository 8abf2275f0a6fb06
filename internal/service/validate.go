package service

import (
	"net/mail"
	"strings"
	"unicode/utf8"
)

// requiredText trims s, and records a field error when it is empty or longer than max runes.
func (f *fieldErrors) requiredText(field, s string, max int) string {
	s = strings.TrimSpace(s)
	switch {
	case s == "":
		f.add(field, "validation.required", nil)
	case utf8.RuneCountInString(s) > max:
		f.add(field, "validation.too_long", map[string]any{"max": max})
	}
	return s
}

// requiredEmail trims s and checks that it is a plain address (no display name) whose domain
// has a dot: what people mean by "an email address" in a form.
func (f *fieldErrors) requiredEmail(field, s string) string {
	s = strings.TrimSpace(s)
	if s == "" {
		f.add(field, "validation.required", nil)
		return s
	}
	if !validEmail(s) {
		f.add(field, "validation.email", nil)
	}
	return s
}

func validEmail(s string) bool {
	if len(s) > 254 {
		return false
	}
	a, err := mail.ParseAddress(s)
	if err != nil || a.Address != s || a.Name != "" {
		return false
	}
	at := strings.LastIndexByte(s, '@')
	domain := s[at+1:]
	return at > 0 && strings.Contains(domain, ".") && !strings.HasSuffix(domain, ".") && !strings.HasPrefix(domain, ".")
}

// oneOf records a field error when s is not one of the allowed values.
func (f *fieldErrors) oneOf(field, s string, allowed ...string) string {
	for _, a := range allowed {
		if s == a {
			return s
		}
	}
	if strings.TrimSpace(s) == "" {
		f.add(field, "validation.required", nil)
	} else {
		f.add(field, "validation.one_of", map[string]any{"values": strings.Join(allowed, ", ")})
	}
	return s
}
