package httpapi

import (
	"bytes"
	"context"
	"encoding/csv"
	"strconv"

	"github.com/tennisladder/ladder/internal/i18n"
	"github.com/tennisladder/ladder/internal/service"
	"github.com/tennisladder/ladder/web"
)

// statsTexts are the stats namespace of the web app: the history export's header is in the
// reader's language.
var statsTexts = func() *i18n.Catalog {
	c, err := i18n.Load(web.Locales(), "stats")
	if err != nil {
		panic("load stats.json: " + err.Error())
	}
	return c
}()

type playerHistoryCSVInput struct {
	ID           int64  `path:"id" minimum:"1"`
	TournamentID int64  `query:"tournament_id" minimum:"0" doc:"Only this tournament (0: all)"`
	From         string `query:"from" pattern:"^([0-9]{4}-[0-9]{2}-[0-9]{2})?$" doc:"First day (YYYY-MM-DD, the reader's time zone)"`
	To           string `query:"to" pattern:"^([0-9]{4}-[0-9]{2}-[0-9]{2})?$" doc:"Last day, included"`
}

// getPlayerHistoryCSV exports the history view the reader has (same filters, same rows, newest
// first, the first MaxExportRows): the leaderboard export's conventions — RFC 4180 through
// encoding/csv, UTF-8 with a byte-order mark, the header in the reader's language and the day
// in the file name. A player the reader may not see is 'Player not found', as the page is.
func (s *Server) getPlayerHistoryCSV(ctx context.Context, in *playerHistoryCSVInput) (*leaderboardCSVOutput, error) {
	cur, lang := currentFrom(ctx), langOf(ctx)
	t := func(k string) string { return statsTexts.T(lang, "csv."+k, nil) }
	var buf bytes.Buffer
	buf.WriteString("\ufeff")
	w := csv.NewWriter(&buf)
	_ = w.Write([]string{t("date"), t("tournament"), t("opponent"), t("result"), t("score"), t("points"),
		t("ratingBefore"), t("ratingAfter"), t("ratingChange"), t("positionBefore"), t("positionAfter")})
	const page = 100 // the store's largest page
	before := int64(0)
	for n := 0; n < MaxExportRows; {
		rows, err := s.svc.PlayerHistory(ctx, cur, in.ID, service.HistoryInput{TournamentID: in.TournamentID,
			From: in.From, To: in.To, Before: before, Limit: min(page, MaxExportRows-n)})
		if err != nil {
			return nil, s.problemFrom(ctx, err)
		}
		for _, h := range rows {
			v := viewHistory(h)
			opp, res := v.Opponent.DisplayName, t("lost")
			if v.Opponent.ID == 0 {
				opp = t("deletedPlayer")
			}
			if v.Won {
				res = t("won")
			}
			_ = w.Write([]string{v.PlayedOn, csvText(v.TournamentName), csvText(opp), res, v.Score, strconv.Itoa(v.Points),
				strconv.Itoa(v.RatingBefore), strconv.Itoa(v.RatingAfter), strconv.Itoa(v.RatingChange),
				strconv.Itoa(v.PositionBefore), strconv.Itoa(v.PositionAfter)})
			before = h.ID
		}
		n += len(rows)
		if len(rows) < page {
			break
		}
	}
	w.Flush()
	if err := w.Error(); err != nil {
		return nil, s.problemFrom(ctx, err)
	}
	name := t("file") + "-" + strconv.FormatInt(in.ID, 10) + "-" + s.svc.Today(cur) + ".csv"
	return &leaderboardCSVOutput{ContentType: "text/csv; charset=utf-8",
		ContentDisposition: `attachment; filename="` + name + `"`, Body: buf.Bytes()}, nil
}
