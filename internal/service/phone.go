package service

import (
	"regexp"
	"strings"
)

// Phones are stored in one international format (E.164: "+", country code, number, no spaces),
// whatever field they come from (profile phone, WhatsApp, Signal, Telegram, club phone). Input may
// carry spaces, dashes, dots and brackets; "00" stands for "+"; a number without a country code is
// Portuguese when it has the 9 digits of a Portuguese number (DECISIONS "Phones").
var (
	phoneJunk = strings.NewReplacer(" ", "", "-", "", ".", "", "(", "", ")", "", "\u00a0", "")
	reE164    = regexp.MustCompile(`^\+[1-9][0-9]{7,14}$`)
	reNineDig = regexp.MustCompile(`^[0-9]{9}$`)
	rePT12    = regexp.MustCompile(`^351[0-9]{9}$`)
)

// NormalizePhone returns s in E.164 and true, or false when s is not a phone number it can place:
// fewer than 8 or more than 15 digits, letters, or digits without a country code that are not a
// Portuguese number.
func NormalizePhone(s string) (string, bool) {
	n := phoneJunk.Replace(strings.TrimSpace(s))
	switch {
	case strings.HasPrefix(n, "00"):
		n = "+" + n[2:]
	case reNineDig.MatchString(n):
		n = "+351" + n
	case rePT12.MatchString(n):
		n = "+" + n
	}
	if !reE164.MatchString(n) {
		return "", false
	}
	// A Portuguese number has exactly nine digits after the country code.
	if strings.HasPrefix(n, "+351") && len(n) != 13 {
		return "", false
	}
	return n, true
}
