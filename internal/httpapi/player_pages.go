package httpapi

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"strconv"
	"sync/atomic"

	"github.com/tennisladder/ladder/internal/service"
)

// statsPieces is a kept statistics page's JSON (service.PlayerStatisticsKept) cut where the
// reader's parts go: the win probability, and each listed tournament's position now and
// players (the standings move with any validation in the tournament, and are read from their
// own memory per request). body joins them with the reader's values exactly as encodeJSON
// encodes the whole view (a test compares).
type statsPieces struct {
	head   []byte   // up to `"win_probability":`
	places [][]byte // from after the win probability to the first position, between positions, after the last
	// unrated is the last page joined without a win probability (the player's own, the one read
	// most) with the positions it holds: while the standings have not moved it is served as it
	// is, shared like a kept history page, instead of joining ~8 KB again per request.
	unrated atomic.Pointer[joinedStats]
}

// joinedStats is a page body and the position and players of each tournament it was joined with.
type joinedStats struct {
	places []int
	body   []byte
}

const (
	winMarker   = `"win_probability":null,"series":`
	placeMarker = `,"position":0,"players":0,`
)

// renderStats encodes the page as the player sees it, without positions and win probability
// (zero and nil in v), and cuts it at their places.
func renderStats(v service.PlayerStatsView) (any, error) {
	b, err := encodeJSON(viewPlayerStats(v))
	if err != nil {
		return nil, err
	}
	// Strings are escaped (no bare quote inside a name), so the markers match only the fields.
	i := bytes.Index(b, []byte(winMarker))
	if i < 0 || bytes.Count(b, []byte(placeMarker)) != len(v.Tournaments) {
		return nil, errors.New("renderStats: playerStatsView no longer has its fields in the expected order")
	}
	p := &statsPieces{head: b[:i+len(`"win_probability":`)]}
	rest := b[i+len(`"win_probability":null`):]
	for {
		j := bytes.Index(rest, []byte(placeMarker))
		if j < 0 {
			p.places = append(p.places, rest)
			return p, nil
		}
		p.places = append(p.places, rest[:j])
		rest = rest[j+len(placeMarker):]
	}
}

// body is the page for the reader of v (positions, players and win probability filled). The
// result may be shared: it must not be modified.
func (p *statsPieces) body(ctx context.Context, v service.PlayerStatsView) []byte {
	if v.WinProbability != nil {
		// Another player's page: joined per reader, sent compressed from the kept pieces.
		var segs []joinedSeg
		b := p.join(v, &segs)
		offerJoined(ctx, b, segs...)
		return b
	}
	if j := p.unrated.Load(); j != nil && samePlaces(j.places, v.Tournaments) {
		return j.body
	}
	j := &joinedStats{places: make([]int, 0, 2*len(v.Tournaments)), body: keep(p.join(v, nil))}
	for _, t := range v.Tournaments {
		j.places = append(j.places, t.Position, t.Players)
	}
	p.unrated.Store(j)
	return j.body
}

// samePlaces says whether ts hold the positions and players of places (body's pairs).
func samePlaces(places []int, ts []service.TournamentPlace) bool {
	if len(places) != 2*len(ts) {
		return false
	}
	for i, t := range ts {
		if places[2*i] != t.Position || places[2*i+1] != t.Players {
			return false
		}
	}
	return true
}

// join writes the page with v's reader parts; with segs, it also lists the kept pieces and the
// reader's parts between them, in order (offerJoined).
func (p *statsPieces) join(v service.PlayerStatsView, segs *[]joinedSeg) []byte {
	size := len(p.head) + 32
	for _, s := range p.places {
		size += len(s) + 40
	}
	b := make([]byte, 0, size)
	b = append(b, p.head...)
	if v.WinProbability != nil {
		w, _ := json.Marshal(*v.WinProbability) // as encodeJSON writes a float64 (a finite one always encodes)
		b = append(b, w...)
	} else {
		b = append(b, "null"...)
	}
	if segs != nil {
		*segs = append(make([]joinedSeg, 0, 2*len(p.places)+1), joinedSeg{b: p.head, kept: true}, joinedSeg{b: b[len(p.head):]})
	}
	for i, s := range p.places {
		if i > 0 {
			from := len(b)
			t := v.Tournaments[i-1]
			b = append(b, `,"position":`...)
			b = strconv.AppendInt(b, int64(t.Position), 10)
			b = append(b, `,"players":`...)
			b = strconv.AppendInt(b, int64(t.Players), 10)
			b = append(b, ',')
			if segs != nil {
				*segs = append(*segs, joinedSeg{b: b[from:]})
			}
		}
		b = append(b, s...)
		if segs != nil {
			*segs = append(*segs, joinedSeg{b: s, kept: true})
		}
	}
	return b
}
