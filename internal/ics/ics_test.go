package ics

import (
	"bytes"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	goical "github.com/emersion/go-ical"
)

func TestWriteFoldsEscapesAndParses(t *testing.T) {
	start := time.Date(2026, 5, 4, 18, 30, 0, 0, time.FixedZone("WEST", 3600))
	long := strings.Repeat("Açoteia, campo; ", 12) + "fim\\"
	c := Calendar{Name: "Jogos, de Ana", Events: []Event{{UID: "match-7@ladder", Start: start, End: start.Add(90 * time.Minute),
		Summary: "Ténis: Ana vs Rui", Location: long, Description: "linha 1\nlinha 2", URL: "https://x.test/m/7", Status: "CONFIRMED"}}}
	out := Write(c, time.Date(2026, 5, 1, 9, 0, 0, 0, time.UTC))
	for i, l := range strings.Split(strings.TrimSuffix(string(out), "\r\n"), "\r\n") {
		if len(l) > 75 {
			t.Errorf("line %d has %d octets", i, len(l))
		}
		if !utf8.ValidString(l) {
			t.Errorf("line %d splits a character: %q", i, l)
		}
		if strings.Contains(l, "\n") {
			t.Errorf("bare LF in line %d", i)
		}
	}
	cal, err := goical.NewDecoder(bytes.NewReader(out)).Decode()
	if err != nil {
		t.Fatal(err)
	}
	evs := cal.Events()
	if len(evs) != 1 {
		t.Fatalf("%d events", len(evs))
	}
	e := evs[0]
	if got, _ := e.Props.Text(goical.PropLocation); got != long {
		t.Errorf("location %q, want %q", got, long)
	}
	if got, _ := e.Props.Text(goical.PropDescription); got != "linha 1\nlinha 2" {
		t.Errorf("description %q", got)
	}
	if got, _ := e.DateTimeStart(time.UTC); !got.Equal(start) {
		t.Errorf("start %v", got)
	}
	if p := e.Props.Get(goical.PropDateTimeStart); !strings.HasSuffix(p.Value, "Z") {
		t.Errorf("start not in UTC: %q", p.Value)
	}
	if got, _ := cal.Props.Text("X-WR-CALNAME"); got != "Jogos, de Ana" {
		t.Errorf("name %q", got)
	}
}
