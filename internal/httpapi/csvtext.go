package httpapi

// csvText makes a text cell of a CSV export safe to open in a spreadsheet program: a cell that
// starts with = + - @ (or a tab or carriage return, which some programs skip before those) is
// read as a formula even inside quotes — "CSV injection" (OWASP). Names and tournament names are
// chosen by users, so such a cell gets a leading apostrophe, which spreadsheets show as text and
// hide. Numbers are written by strconv and never pass through here (a negative number stays one).
func csvText(s string) string {
	if s == "" {
		return s
	}
	switch s[0] {
	case '=', '+', '-', '@', '\t', '\r':
		return "'" + s
	}
	return s
}
