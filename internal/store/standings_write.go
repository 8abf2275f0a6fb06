package store

import (
	"context"
	"fmt"

	"github.com/jmoiron/sqlx"

	"github.com/tennisladder/ladder/internal/ladder"
)

// h2hOf is player p's head-to-head tie-break: validated wins against players level on points,
// leaving out the match bound to its ? (the one being recorded, whose "before" must not count
// it; 0 leaves out nothing).
const h2hOf = `(SELECT COUNT(*) FROM matches m JOIN tournament_players o ON o.tournament_id = m.tournament_id AND o.user_id = m.loser_id
	WHERE m.tournament_id = p.tournament_id AND m.winner_id = p.user_id AND m.state = 'completed' AND m.id <> ?
	AND o.role = 'player' AND o.status <> 'requested' AND o.points = p.points)`

// snapshotWeek records every player's position as the week's starting position, once per week,
// before the first change of the week: two statements, whatever the number of players (the
// positions are numbered by the database, in the order of the standings).
func (db *DB) snapshotWeek(ctx context.Context, tx *sqlx.Tx, t *Tournament, without int64) error {
	week := WeekOf(db.Now())
	if t.SnapshotWeek == week {
		return nil
	}
	if _, err := db.txExec(ctx, tx, db.Dialect.rebind(`UPDATE tournament_players SET week_position = 0
		WHERE tournament_id = ? AND week_position <> 0`), t.ID); err != nil {
		return err
	}
	order, h2h := `s.position, s.user_id`, `0 * CAST(? AS BIGINT)` // the ? takes "without"
	if t.RankingType == string(ladder.Points) {
		order, h2h = `s.points DESC, s.h2h DESC, s.wins DESC, s.seed, s.user_id`, h2hOf
	}
	if _, err := db.txExec(ctx, tx, db.Dialect.rebind(fmt.Sprintf(`UPDATE tournament_players SET week_position = r.pos FROM (
		SELECT s.user_id, ROW_NUMBER() OVER (ORDER BY %s) AS pos FROM (
			SELECT p.user_id, p.points, p.wins, p.seed, p.position, %s AS h2h FROM tournament_players p
			WHERE p.tournament_id = ? AND p.role = 'player' AND p.status <> 'requested') s) r
		WHERE tournament_players.tournament_id = ? AND tournament_players.user_id = r.user_id`, order, h2h)),
		without, t.ID, t.ID); err != nil {
		return err
	}
	t.SnapshotWeek = week
	_, err := db.txExec(ctx, tx, db.Dialect.rebind(`UPDATE tournaments SET snapshot_week = ?, version = version + 1 WHERE id = ?`), week, t.ID)
	return err
}

// ResultChange is what a validated match did to the standings.
type ResultChange struct {
	WinnerBefore, LoserBefore int
	WinnerAfter, LoserAfter   int
	WinnerPoints, LoserPoints int
}

// RecordResult applies a validated match (already marked completed with its winner and loser) to
// the standings, with the tournament's ranking type and scoring, and stores on the match the
// positions before and the points given. The caller holds LockTournament, so concurrent
// validations apply one after another.
//
// The standings are not read (issue 16: their cost grew with the ladder). Classic rankings store
// positions: the positions after follow from those before (the winner from below takes the
// loser's place, those between move down one). Points rankings place each of the two players
// from the rows ranked above them (placeInPoints), before and after the points move.
func (db *DB) RecordResult(ctx context.Context, tx *sqlx.Tx, t *Tournament, matchID, winner, loser int64) (ResultChange, error) {
	var rc ResultChange
	if err := db.snapshotWeek(ctx, tx, t, matchID); err != nil {
		return rc, err
	}
	w, l, err := db.rankRows(ctx, tx, t.ID, winner, loser)
	if err != nil {
		return rc, err
	}
	points := t.RankingType == string(ladder.Points)
	if points {
		if rc.WinnerBefore, rc.LoserBefore, err = db.placeTwo(ctx, tx, t.ID, w, l, matchID); err != nil {
			return rc, err
		}
		sc := ladder.Scoring{WinVsHigher: t.WinVsHigher, WinVsLower: t.WinVsLower, Defeat: t.Defeat}
		rc.WinnerPoints, rc.LoserPoints = ladder.WinPoints(sc, rc.WinnerBefore, rc.LoserBefore), sc.Defeat
	} else {
		rc.WinnerBefore, rc.LoserBefore = w.Position, l.Position
		rc.WinnerAfter, rc.LoserAfter = w.Position, l.Position
		if l.Position < w.Position {
			// Classic: the winner takes the loser's place; those between move down one.
			if _, err := db.txExec(ctx, tx, db.Dialect.rebind(`UPDATE tournament_players SET position = CASE WHEN user_id = ? THEN ?
				ELSE position + 1 END WHERE tournament_id = ? AND `+admitted+` AND position >= ? AND position <= ?`),
				winner, l.Position, t.ID, l.Position, w.Position); err != nil {
				return rc, err
			}
			rc.WinnerAfter, rc.LoserAfter = l.Position, l.Position+1
		}
	}
	if _, err := db.txExec(ctx, tx, db.Dialect.rebind(`UPDATE tournament_players SET
		points = points + CASE WHEN user_id = ? THEN CAST(? AS INTEGER) ELSE CAST(? AS INTEGER) END, wins = wins + CASE WHEN user_id = ? THEN 1 ELSE 0 END,
		losses = losses + CASE WHEN user_id = ? THEN 0 ELSE 1 END, updated_at = ? WHERE tournament_id = ? AND user_id IN (?, ?)`),
		winner, rc.WinnerPoints, rc.LoserPoints, winner, winner, db.Now(), t.ID, winner, loser); err != nil {
		return rc, err
	}
	if _, err := db.txExec(ctx, tx, db.Dialect.rebind(`UPDATE matches SET winner_position_before = ?, loser_position_before = ?,
		winner_points = ?, loser_points = ? WHERE id = ?`), rc.WinnerBefore, rc.LoserBefore, rc.WinnerPoints, rc.LoserPoints, matchID); err != nil {
		return rc, err
	}
	if err := db.Bump(ctx, tx, t.ID); err != nil {
		return rc, err
	}
	if points {
		w.Points, w.Wins, l.Points = w.Points+rc.WinnerPoints, w.Wins+1, l.Points+rc.LoserPoints
		rc.WinnerAfter, rc.LoserAfter, err = db.placeTwo(ctx, tx, t.ID, w, l, 0)
	}
	return rc, err
}

// rankRow is what orders a player in the standings (H2H only where a query computes it).
type rankRow struct {
	UserID   int64 `db:"user_id"`
	Points   int   `db:"points"`
	Wins     int   `db:"wins"`
	Seed     int   `db:"seed"`
	Position int   `db:"position"`
	H2H      int   `db:"h2h"`
}

// tieAhead reports whether a ranks before b when their points and head-to-head are level: more
// wins, then the lower seed, then the lower id (ladder.Order).
func (a rankRow) tieAhead(b rankRow) bool {
	return a.Wins > b.Wins || a.Wins == b.Wins && (a.Seed < b.Seed || a.Seed == b.Seed && a.UserID < b.UserID)
}

// rankRows reads the winner's and the loser's rows in the standings.
func (db *DB) rankRows(ctx context.Context, tx *sqlx.Tx, tournamentID, winner, loser int64) (w, l rankRow, err error) {
	var rows []rankRow
	if err := db.txSelect(ctx, tx, &rows, db.Dialect.rebind(`SELECT user_id, points, wins, seed, position, 0 AS h2h
		FROM tournament_players WHERE tournament_id = ? AND user_id IN (?, ?) AND `+admitted), tournamentID, winner, loser); err != nil {
		return w, l, err
	}
	for _, r := range rows {
		switch r.UserID {
		case winner:
			w = r
		case loser:
			l = r
		}
	}
	if w.UserID == 0 || l.UserID == 0 {
		return w, l, fmt.Errorf("record result: players %d and %d are not both in the standings of %d", winner, loser, tournamentID)
	}
	return w, l, nil
}

// placeTwo is the positions of w and l in a points ranking (match without left out of the
// head-to-head counts).
func (db *DB) placeTwo(ctx context.Context, tx *sqlx.Tx, tournamentID int64, w, l rankRow, without int64) (int, int, error) {
	cw, err := db.countAhead(ctx, tx, tournamentID, w)
	if err != nil {
		return 0, 0, err
	}
	cl, err := db.countAhead(ctx, tx, tournamentID, l)
	if err != nil {
		return 0, 0, err
	}
	gw, err := db.levelWinners(ctx, tx, tournamentID, w.Points, cw, without)
	if err != nil {
		return 0, 0, err
	}
	gl := gw
	if l.Points != w.Points {
		if gl, err = db.levelWinners(ctx, tx, tournamentID, l.Points, cl, without); err != nil {
			return 0, 0, err
		}
	}
	return place(w, cw, gw), place(l, cl, gl), nil
}

// aheadCount is what one range of the ranking index says about player x: the players with
// more points, those level on points ranked before x by wins, seed and id, and the size of x's
// level (players, those with a win, their wins).
type aheadCount struct {
	Above     int `db:"above"`
	Tied      int `db:"tied"`
	Level     int `db:"level"`
	LevelWon  int `db:"level_won"`
	LevelWins int `db:"level_wins"`
}

func (db *DB) countAhead(ctx context.Context, tx *sqlx.Tx, tournamentID int64, x rankRow) (aheadCount, error) {
	var c aheadCount
	err := db.txGet(ctx, tx, &c, db.Dialect.rebind(`SELECT COUNT(CASE WHEN points > ? THEN 1 END) AS above,
		COUNT(CASE WHEN points = ? AND (wins > ? OR (wins = ? AND (seed < ? OR (seed = ? AND user_id < ?)))) THEN 1 END) AS tied,
		COUNT(CASE WHEN points = ? THEN 1 END) AS level, COUNT(CASE WHEN points = ? AND wins > 0 THEN 1 END) AS level_won,
		COALESCE(SUM(CASE WHEN points = ? THEN wins ELSE 0 END), 0) AS level_wins
		FROM tournament_players WHERE tournament_id = ? AND role = 'player' AND status <> 'requested' AND points >= ?`),
		x.Points, x.Points, x.Wins, x.Wins, x.Seed, x.Seed, x.UserID, x.Points, x.Points, x.Points, tournamentID, x.Points)
	return c, err
}

// levelWinners lists the players on points who beat another player on the same points (their
// head-to-head is above zero), with that head-to-head. Only players with a win can be among
// them: the read is a range of the ranking index (points, wins > 0), each with an indexed count
// of their wins against the level. That count takes the cheaper of two ways: through each
// player's wins (the level's wins in all), or through the level's players, one index lookup
// per pair (players with a win × players of the level), as countAhead's figures say.
func (db *DB) levelWinners(ctx context.Context, tx *sqlx.Tx, tournamentID int64, points int, c aheadCount, without int64) ([]rankRow, error) {
	if c.LevelWon == 0 || c.Level < 2 {
		return nil, nil // nobody level on points with a win, or nobody level at all
	}
	h2h := h2hOf
	if c.LevelWon*c.Level < c.LevelWins {
		// CROSS JOIN: SQLite joins in the order written (PostgreSQL plans it as any join).
		h2h = `(SELECT COUNT(*) FROM tournament_players o CROSS JOIN matches m
			WHERE o.tournament_id = p.tournament_id AND o.points = p.points AND o.role = 'player' AND o.status <> 'requested'
			AND m.tournament_id = o.tournament_id AND m.winner_id = p.user_id AND m.loser_id = o.user_id
			AND m.state = 'completed' AND m.id <> ?)`
	}
	var rows []rankRow
	if err := db.txSelect(ctx, tx, &rows, db.Dialect.rebind(`SELECT p.user_id, p.points, p.wins, p.seed, p.position, `+h2h+` AS h2h
		FROM tournament_players p WHERE p.tournament_id = ? AND p.role = 'player' AND p.status <> 'requested'
		AND p.points = ? AND p.wins > 0`), without, tournamentID, points); err != nil {
		return nil, err
	}
	out := rows[:0]
	for _, r := range rows {
		if r.H2H > 0 {
			out = append(out, r)
		}
	}
	return out, nil
}

// place is x's position in a points ranking: one plus the players with more points, plus those
// level on points who rank before x (ladder.Order: head-to-head, wins, seed, id). countAhead
// counted the level's players before x on wins, seed and id; the level's winners (the only
// players whose head-to-head is not zero) correct that count.
func place(x rankRow, c aheadCount, level []rankRow) int {
	h := 0
	for _, q := range level {
		if q.UserID == x.UserID {
			h = q.H2H
		}
	}
	ahead, winnersTied := 0, 0
	for _, q := range level {
		if q.UserID == x.UserID {
			continue
		}
		tied := q.tieAhead(x)
		if tied {
			winnersTied++
		}
		if q.H2H > h || q.H2H == h && tied {
			ahead++
		}
	}
	if h == 0 {
		// Players of the level with no head-to-head win rank before x by wins, seed and id.
		ahead += c.Tied - winnersTied
	}
	return 1 + c.Above + ahead
}
