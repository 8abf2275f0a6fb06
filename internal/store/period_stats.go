package store

import (
	"context"
	"database/sql"
	"errors"
	"sync"
	"time"
)

// Periods of the global ranking.
const (
	PeriodWeek  = "week"
	PeriodMonth = "month"
)

// PeriodZones are the time zones whose weeks and months player_period_stats maintains (the ones
// Portugal uses; Madeira and every other zone with Lisbon's calendar read Lisbon's rows, as the
// bounds are the same). Readers in other zones fall back to summing rating_history.
var PeriodZones = []string{"Europe/Lisbon", "Atlantic/Azores"}

var periodKinds = []string{PeriodWeek, PeriodMonth}

// periodLocations loads PeriodZones once (a zone the host cannot load is left out everywhere).
var periodLocations = sync.OnceValue(func() map[string]*time.Location {
	out := map[string]*time.Location{}
	for _, z := range PeriodZones {
		if l, err := time.LoadLocation(z); err == nil {
			out[z] = l
		}
	}
	return out
})

// PeriodBounds is the period containing now in loc, as [from, to) instants: this week (Monday
// to Monday, the Portuguese calendar week) or this month; zero times for any other period.
func PeriodBounds(period string, now time.Time, loc *time.Location) (from, to time.Time) {
	t := now.In(loc)
	switch period {
	case PeriodWeek:
		back := (int(t.Weekday()) + 6) % 7 // days since Monday
		from = time.Date(t.Year(), t.Month(), t.Day()-back, 0, 0, 0, 0, loc)
		return from, from.AddDate(0, 0, 7)
	case PeriodMonth:
		from = time.Date(t.Year(), t.Month(), 1, 0, 0, 0, 0, loc)
		return from, from.AddDate(0, 1, 0)
	}
	return time.Time{}, time.Time{}
}

// MaintainedZone is the zone of PeriodZones whose rows hold the period [from, to) of kind
// period, or "" when none does (the reader's period is then summed from rating_history). The
// rows of a zone hold every validation whose instant falls in the zone's period, so equal
// bounds mean equal rankings.
func MaintainedZone(period string, from, to time.Time) string {
	locs := periodLocations()
	for _, z := range PeriodZones {
		if l, ok := locs[z]; ok {
			if f, t := PeriodBounds(period, from, l); f.Equal(from) && t.Equal(to) {
				return z
			}
		}
	}
	return ""
}

// periodRow is one player's totals in one period of one zone.
type periodRow struct {
	zone, kind   string
	start        time.Time
	userID       int64
	points, wins int
	matches      int
	rating       float64
}

// periodStarts calls fn with every maintained (zone, kind, first instant) holding instant at.
func periodStarts(at time.Time, fn func(zone, kind string, start time.Time)) {
	locs := periodLocations()
	for _, z := range PeriodZones {
		l, ok := locs[z]
		if !ok {
			continue
		}
		for _, k := range periodKinds {
			from, _ := PeriodBounds(k, at, l)
			fn(z, k, from.UTC())
		}
	}
}

// upsertPeriodRows adds rows to player_period_stats (totals summed, the rating replaced), in
// one statement.
func (db *DB) upsertPeriodRows(ctx context.Context, tx *Tx, rows []periodRow) error {
	if len(rows) == 0 {
		return nil
	}
	q := `INSERT INTO player_period_stats (zone, period_kind, period_start, user_id, points, wins, matches, rating) VALUES `
	args := make([]any, 0, 8*len(rows))
	for i, r := range rows {
		if i > 0 {
			q += ", "
		}
		q += "(?, ?, ?, ?, ?, ?, ?, ?)"
		args = append(args, r.zone, r.kind, r.start, r.userID, r.points, r.wins, r.matches, r.rating)
	}
	q += ` ON CONFLICT (zone, period_kind, period_start, user_id) DO UPDATE SET
		points = player_period_stats.points + excluded.points, wins = player_period_stats.wins + excluded.wins,
		matches = player_period_stats.matches + excluded.matches, rating = excluded.rating`
	return db.txDefer(ctx, tx, db.Dialect.rebind(q), args...)
}

// leaderboardShards is the number of leaderboard_versions rows (00025).
const leaderboardShards = 16

// bumpLeaderboard moves the global rankings' version (one of its shards, chosen by key).
func (db *DB) bumpLeaderboard(ctx context.Context, tx *Tx, key int64) error {
	shard := key % leaderboardShards
	if shard < 0 {
		shard = -shard
	}
	return db.txDefer(ctx, tx, db.Dialect.rebind(`UPDATE leaderboard_versions SET version = version + 1 WHERE shard = ?`), shard)
}

// LeaderboardVersion is the version of the global rankings' data: it changes with every change
// of points, wins, ratings, visibility, names or pictures that a ranking shows (00025, 00027; a
// committed one: read it before the data it versions).
func (db *DB) LeaderboardVersion(ctx context.Context) (int64, error) {
	return shared(ctx, db, &db.leaderVer, struct{}{}, db.leaderboardVersion)
}

func (db *DB) leaderboardVersion(ctx context.Context) (int64, error) {
	var v int64
	err := db.scanOne(ctx, leaderboardVersionQuery, nil, &v)
	return v, err
}

const leaderboardVersionQuery = `SELECT COALESCE(SUM(version), 0) FROM leaderboard_versions`

// rebuildPeriodStatsOf recomputes the period rows of users from their rating_history (a user
// transfer moved or deleted history rows): their rows go, and each period they played in is
// summed again, with their current rating.
func (db *DB) rebuildPeriodStatsOf(ctx context.Context, tx *Tx, ids ...int64) error {
	for _, id := range ids {
		if _, err := db.txExec(ctx, tx, db.Dialect.rebind(`DELETE FROM player_period_stats WHERE user_id = ?`), id); err != nil {
			return err
		}
		var hist []struct {
			At     time.Time `db:"validated_at"`
			Points int       `db:"points"`
			Won    bool      `db:"won"`
		}
		if err := db.txSelect(ctx, tx, &hist, db.Dialect.rebind(`SELECT validated_at, points, won FROM rating_history
			WHERE user_id = ?`), id); err != nil {
			return err
		}
		if len(hist) == 0 {
			continue
		}
		var r float64
		err := db.txGet(ctx, tx, &r, db.Dialect.rebind(`SELECT rating FROM player_stats WHERE user_id = ?`), id)
		if errors.Is(err, sql.ErrNoRows) {
			r = 1500
		} else if err != nil {
			return err
		}
		type key struct {
			zone, kind string
			start      int64
		}
		sums := map[key]*periodRow{}
		var order []key
		for _, h := range hist {
			periodStarts(h.At, func(zone, kind string, start time.Time) {
				k := key{zone, kind, start.UnixNano()}
				p := sums[k]
				if p == nil {
					p = &periodRow{zone: zone, kind: kind, start: start, userID: id, rating: r}
					sums[k], order = p, append(order, k)
				}
				p.points += h.Points
				p.matches++
				if h.Won {
					p.wins++
				}
			})
		}
		rows := make([]periodRow, 0, len(order))
		for _, k := range order {
			rows = append(rows, *sums[k])
		}
		for len(rows) > 0 { // batches of 100 rows (800 arguments)
			n := min(len(rows), 100)
			if err := db.upsertPeriodRows(ctx, tx, rows[:n]); err != nil {
				return err
			}
			rows = rows[n:]
		}
	}
	return nil
}

// backfillPeriodStats fills player_period_stats from rating_history once, on the first run after
// migration 00025 (period_stats_backfill.done); instances starting together fill it once (the
// marker's row is taken by the first, the others find it done).
func (db *DB) backfillPeriodStats(ctx context.Context) error {
	return db.Tx(ctx, func(tx *Tx) error {
		res, err := tx.ExecContext(ctx, db.Dialect.rebind(`UPDATE period_stats_backfill SET done = ? WHERE id = 1 AND done = ?`), true, false)
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil || n == 0 {
			return err
		}
		return db.fillPeriodStats(ctx, tx)
	})
}

// RebuildPeriodStats recomputes player_period_stats whole from rating_history (after a bulk
// load written straight into the tables, as BenchmarkGrowth does).
func (db *DB) RebuildPeriodStats(ctx context.Context) error {
	return db.Tx(ctx, func(tx *Tx) error {
		if _, err := tx.ExecContext(ctx, `DELETE FROM player_period_stats`); err != nil {
			return err
		}
		if err := db.fillPeriodStats(ctx, tx); err != nil {
			return err
		}
		return db.bumpLeaderboard(ctx, tx, 0)
	})
}

// fillPeriodStats sums every maintained period from the first to the last validation: per
// period, the query the period ranking ran per request before (a range of rating_history on
// validated_at, grouped by player), with each player's current rating.
func (db *DB) fillPeriodStats(ctx context.Context, tx *Tx) error {
	var first, last []time.Time
	if err := tx.SelectContext(ctx, &first, `SELECT validated_at FROM rating_history ORDER BY validated_at LIMIT 1`); err != nil {
		return err
	}
	if err := tx.SelectContext(ctx, &last, `SELECT validated_at FROM rating_history ORDER BY validated_at DESC LIMIT 1`); err != nil {
		return err
	}
	if len(first) == 0 || len(last) == 0 {
		return nil
	}
	start := "?"
	if db.Dialect == Postgres { // a bare parameter in a select list is text there
		start = "CAST(? AS TIMESTAMPTZ)"
	}
	q := db.Dialect.rebind(`INSERT INTO player_period_stats (zone, period_kind, period_start, user_id, points, wins, matches, rating)
		SELECT ?, ?, ` + start + `, h.user_id, SUM(h.points), SUM(CASE WHEN h.won THEN 1 ELSE 0 END), COUNT(*), COALESCE(MAX(s.rating), 1500)
		FROM rating_history h LEFT JOIN player_stats s ON s.user_id = h.user_id
		WHERE h.validated_at >= ? AND h.validated_at < ? GROUP BY h.user_id`)
	locs := periodLocations()
	for _, z := range PeriodZones {
		l, ok := locs[z]
		if !ok {
			continue
		}
		for _, k := range periodKinds {
			for from, to := PeriodBounds(k, first[0], l); !from.After(last[0]); from, to = PeriodBounds(k, to, l) {
				if _, err := tx.ExecContext(ctx, q, z, k, from.UTC(), from.UTC(), to.UTC()); err != nil {
					return err
				}
			}
		}
	}
	return nil
}
