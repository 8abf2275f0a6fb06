package httpapi

import (
	"bytes"
	"math"
	"strconv"
	"sync"
	"sync/atomic"
	"unsafe"

	"github.com/tennisladder/ladder/internal/rating"
	"github.com/tennisladder/ladder/internal/service"
	"github.com/tennisladder/ladder/internal/store"
)

// keptRowsJSON is the JSON of every row of one kept ranking (service.Standings returns the same
// slice while the tournament's version, the week and the TTL hold), without the two fields that
// depend on the reader: win_probability and can_challenge. Encoding 60 rows through huma was
// most of the standings' CPU (issue 16); the reader's part is appended per request.
type keptRowsJSON struct {
	rows []service.StandingRow // the kept slice itself: identity says the encoding is current
	enc  [][]byte              // per row: `{"position":…,"rating":{…}` (no closing brace)
	// Whole bodies for readers without reader-dependent fields (visitors: no rating to compare,
	// nobody to challenge), by page and tournament settings (see visitorKey); at most
	// visitorBodiesMax.
	visitor      sync.Map
	visitorCount atomic.Int64
}

// visitorBodiesMax bounds the whole bodies kept per ranking (pages asked for by visitors).
const visitorBodiesMax = 64

// standingsJSON keeps one keptRowsJSON per tournament id (sync.Map of int64 → *keptRowsJSON).
type standingsJSON struct {
	m     sync.Map
	count atomic.Int64
}

// standingsJSONMax bounds the tournaments whose encoded rows are kept; past it the memory starts
// afresh.
const standingsJSONMax = 4096

// readerSuffix is what encodeJSON writes for a row's reader-dependent fields left empty; the
// kept encoding is the row's JSON without it.
const readerSuffix = `,"win_probability":null,"can_challenge":false}` + "\n"

// rowsJSON returns the encoded rows of the kept ranking rows, encoding them once per kept slice.
// A ranking recomputed (new version, new week, TTL) is a new slice, so a change made through any
// instance shows on the next request exactly as the rows do.
func (c *standingsJSON) rowsJSON(id int64, rows []service.StandingRow) (*keptRowsJSON, error) {
	if v, ok := c.m.Load(id); ok {
		k := v.(*keptRowsJSON)
		if len(k.rows) == len(rows) && unsafe.SliceData(k.rows) == unsafe.SliceData(rows) {
			return k, nil
		}
	}
	enc := make([][]byte, len(rows))
	for i, r := range rows {
		b, err := encodeJSON(viewStanding(r))
		if err != nil {
			return nil, err
		}
		if !bytes.HasSuffix(b, []byte(readerSuffix)) {
			panic("standingsJSON: standingView no longer ends with win_probability and can_challenge")
		}
		enc[i] = b[:len(b)-len(readerSuffix)]
	}
	if c.count.Add(1) > standingsJSONMax {
		c.m.Clear()
		c.count.Store(1)
	}
	k := &keptRowsJSON{rows: rows, enc: enc}
	c.m.Store(id, k)
	return k, nil
}

// standingsBody encodes standingsOutput's Body exactly as encodeJSON would (a test compares):
// the rows' shared JSON from the kept encoding, the reader's fields per request.
func (s *Server) standingsBody(t store.Tournament, rows []service.StandingRow, offset, limit int,
	targets service.ChallengeTargets, me *rating.Rating, meID int64) ([]byte, error) {
	k, err := s.standingsJSON.rowsJSON(t.ID, rows)
	if err != nil {
		return nil, err
	}
	if me != nil || len(targets.Can) != 0 {
		return encodeStandings(k.enc, t, rows, offset, limit, targets, me, meID), nil
	}
	// Nothing depends on the reader: the whole body is kept with the rows. The tournament's
	// settings are part of the key: a change to them need not bump the ranking's version.
	key := strconv.Itoa(offset) + "/" + strconv.Itoa(limit) + "/" + targets.Blocked + "/" + t.RankingType + "/" +
		strconv.Itoa(t.ChallengeRange)
	if b, ok := k.visitor.Load(key); ok {
		return b.([]byte), nil
	}
	b := encodeStandings(k.enc, t, rows, offset, limit, targets, nil, 0)
	if k.visitorCount.Add(1) <= visitorBodiesMax {
		k.visitor.Store(key, keep(b))
	}
	return b, nil
}

// encodeStandings assembles the body from the rows' kept JSON and the reader's fields.
func encodeStandings(enc [][]byte, t store.Tournament, rows []service.StandingRow, offset, limit int,
	targets service.ChallengeTargets, me *rating.Rating, meID int64) []byte {
	lo, hi := min(offset, len(rows)), min(offset+limit, len(rows))
	size := 160
	for _, e := range enc[lo:hi] {
		size += len(e) + 48
	}
	b := make([]byte, 0, size)
	b = append(b, `{"total":`...)
	b = strconv.AppendInt(b, int64(len(rows)), 10)
	if hi < len(rows) {
		b = append(b, `,"next_offset":`...)
		b = strconv.AppendInt(b, int64(hi), 10)
	}
	b = append(b, `,"ranking_type":`...)
	b = appendJSONString(b, t.RankingType)
	b = append(b, `,"challenge_range":`...)
	b = strconv.AppendInt(b, int64(t.ChallengeRange), 10)
	b = append(b, `,"challenge_blocked":`...)
	b = appendJSONString(b, targets.Blocked)
	b = append(b, `,"items":[`...)
	for i := lo; i < hi; i++ {
		if i > lo {
			b = append(b, ',')
		}
		b = append(b, enc[i]...)
		b = append(b, `,"win_probability":`...)
		if r := rows[i]; me != nil && r.UserID != meID {
			// As encoding/json writes a float64 in [0, 1] rounded to thousandths.
			b = strconv.AppendFloat(b, math.Round(rating.WinProbability(*me, r.Rating)*1000)/1000, 'f', -1, 64)
		} else {
			b = append(b, "null"...)
		}
		b = append(b, `,"can_challenge":`...)
		b = strconv.AppendBool(b, targets.Can[rows[i].UserID])
		b = append(b, '}')
	}
	return append(b, "]}\n"...)
}

// appendJSONString appends s as encodeJSON writes a string (no HTML escaping).
func appendJSONString(b []byte, s string) []byte {
	e, _ := encodeJSON(s) // a string always encodes
	return append(b, e[:len(e)-1]...)
}
