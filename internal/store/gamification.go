package store

import (
	"context"
	"database/sql"
	"strconv"
	"strings"
	"time"

	"github.com/tennisladder/ladder/internal/gamification"
)

// Gamification (issue 15): XP events, achievements and each player's progress row. What earns
// them is decided by internal/gamification; here they are written idempotently (unique keys
// per source and per achievement) in the transaction that earns them.

// Progress is a player's progress row (zeros for a player who earned nothing yet).
type Progress struct {
	UserID     int64  `db:"user_id"`
	XP         int    `db:"xp"`
	LevelSeen  int    `db:"level_seen"`
	StreakWeek string `db:"streak_week"`
	Streak     int    `db:"streak"`
	BestStreak int    `db:"best_streak"`
}

// StreakOf is the stored streak.
func (p Progress) StreakOf() gamification.Streak {
	return gamification.Streak{Week: p.StreakWeek, Current: p.Streak, Best: p.BestStreak}
}

// Awarded tells who got something to show (a new achievement or a level up) from an award.
type Awarded struct {
	Users []int64
}

type matchFactsRow struct {
	UserID         int64     `db:"user_id"`
	Matches        int       `db:"matches"`
	Wins           int       `db:"wins"`
	Form           string    `db:"form"`
	Timezone       string    `db:"timezone"`
	XP             int       `db:"xp"`
	StreakWeek     string    `db:"streak_week"`
	Streak         int       `db:"streak"`
	BestStreak     int       `db:"best_streak"`
	RatingBefore   float64   `db:"rating_before"`
	OpponentRating float64   `db:"opponent_rating"`
	Score          string    `db:"score"`
	Won            bool      `db:"won"`
	PlayedOn       string    `db:"played_on"`
	ValidatedAt    time.Time `db:"validated_at"`
	Tournaments    int       `db:"tournaments"`
	MonthMatches   int       `db:"month_matches"`
}

// AwardMatch gives both players of a validated match their XP, achievements and streak, in the
// validation transaction, right after RecordStats applied the match (its rating_history rows
// exist and the player_stats rows are locked, so two validations of one player apply one after
// the other). Four statements whatever the data: one read of both players' facts, the XP
// events, the achievements (both idempotent inserts) and the progress upsert, which adds only
// the XP of the events actually inserted: a replay awards nothing.
func (db *DB) AwardMatch(ctx context.Context, tx *Tx, m RatedMatch) (Awarded, error) {
	var rows []matchFactsRow
	// The month of the match (its played_on date, else the validation day in Lisbon) bounds the
	// "matches this month" count, one range of the (user_id, played_on) index (00031). The
	// distinct tournaments are counted up to gamification.TournamentsCounted only (all that an
	// achievement asks): each is the next tournament id after the previous one, one seek of the
	// (user_id, tournament_id, id) index, instead of reading the player's whole history.
	err := db.txSelect(ctx, tx, &rows, db.Dialect.rebind(`SELECT s.user_id, s.matches, s.wins, s.form, u.timezone,
		COALESCE(p.xp, 0) AS xp, COALESCE(p.streak_week, '') AS streak_week, COALESCE(p.streak, 0) AS streak,
		COALESCE(p.best_streak, 0) AS best_streak, h.rating_before, h.opponent_rating, h.score, h.won, h.played_on,
		h.validated_at, `+firstTournaments+` AS tournaments,
		(SELECT COUNT(*) FROM rating_history a WHERE a.user_id = s.user_id AND a.played_on >= ? AND a.played_on < ?) AS month_matches
		FROM player_stats s JOIN users u ON u.id = s.user_id
		JOIN rating_history h ON h.user_id = s.user_id AND h.match_id = ?
		LEFT JOIN player_progress p ON p.user_id = s.user_id
		WHERE s.user_id IN (?, ?) ORDER BY s.user_id`), monthStart(m.PlayedOn, db.Now()), monthEnd(m.PlayedOn, db.Now()),
		m.MatchID, m.Winner, m.Loser)
	if err != nil || len(rows) == 0 {
		return Awarded{}, err
	}
	now := db.Now()
	var xpArgs, achArgs []any
	var xpVals, achVals []string
	streaks := map[int64]gamification.Streak{}
	for _, r := range rows {
		pos, opp := m.Change.LoserBefore, m.Change.WinnerBefore
		if r.UserID == m.Winner {
			pos, opp = m.Change.WinnerBefore, m.Change.LoserBefore
		}
		st := gamification.Streak{Week: r.StreakWeek, Current: r.Streak, Best: r.BestStreak}.
			Next(gamification.WeekOf(r.PlayedOn, r.ValidatedAt, r.Timezone))
		f := gamification.MatchFacts{MatchID: m.MatchID, Won: r.Won, Score: r.Score, Position: pos, OppPosition: opp,
			Rating: r.RatingBefore, OppRating: r.OpponentRating, Matches: r.Matches, Wins: r.Wins, Form: r.Form,
			MonthMatches: r.MonthMatches, Tournaments: r.Tournaments, Streak: st.Current}
		streaks[r.UserID] = st
		for _, a := range gamification.ForMatch(f) {
			xpVals = append(xpVals, "(?, ?, ?, ?, ?)")
			xpArgs = append(xpArgs, r.UserID, a.Source, a.Reason, a.XP, now)
		}
		for _, code := range gamification.EarnedByMatch(f) {
			achVals = append(achVals, "(?, ?, ?)")
			achArgs = append(achArgs, r.UserID, code, now)
		}
	}
	// The events actually inserted (none on a replay) are what the totals gain. The achievements
	// go with them (one round trip on PostgreSQL): neither needs the other's answer.
	var inserted []struct {
		UserID int64 `db:"user_id"`
		Amount int   `db:"amount"`
	}
	steps := []txStep{{q: db.Dialect.rebind(`INSERT INTO xp_events (user_id, source, reason, amount, created_at)
		VALUES ` + strings.Join(xpVals, ", ") + ` ON CONFLICT (user_id, source) DO NOTHING RETURNING user_id, amount`), args: xpArgs, sel: &inserted}}
	var achieved sql.Result
	if len(achVals) > 0 {
		steps = append(steps, txStep{q: db.Dialect.rebind(`INSERT INTO user_achievements (user_id, code, earned_at)
			VALUES ` + strings.Join(achVals, ", ") + ` ON CONFLICT (user_id, code) DO NOTHING`), args: achArgs, res: &achieved})
	}
	if err := db.txSteps(ctx, tx, steps...); err != nil {
		return Awarded{}, err
	}
	gained := map[int64]int{}
	for _, e := range inserted {
		gained[e.UserID] += e.Amount
	}
	var out Awarded
	var progArgs []any
	var progVals []string
	for _, r := range rows {
		st := streaks[r.UserID]
		progVals = append(progVals, "(?, ?, ?, ?, ?, ?)")
		progArgs = append(progArgs, r.UserID, gained[r.UserID], st.Week, st.Current, st.Best, now)
		if gamification.Level(r.XP+gained[r.UserID]) > gamification.Level(r.XP) {
			out.Users = append(out.Users, r.UserID)
		}
	}
	if achieved != nil {
		n, err := db.rowsAffected(achieved, nil)
		if err != nil {
			return out, err
		}
		if n > 0 { // someone has a new achievement: both re-read their popups
			out.Users = []int64{m.Winner, m.Loser}
		}
	}
	err = db.txDefer(ctx, tx, db.Dialect.rebind(`INSERT INTO player_progress (user_id, xp, streak_week, streak, best_streak, updated_at)
		VALUES `+strings.Join(progVals, ", ")+` ON CONFLICT (user_id) DO UPDATE SET xp = player_progress.xp + excluded.xp,
		streak_week = excluded.streak_week, streak = excluded.streak, best_streak = excluded.best_streak,
		updated_at = excluded.updated_at`), progArgs...)
	return out, err
}

// firstTournaments counts the distinct tournaments of player s.user_id's history up to three
// (gamification.TournamentsCounted): the smallest tournament id, the next one above it, the next
// one above that, each one seek of rating_history_user_tournament_idx.
const firstTournaments = `(CASE WHEN ` + tournamentAbove0 + ` IS NULL THEN 0 WHEN ` + tournamentAbove1 + ` IS NULL THEN 1
		WHEN EXISTS (SELECT 1 FROM rating_history c WHERE c.user_id = s.user_id AND c.tournament_id > ` + tournamentAbove1 + `)
		THEN 3 ELSE 2 END)`

// tournamentAbove0 is player s.user_id's smallest tournament id in rating_history,
// tournamentAbove1 the next one (NULL: none).
const (
	tournamentAbove0 = `(SELECT MIN(a.tournament_id) FROM rating_history a WHERE a.user_id = s.user_id)`
	tournamentAbove1 = `(SELECT MIN(b.tournament_id) FROM rating_history b WHERE b.user_id = s.user_id AND b.tournament_id > ` +
		tournamentAbove0 + `)`
)

// monthStart and monthEnd bound the calendar month of a played_on date (of now when unreadable).
func monthStart(playedOn string, now time.Time) string {
	d, err := time.Parse("2006-01-02", playedOn)
	if err != nil {
		d = now
	}
	return time.Date(d.Year(), d.Month(), 1, 0, 0, 0, 0, time.UTC).Format("2006-01-02")
}

func monthEnd(playedOn string, now time.Time) string {
	d, err := time.Parse("2006-01-02", playedOn)
	if err != nil {
		d = now
	}
	return time.Date(d.Year(), d.Month()+1, 1, 0, 0, 0, 0, time.UTC).Format("2006-01-02")
}

// AwardAction gives a one-time action's XP and achievement (profile completed, availability set,
// first tournament joined, first challenge created), once per account: true when it was new.
func (db *DB) AwardAction(ctx context.Context, tx *Tx, userID int64, a gamification.Action) (bool, error) {
	aw, code, ok := gamification.ForAction(a)
	if !ok {
		return false, nil
	}
	now := db.Now()
	n, err := db.rowsAffected(db.txExec(ctx, tx, db.Dialect.rebind(`INSERT INTO xp_events (user_id, source, reason, amount, created_at)
		VALUES (?, ?, ?, ?, ?) ON CONFLICT (user_id, source) DO NOTHING`), userID, aw.Source, aw.Reason, aw.XP, now))
	if err != nil || n == 0 {
		return false, err
	}
	if _, err := db.txExec(ctx, tx, db.Dialect.rebind(`INSERT INTO user_achievements (user_id, code, earned_at) VALUES (?, ?, ?)
		ON CONFLICT (user_id, code) DO NOTHING`), userID, code, now); err != nil {
		return false, err
	}
	_, err = db.txExec(ctx, tx, db.Dialect.rebind(`INSERT INTO player_progress (user_id, xp, updated_at) VALUES (?, ?, ?)
		ON CONFLICT (user_id) DO UPDATE SET xp = player_progress.xp + excluded.xp, updated_at = excluded.updated_at`),
		userID, aw.XP, now)
	return err == nil, err
}

// ProgressOf reads a player's progress (zeros, level seen 1, when none).
func (db *DB) ProgressOf(ctx context.Context, tx *Tx, userID int64) (Progress, error) {
	p := Progress{UserID: userID, LevelSeen: 1}
	err := db.getIn(ctx, tx, &p, `SELECT user_id, xp, level_seen, streak_week, streak, best_streak FROM player_progress
		WHERE user_id = ?`, userID)
	if err == sql.ErrNoRows {
		return Progress{UserID: userID, LevelSeen: 1}, nil
	}
	return p, err
}

// EarnedAchievement is an achievement a player holds.
type EarnedAchievement struct {
	Code     string       `db:"code"`
	EarnedAt time.Time    `db:"earned_at"`
	SeenAt   sql.NullTime `db:"seen_at"`
}

// AchievementsOf lists a player's achievements, newest first.
func (db *DB) AchievementsOf(ctx context.Context, userID int64) ([]EarnedAchievement, error) {
	out := []EarnedAchievement{}
	err := db.selectIn(ctx, nil, &out, `SELECT code, earned_at, seen_at FROM user_achievements WHERE user_id = ?
		ORDER BY earned_at DESC, code`, userID)
	return out, err
}

// XPEvent is one award in a player's XP history.
type XPEvent struct {
	ID        int64     `db:"id"`
	Source    string    `db:"source"`
	Reason    string    `db:"reason"`
	Amount    int       `db:"amount"`
	CreatedAt time.Time `db:"created_at"`
}

// XPHistory lists a player's XP events newest first, limit at a time, before the id before (0:
// from the newest).
func (db *DB) XPHistory(ctx context.Context, userID, before int64, limit int) ([]XPEvent, error) {
	out := []XPEvent{}
	if before <= 0 {
		before = 1<<62 - 1
	}
	err := db.selectIn(ctx, nil, &out, `SELECT id, source, reason, amount, created_at FROM xp_events
		WHERE user_id = ? AND id < ? ORDER BY id DESC LIMIT ?`, userID, before, limit)
	return out, err
}

// XPRow is a line of the friendly XP leaderboard.
type XPRow struct {
	User User `db:"u"`
	XP   int  `db:"xp"`
}

// XPLeaderboard ranks by XP the reader and the players of the tournaments the reader takes part
// in (as player or referee), listed players only (not hidden nor suspended), limit rows.
func (db *DB) XPLeaderboard(ctx context.Context, userID int64, limit int) ([]XPRow, error) {
	out := []XPRow{}
	err := db.selectIn(ctx, nil, &out, `SELECT `+userColumnsAs("u")+`, COALESCE(p.xp, 0) AS xp
		FROM users u LEFT JOIN player_progress p ON p.user_id = u.id
		WHERE u.id = ? OR (u.hidden = FALSE AND u.status <> 'suspended' AND u.deleted_at IS NULL AND u.id IN (
			SELECT o.user_id FROM tournament_players o WHERE o.role = 'player' AND o.status IN ('active', 'paused')
			AND o.tournament_id IN (SELECT m.tournament_id FROM tournament_players m WHERE m.user_id = ?
				AND m.status IN ('active', 'paused'))))
		ORDER BY xp DESC, u.id LIMIT ?`, userID, userID, limit)
	return out, err
}

// MarkSeen records that the player saw the popups of these achievements and of levels up to
// level.
func (db *DB) MarkSeen(ctx context.Context, tx *Tx, userID int64, codes []string, level int) error {
	now := db.Now()
	for _, c := range codes {
		if _, err := db.txExec(ctx, tx, db.Dialect.rebind(`UPDATE user_achievements SET seen_at = ? WHERE user_id = ? AND code = ?
			AND seen_at IS NULL`), now, userID, c); err != nil {
			return err
		}
	}
	if level > 1 {
		_, err := db.txExec(ctx, tx, db.Dialect.rebind(`UPDATE player_progress SET level_seen = ? WHERE user_id = ? AND level_seen < ?`),
			level, userID, level)
		return err
	}
	return nil
}

// MatchID is the match an XP event came from (0: an action).
func (e XPEvent) MatchID() int64 {
	rest, ok := strings.CutPrefix(e.Source, "match:")
	if !ok {
		return 0
	}
	id, _, _ := strings.Cut(rest, ":")
	n, _ := strconv.ParseInt(id, 10, 64)
	return n
}

// MarkAllSeen marks every achievement and level as shown (the demo seed: its history is not
// news to announce at the first sign-in).
func (db *DB) MarkAllSeen(ctx context.Context, tx *Tx) error {
	if _, err := db.txExec(ctx, tx, db.Dialect.rebind(`UPDATE user_achievements SET seen_at = earned_at WHERE seen_at IS NULL`)); err != nil {
		return err
	}
	var rows []Progress
	if err := db.txSelect(ctx, tx, &rows, db.Dialect.rebind(`SELECT user_id, xp, level_seen, streak_week, streak, best_streak FROM player_progress`)); err != nil {
		return err
	}
	for _, p := range rows {
		if _, err := db.txExec(ctx, tx, db.Dialect.rebind(`UPDATE player_progress SET level_seen = ? WHERE user_id = ?`),
			gamification.Level(p.XP), p.UserID); err != nil {
			return err
		}
	}
	return nil
}
