package httpapi

import (
	"bytes"
	"context"
	"encoding/csv"
	"errors"
	"math"
	"strconv"
	"time"

	"github.com/tennisladder/ladder/internal/i18n"
	"github.com/tennisladder/ladder/internal/rating"
	"github.com/tennisladder/ladder/internal/service"
	"github.com/tennisladder/ladder/internal/store"
	"github.com/tennisladder/ladder/web"
)

// boardTexts are the leaderboards namespace of the web app: the CSV export's header is in the
// reader's language.
var boardTexts = func() *i18n.Catalog {
	c, err := i18n.Load(web.Locales(), "leaderboards")
	if err != nil {
		panic("load leaderboards.json: " + err.Error())
	}
	return c
}()

// MaxExportRows bounds a CSV export (the first rows of the ranking).
const MaxExportRows = 5000

type leaderboardInput struct {
	Period string `query:"period" enum:"all,month,week" default:"all" doc:"all time, or this month / this week in the reader's time zone (visitors: Europe/Lisbon)"`
	Offset int    `query:"offset" minimum:"0" maximum:"100000" doc:"Rows to skip: next_offset of the previous page"`
	Limit  int    `query:"limit" minimum:"1" maximum:"100" default:"20"`
}

type leaderRowView struct {
	Position int        `json:"position"`
	Player   personView `json:"player"`
	Points   int        `json:"points" doc:"Ranking points won in the period's validated matches, all tournaments"`
	Wins     int        `json:"wins"`
	Losses   int        `json:"losses"`
	Matches  int        `json:"matches"`
	Rating   ratingView `json:"rating" doc:"The current global rating"`
}

type leaderboardView struct {
	Period     string          `json:"period"`
	From       *time.Time      `json:"from" doc:"Start of the period (absent for all time)"`
	To         *time.Time      `json:"to" doc:"End of the period, excluded"`
	Items      []leaderRowView `json:"items"`
	NextOffset int             `json:"next_offset" doc:"Offset of the next page (0: no more)"`
	// Me stays the last field: joinLeaderboard puts the reader's row in the kept page there.
	Me *leaderRowView `json:"me" doc:"The reader's own row and position (absent: visitor, or no match in the period)"`
}

type leaderboardOutput struct{ Body leaderboardView }

func viewLeader(r store.LeaderRow) leaderRowView {
	return leaderRowView{Position: r.Position, Player: viewPerson(r.User), Points: r.Points, Wins: r.Wins, Losses: r.Losses,
		Matches: r.Matches, Rating: viewRating(rating.Rating{R: r.Rating, RD: r.RD, Sigma: r.Sigma})}
}

// getLeaderboard answers with the page's encoding kept per version of the rankings' data
// (service.LeaderboardEncoded) followed by the reader's own row, encoded per request.
func (s *Server) getLeaderboard(ctx context.Context, in *leaderboardInput) ([]byte, error) {
	render := func(v service.LeaderboardView) ([]byte, error) { return renderLeaderboard(in.Period, in.Offset, v) }
	v, body, err := s.svc.LeaderboardEncoded(ctx, currentFrom(ctx), in.Period, in.Offset, in.Limit, render)
	if err != nil {
		return nil, s.problemFrom(ctx, err)
	}
	if body == nil { // a page of this reader alone
		return encodeJSON(leaderboardBody(in.Period, in.Offset, v))
	}
	out, err := joinLeaderboard(body, v.Me)
	if err != nil {
		return nil, s.problemFrom(ctx, err)
	}
	if v.Me != nil { // the kept page's shared part, then the reader's row (gzipjoined.go)
		shared := len(body) - len(leaderMeNull)
		offerJoined(ctx, out, joinedSeg{b: body[:shared], kept: true}, joinedSeg{b: out[shared:]})
	}
	return out, nil
}

// joinLeaderboard is the kept page (renderLeaderboard) with the reader's row. Without one it
// is the kept page itself, shared by every such reader (it must not be modified), so its bytes
// are the same slice each time and go out compressed (gzipkept.go).
func joinLeaderboard(kept []byte, row *store.LeaderRow) ([]byte, error) {
	if row == nil {
		return kept, nil
	}
	me, err := encodeJSON(viewLeader(*row))
	if err != nil {
		return nil, err
	}
	me = bytes.TrimSuffix(me, []byte("\n"))
	shared := kept[:len(kept)-len(leaderMeNull)]
	out := make([]byte, 0, len(shared)+len(me)+8)
	out = append(append(append(append(out, shared...), `,"me":`...), me...), "}\n"...)
	return out, nil
}

// leaderMeNull ends a page encoded without the reader's row: joinLeaderboard replaces it.
const leaderMeNull = `,"me":null}` + "\n"

// renderLeaderboard encodes the page every reader shares, without the reader's row: its last
// field, me, is null (joinLeaderboard puts a reader's row there, which is why leaderboardView
// declares it last).
func renderLeaderboard(period string, offset int, v service.LeaderboardView) ([]byte, error) {
	v.Me = nil
	b, err := encodeJSON(leaderboardBody(period, offset, v))
	if err != nil {
		return nil, err
	}
	if !bytes.HasSuffix(b, []byte(leaderMeNull)) {
		return nil, errors.New("leaderboard body does not end with me")
	}
	return keep(b), nil
}

func leaderboardBody(period string, offset int, v service.LeaderboardView) leaderboardView {
	out := leaderboardView{Period: period, Items: make([]leaderRowView, 0, len(v.Rows))}
	if !v.From.IsZero() {
		out.From, out.To = &v.From, &v.To
	}
	for _, r := range v.Rows {
		out.Items = append(out.Items, viewLeader(r))
	}
	if v.More {
		out.NextOffset = offset + len(v.Rows)
	}
	if v.Me != nil {
		me := viewLeader(*v.Me)
		out.Me = &me
	}
	return out
}

type leaderboardCSVInput struct {
	Period string `query:"period" enum:"all,month,week" default:"all"`
}

type leaderboardCSVOutput struct {
	ContentType        string `header:"Content-Type"`
	ContentDisposition string `header:"Content-Disposition"`
	Body               []byte
}

// getLeaderboardCSV exports the ranking the reader sees (the first MaxExportRows rows): RFC
// 4180 through encoding/csv, UTF-8 with a byte-order mark so spreadsheet programs read the
// accents, the header in the reader's language and the day in the file name.
func (s *Server) getLeaderboardCSV(ctx context.Context, in *leaderboardCSVInput) (*leaderboardCSVOutput, error) {
	cur, lang := currentFrom(ctx), langOf(ctx)
	var buf bytes.Buffer
	buf.WriteString("\ufeff")
	w := csv.NewWriter(&buf)
	t := func(k string) string { return boardTexts.T(lang, "csv."+k, nil) }
	_ = w.Write([]string{t("position"), t("player"), t("points"), t("wins"), t("losses"), t("matches"), t("rating"), t("provisional")})
	const page = 500
	for off := 0; off < MaxExportRows; off += page {
		v, err := s.svc.Leaderboard(ctx, cur, in.Period, off, min(page, MaxExportRows-off))
		if err != nil {
			return nil, s.problemFrom(ctx, err)
		}
		for _, r := range v.Rows {
			prov := t("no")
			if (rating.Rating{R: r.Rating, RD: r.RD}).Provisional() {
				prov = t("yes")
			}
			_ = w.Write([]string{strconv.Itoa(r.Position), csvText(service.DisplayName(r.User)), strconv.Itoa(r.Points),
				strconv.Itoa(r.Wins), strconv.Itoa(r.Losses), strconv.Itoa(r.Matches), strconv.Itoa(int(math.Round(r.Rating))), prov})
		}
		if !v.More {
			break
		}
	}
	w.Flush()
	if err := w.Error(); err != nil {
		return nil, s.problemFrom(ctx, err)
	}
	day := s.svc.Today(cur)
	name := t("file") + "-" + in.Period + "-" + day + ".csv"
	return &leaderboardCSVOutput{ContentType: "text/csv; charset=utf-8",
		ContentDisposition: `attachment; filename="` + name + `"`, Body: buf.Bytes()}, nil
}
