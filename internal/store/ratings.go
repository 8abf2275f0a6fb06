package store

import (
	"context"
	"database/sql"
	"time"

	"github.com/jmoiron/sqlx"

	"github.com/tennisladder/ladder/internal/rating"
	"github.com/tennisladder/ladder/internal/tennis"
)

// FormLength is how many recent results player_stats.form keeps (newest first).
const FormLength = 10

// PlayerStats is a player's global rating and running totals (player_stats); a player with no
// validated match reads as zeros with a newcomer's rating.
type PlayerStats struct {
	UserID       int64        `db:"user_id"`
	Rating       float64      `db:"rating"`
	RD           float64      `db:"rd"`
	Sigma        float64      `db:"sigma"`
	RatedAt      sql.NullTime `db:"rated_at"`
	Matches      int          `db:"matches"`
	Wins         int          `db:"wins"`
	Losses       int          `db:"losses"`
	SetsWon      int          `db:"sets_won"`
	SetsLost     int          `db:"sets_lost"`
	GamesWon     int          `db:"games_won"`
	GamesLost    int          `db:"games_lost"`
	Points       int          `db:"points"`
	BestPosition int          `db:"best_position"`
	Form         string       `db:"form"`
}

// Glicko is the stored rating as the rating package takes it.
func (p PlayerStats) Glicko() rating.Rating {
	return rating.Rating{R: p.Rating, RD: p.RD, Sigma: p.Sigma}
}

const playerStatsColumns = `user_id, rating, rd, sigma, rated_at, matches, wins, losses, sets_won, sets_lost, games_won,
	games_lost, points, best_position, form`

func newStats(userID int64) PlayerStats {
	n := rating.New()
	return PlayerStats{UserID: userID, Rating: n.R, RD: n.RD, Sigma: n.Sigma}
}

// PlayerStatsOf reads a player's statistics (a newcomer's when they never played).
func (db *DB) PlayerStatsOf(ctx context.Context, tx *Tx, userID int64) (PlayerStats, error) {
	p := newStats(userID)
	err := db.getIn(ctx, tx, &p, `SELECT `+playerStatsColumns+` FROM player_stats WHERE user_id = ?`, userID)
	if err == sql.ErrNoRows {
		return newStats(userID), nil
	}
	return p, err
}

// Ratings reads the current ratings of users (newcomers absent from the map): one indexed
// lookup, used to put win probabilities on standings rows.
func (db *DB) Ratings(ctx context.Context, userIDs []int64) (map[int64]rating.Rating, error) {
	out := map[int64]rating.Rating{}
	if len(userIDs) == 0 {
		return out, nil
	}
	q, args, err := sqlx.In(`SELECT `+playerStatsColumns+` FROM player_stats WHERE user_id IN (?)`, userIDs)
	if err != nil {
		return nil, err
	}
	var rows []PlayerStats
	// Not through the statement cache: the list's length varies.
	if err := db.R.SelectContext(ctx, &rows, db.Dialect.rebind(q), args...); err != nil {
		return nil, err
	}
	for _, r := range rows {
		out[r.UserID] = r.Glicko()
	}
	return out, nil
}

// RatedMatch is a validated match as RecordStats applies it.
type RatedMatch struct {
	MatchID, TournamentID int64
	Winner, Loser         int64
	Score                 string // the winner's side, as reported
	PlayedOn              string
	Change                ResultChange
}

// RecordStats applies a validated match to both players' ratings (one rating period, after the
// deviation grew for the time each was idle: rating.Decay) and statistics, in the validation
// transaction: an upsert, a locking read of the two rows and a look at their history, one
// history insert, the upsert of both players' rows of this week and month in each maintained
// zone (player_period_stats, 00025), a bump of the rankings' version and two upserts (the
// players' rows, their tournament rows), whatever the size of the data. A match already applied
// (a history row of it exists) changes nothing and reports false, so a repeated validation
// counts once, also when two transactions apply it at once.
func (db *DB) RecordStats(ctx context.Context, tx *Tx, m RatedMatch) (bool, error) {
	now := db.Now()
	if err := db.txDefer(ctx, tx, db.Dialect.rebind(`INSERT INTO player_stats (user_id, updated_at) VALUES (?, ?), (?, ?)
		ON CONFLICT (user_id) DO NOTHING`), m.Winner, now, m.Loser, now); err != nil {
		return false, err
	}
	// Both rows locked in user id order (PostgreSQL), so two matches of one player validated at
	// once in different tournaments apply one after the other instead of losing an update. With
	// them, in the same round trip, whether the match is in either player's history already: the
	// history insert below then waits for the next round trip (issue 16) instead of answering
	// that itself. A statement of its own, run once the locks are held: PostgreSQL gives it a
	// snapshot taken after any transaction that held them committed, where a subquery of the
	// locking read would see the snapshot taken before it waited, and a concurrent application of
	// the same match would count twice.
	var rows []PlayerStats
	var applied int
	if err := db.txSteps(ctx, tx,
		txStep{q: db.Dialect.rebind(`SELECT ` + playerStatsColumns + ` FROM player_stats s
		WHERE user_id IN (?, ?) ORDER BY user_id` + db.Dialect.forUpdate("s")), args: []any{m.Winner, m.Loser}, sel: &rows},
		txStep{q: db.Dialect.rebind(`SELECT COUNT(*) FROM rating_history WHERE user_id IN (?, ?) AND match_id = ?`),
			args: []any{m.Winner, m.Loser, m.MatchID}, get: &applied}); err != nil {
		return false, err
	}
	if applied > 0 {
		return false, nil // a repeated validation counts once
	}
	cur := map[int64]PlayerStats{}
	for _, r := range rows {
		cur[r.UserID] = r
	}
	w, l := cur[m.Winner], cur[m.Loser]
	wb, lb := decayed(w, now), decayed(l, now)
	wa := rating.Update(wb, []rating.Result{{Opponent: lb, Score: 1}})
	la := rating.Update(lb, []rating.Result{{Opponent: wb, Score: 0}})

	sw, sl, gw, gl := setsAndGames(m.Score)
	loserScore := m.Score
	if s, err := tennis.Parse(m.Score); err == nil {
		loserScore = s.Flip().String()
	}
	type side struct {
		id, opp             int64
		won                 bool
		score               string
		setsW, setsL        int
		gamesW, gamesL      int
		points              int
		before, after, oppR rating.Rating
		posBefore, posAfter int
		stats               PlayerStats
	}
	rc := m.Change
	sides := []side{
		{m.Winner, m.Loser, true, m.Score, sw, sl, gw, gl, rc.WinnerPoints, wb, wa, lb, rc.WinnerBefore, rc.WinnerAfter, w},
		{m.Loser, m.Winner, false, loserScore, sl, sw, gl, gw, rc.LoserPoints, lb, la, wb, rc.LoserBefore, rc.LoserAfter, l},
	}
	ins := `INSERT INTO rating_history (user_id, match_id, tournament_id, opponent_id, won, score, played_on, sets_won, sets_lost,
		points, rating_before, rating_after, rd_before, rd_after, opponent_rating, position_before, position_after, validated_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?), (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT (user_id, match_id) DO NOTHING`
	var args []any
	for _, s := range sides {
		args = append(args, s.id, m.MatchID, m.TournamentID, s.opp, s.won, s.score, m.PlayedOn, s.setsW, s.setsL, s.points,
			s.before.R, s.after.R, s.before.RD, s.after.RD, s.oppR.R, s.posBefore, s.posAfter, now)
	}
	if err := db.txDefer(ctx, tx, db.Dialect.rebind(ins), args...); err != nil {
		return false, err
	}
	var tArgs []any
	var periods []periodRow
	for _, s := range sides {
		win := 0
		if s.won {
			win = 1
		}
		periodStarts(now, func(zone, kind string, start time.Time) {
			periods = append(periods, periodRow{zone: zone, kind: kind, start: start, userID: s.id, points: s.points,
				wins: win, matches: 1, rating: s.after.R})
		})
	}
	if err := db.upsertPeriodRows(ctx, tx, periods); err != nil {
		return false, err
	}
	if err := db.bumpLeaderboard(ctx, tx, m.TournamentID); err != nil {
		return false, err
	}
	// Both rows (they exist: inserted above) in one statement, each as its own update.
	var sArgs []any
	for _, s := range sides {
		best := bestOf(s.posBefore, s.posAfter)
		win := 0
		if s.won {
			win = 1
		}
		sArgs = append(sArgs, s.id, s.after.R, s.after.RD, s.after.Sigma, now, win, 1-win, s.setsW, s.setsL, s.gamesW, s.gamesL,
			s.points, best, nextForm(s.stats.Form, s.won), now)
		tArgs = append(tArgs, s.id, m.TournamentID, best, now)
	}
	if err := db.txDefer(ctx, tx, db.Dialect.rebind(`INSERT INTO player_stats (user_id, rating, rd, sigma, rated_at, matches,
		wins, losses, sets_won, sets_lost, games_won, games_lost, points, best_position, form, updated_at)
		VALUES (?, ?, ?, ?, ?, 1, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?), (?, ?, ?, ?, ?, 1, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT (user_id) DO UPDATE SET rating = excluded.rating, rd = excluded.rd, sigma = excluded.sigma,
		rated_at = excluded.rated_at, matches = player_stats.matches + 1, wins = player_stats.wins + excluded.wins,
		losses = player_stats.losses + excluded.losses, sets_won = player_stats.sets_won + excluded.sets_won,
		sets_lost = player_stats.sets_lost + excluded.sets_lost, games_won = player_stats.games_won + excluded.games_won,
		games_lost = player_stats.games_lost + excluded.games_lost, points = player_stats.points + excluded.points,
		best_position = CASE WHEN excluded.best_position > 0 AND (player_stats.best_position = 0
			OR excluded.best_position < player_stats.best_position) THEN excluded.best_position ELSE player_stats.best_position END,
		form = excluded.form, updated_at = excluded.updated_at`), sArgs...); err != nil {
		return false, err
	}
	err := db.txDefer(ctx, tx, db.Dialect.rebind(`INSERT INTO player_tournament_stats (user_id, tournament_id, best_position,
		matches, updated_at) VALUES (?, ?, ?, 1, ?), (?, ?, ?, 1, ?)
		ON CONFLICT (user_id, tournament_id) DO UPDATE SET matches = player_tournament_stats.matches + 1,
		best_position = CASE WHEN excluded.best_position > 0 AND (player_tournament_stats.best_position = 0
			OR excluded.best_position < player_tournament_stats.best_position) THEN excluded.best_position
			ELSE player_tournament_stats.best_position END,
		updated_at = excluded.updated_at`), tArgs...)
	return err == nil, err
}

func (db *DB) rowsAffected(res sql.Result, err error) (int64, error) {
	if err != nil {
		return 0, err
	}
	return res.RowsAffected()
}

// decayed is the stored rating grown for the time since the player's last rated match.
func decayed(p PlayerStats, now time.Time) rating.Rating {
	if !p.RatedAt.Valid {
		return p.Glicko()
	}
	return rating.Decay(p.Glicko(), now.Sub(p.RatedAt.Time))
}

// setsAndGames counts sets and games from the winner's side of a score ("6-4 3-6 10-8"); a
// super tie-break counts as a set, not as games. An unreadable score counts nothing.
func setsAndGames(score string) (sw, sl, gw, gl int) {
	s, err := tennis.Parse(score)
	if err != nil {
		return 0, 0, 0, 0
	}
	if s.Winner == 1 {
		s = s.Flip()
	}
	sw, sl = s.SetsWon()
	for _, set := range s.Sets {
		if !set.SuperTieBreak {
			gw, gl = gw+set.A, gl+set.B
		}
	}
	return sw, sl, gw, gl
}

func bestOf(a, b int) int {
	switch {
	case a <= 0:
		return b
	case b <= 0 || a < b:
		return a
	}
	return b
}

// nextForm puts the newest result in front of the last ones, keeping FormLength.
func nextForm(form string, won bool) string {
	c := "L"
	if won {
		c = "W"
	}
	f := c + form
	if len(f) > FormLength {
		f = f[:FormLength]
	}
	return f
}
