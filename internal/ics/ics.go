// Package ics writes iCalendar (RFC 5545) documents: a VCALENDAR of VEVENTs with CRLF line
// ends, lines folded at 75 octets (never inside a UTF-8 character), TEXT values escaped, and
// every time in UTC ("Z" form). Pure.
package ics

import (
	"strings"
	"time"
	"unicode/utf8"
)

// Event is one match in the calendar.
type Event struct {
	UID         string // globally unique and stable across rewrites of the feed
	Start, End  time.Time
	Summary     string
	Location    string
	Description string
	URL         string
	Status      string // CONFIRMED, TENTATIVE or CANCELLED ("" leaves it out)
	Sequence    int    // bumped when the event changes (its time), so clients update it
}

// Calendar is the document: a name shown by calendar apps and its events.
type Calendar struct {
	Name   string
	Events []Event
}

const stamp = "20060102T150405Z"

// Write renders c with DTSTAMP now.
func Write(c Calendar, now time.Time) []byte {
	var b strings.Builder
	line := func(name, value string) { fold(&b, name+":"+value) }
	line("BEGIN", "VCALENDAR")
	line("VERSION", "2.0")
	line("PRODID", "-//Tennis Ladder//Calendar feed//EN")
	line("CALSCALE", "GREGORIAN")
	line("METHOD", "PUBLISH")
	if c.Name != "" {
		line("X-WR-CALNAME", Escape(c.Name))
	}
	dt := now.UTC().Format(stamp)
	for _, e := range c.Events {
		line("BEGIN", "VEVENT")
		line("UID", Escape(e.UID))
		line("DTSTAMP", dt)
		line("DTSTART", e.Start.UTC().Format(stamp))
		line("DTEND", e.End.UTC().Format(stamp))
		line("SUMMARY", Escape(e.Summary))
		if e.Location != "" {
			line("LOCATION", Escape(e.Location))
		}
		if e.Description != "" {
			line("DESCRIPTION", Escape(e.Description))
		}
		if e.URL != "" {
			line("URL", e.URL)
		}
		if e.Status != "" {
			line("STATUS", e.Status)
		}
		if e.Sequence > 0 {
			line("SEQUENCE", itoa(e.Sequence))
		}
		line("END", "VEVENT")
	}
	line("END", "VCALENDAR")
	return []byte(b.String())
}

func itoa(n int) string {
	if n == 0 {
		return "0"
	}
	var d []byte
	for ; n > 0; n /= 10 {
		d = append([]byte{byte('0' + n%10)}, d...)
	}
	return string(d)
}

// Escape writes a TEXT value (RFC 5545 §3.3.11): backslash, semicolon, comma and newlines
// escaped; other control characters dropped.
func Escape(s string) string {
	var b strings.Builder
	s = strings.ReplaceAll(s, "\r\n", "\n")
	for _, r := range s {
		switch {
		case r == '\\':
			b.WriteString(`\\`)
		case r == ';':
			b.WriteString(`\;`)
		case r == ',':
			b.WriteString(`\,`)
		case r == '\n' || r == '\r':
			b.WriteString(`\n`)
		case r < 0x20 || r == 0x7f:
			if r == '\t' {
				b.WriteRune(' ')
			}
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// fold writes one content line, split into lines of at most 75 octets (continuations start
// with a space, which counts), each ended by CRLF (RFC 5545 §3.1).
func fold(b *strings.Builder, s string) {
	limit := 75
	for len(s) > limit {
		cut := limit
		for cut > 0 && !utf8.RuneStart(s[cut]) {
			cut--
		}
		b.WriteString(s[:cut])
		b.WriteString("\r\n ")
		s = s[cut:]
		limit = 74
	}
	b.WriteString(s)
	b.WriteString("\r\n")
}
