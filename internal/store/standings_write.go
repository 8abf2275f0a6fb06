package store

import (
	"context"
	"database/sql"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/tennisladder/ladder/internal/ladder"
)

// h2hOf is player p's head-to-head tie-break: validated wins against players level on points,
// leaving out the match bound to its ? (the one being recorded, whose "before" must not count
// it; 0 leaves out nothing).
const h2hOf = `(SELECT COUNT(*) FROM matches m JOIN tournament_players o ON o.tournament_id = m.tournament_id AND o.user_id = m.loser_id
	WHERE m.tournament_id = p.tournament_id AND m.winner_id = p.user_id AND m.state = 'completed' AND m.id <> ?
	AND o.role = 'player' AND o.status <> 'requested' AND o.points = p.points)`

// h2hByLevel counts the same as h2hOf from the other side: the players level with p on points
// (a range of the ranking index), each one seek of p's wins over them (the winners' index).
// h2hOf walks all of p's wins instead. Which is cheaper depends on whether p has more wins
// than there are players on p's score: see h2hCheaper.
const h2hByLevel = `(SELECT COUNT(*) FROM tournament_players o CROSS JOIN matches m
	WHERE o.tournament_id = p.tournament_id AND o.points = p.points AND o.role = 'player' AND o.status <> 'requested'
	AND m.tournament_id = o.tournament_id AND m.winner_id = p.user_id AND m.loser_id = o.user_id
	AND m.state = 'completed' AND m.id <> ?)`

// h2hCheaper is player p's head-to-head counted the cheaper way: over the players on p's score
// when there are fewer of them (tournament_points, 00030) than p has wins, else over p's wins.
// Both count the same rows (one match joins at most one opponent row), so the choice changes
// only the cost: a player with many wins in a small ladder walked every win (issue 16), a
// player on a crowded score of a large ladder walks their few wins. Takes two ? (both 0: no
// match left out).
const h2hCheaper = `CASE WHEN (SELECT c.players FROM tournament_points c WHERE c.tournament_id = p.tournament_id
	AND c.points = p.points) < p.wins THEN ` + h2hByLevel + ` ELSE ` + h2hOf + ` END`

// snapshotWeek records every player's position as the week's starting position, once per week,
// before the first change of the week: two statements, whatever the number of players (the
// positions are numbered by the database, in the order of the standings), sent on PostgreSQL
// with the write's next read (txDefer). stored says the
// tournament's stored head-to-heads are up to date (the result write has made sure); otherwise
// they are counted from the matches.
func (db *DB) snapshotWeek(ctx context.Context, tx *Tx, t *Tournament, stored bool) error {
	week := WeekOf(db.Now())
	if t.SnapshotWeek == week {
		return nil
	}
	if err := db.txDefer(ctx, tx, db.Dialect.rebind(`UPDATE tournament_players SET week_position = 0
		WHERE tournament_id = ? AND week_position <> 0`), t.ID); err != nil {
		return err
	}
	order, h2h := `s.position, s.user_id`, `p.h2h + 0 * CAST(? AS BIGINT)` // the ? takes 0 (h2hOf's match left out)
	if t.RankingType == string(ladder.Points) {
		order = `s.points DESC, s.h2h DESC, s.wins DESC, s.seed, s.user_id`
		if !stored {
			h2h = h2hOf
		}
	}
	if err := db.txDefer(ctx, tx, db.Dialect.rebind(fmt.Sprintf(`UPDATE tournament_players SET week_position = r.pos FROM (
		SELECT s.user_id, ROW_NUMBER() OVER (ORDER BY %s) AS pos FROM (
			SELECT p.user_id, p.points, p.wins, p.seed, p.position, %s AS h2h FROM tournament_players p
			WHERE p.tournament_id = ? AND p.role = 'player' AND p.status <> 'requested') s) r
		WHERE tournament_players.tournament_id = ? AND tournament_players.user_id = r.user_id`, order, h2h)),
		0, t.ID, t.ID); err != nil {
		return err
	}
	t.SnapshotWeek = week
	return db.txDefer(ctx, tx, db.Dialect.rebind(`UPDATE tournaments SET snapshot_week = ?, version = version + 1 WHERE id = ?`), week, t.ID)
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
// loser's place, those between move down one). Points rankings keep each player's head-to-head
// in the row (tournament_players.h2h, migration 00030) and place each of the two players with
// one count of the rows ranked before them (placeOf), read with their rows before and after the
// points move (rankRows).
func (db *DB) RecordResult(ctx context.Context, tx *Tx, t *Tournament, matchID, winner, loser int64) (ResultChange, error) {
	return db.recordResult(ctx, tx, t, matchID, winner, loser, nil)
}

// completion is what CompleteResult sets on the match with its positions and points.
type completion struct {
	by    int64
	at    time.Time
	notes string
}

// CompleteResult validates the reported result of match m and applies it as RecordResult does,
// with one update of the match: completed, and the positions before and the points given. m
// and its tournament t were read with their rows locked (LockMatch), so its state is the
// match's: false, and nothing written, when it is not a reported result any more. It returns
// the match as completed.
//
// One update, not two (issue 16): PostgreSQL checks every foreign key of a row again when the row
// changes a second time in the transaction that changed it first, seven for a match; and the
// completion needs no round trip of its own, since the lock already settled who decides.
func (db *DB) CompleteResult(ctx context.Context, tx *Tx, t *Tournament, m Match, by int64, notes string) (Match, ResultChange, bool, error) {
	if !m.ResultReported() {
		return m, ResultChange{}, false, nil
	}
	// As both databases store it (PostgreSQL keeps microseconds): the match returned is the
	// match a later read gives.
	at := db.Now().Truncate(time.Microsecond)
	rc, err := db.recordResult(ctx, tx, t, m.ID, m.WinnerID.Int64, m.LoserID.Int64, &completion{by: by, at: at, notes: notes})
	if err != nil {
		return m, rc, false, err
	}
	read := db.readBack(at)
	m.State, m.ValidatedBy, m.ValidatedAt = "completed", sql.NullInt64{Int64: by, Valid: true}, sql.NullTime{Time: read, Valid: true}
	m.ValidationNotes, m.UpdatedAt = notes, read
	m.WinnerPositionBefore, m.LoserPositionBefore, m.WinnerPoints, m.LoserPoints = rc.WinnerBefore, rc.LoserBefore, rc.WinnerPoints, rc.LoserPoints
	return m, rc, true, nil
}

// readBack is time t as a read of a column written with it gives it back: pgx reads a timestamptz
// in the local zone; SQLite keeps the text the app wrote (timeFormat) and a read parses it, which
// gives the local zone only where its offset is the text's.
func (db *DB) readBack(t time.Time) time.Time {
	if db.Dialect == Postgres {
		return t.Local()
	}
	if r, ok := rawTimeFast(t.Format(timeFormat)); ok {
		return r
	}
	return t
}

// recordResult is RecordResult, and with done CompleteResult: the match is completed by the same
// update that stores its positions and points, before the head-to-heads count it.
func (db *DB) recordResult(ctx context.Context, tx *Tx, t *Tournament, matchID, winner, loser int64, done *completion) (ResultChange, error) {
	var rc ResultChange
	points := t.RankingType == string(ladder.Points)
	w, l, err := db.rankRows(ctx, tx, t.ID, winner, loser, points)
	if err != nil {
		return rc, err
	}
	if points && w.Stale {
		// Something other than a result write changed what the head-to-heads count (see 00030):
		// recount them all, leaving out this match (its result is applied below).
		if w, l, err = db.recountH2H(ctx, tx, t.ID, matchID, winner, loser); err != nil {
			return rc, err
		}
	}
	if err := db.snapshotWeek(ctx, tx, t, points); err != nil {
		return rc, err
	}
	if points {
		rc.WinnerBefore, rc.LoserBefore = w.Place, l.Place
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
	if err := db.txDefer(ctx, tx, db.Dialect.rebind(`UPDATE tournament_players SET
		points = points + CASE WHEN user_id = ? THEN CAST(? AS INTEGER) ELSE CAST(? AS INTEGER) END, wins = wins + CASE WHEN user_id = ? THEN 1 ELSE 0 END,
		losses = losses + CASE WHEN user_id = ? THEN 0 ELSE 1 END, updated_at = ? WHERE tournament_id = ? AND user_id IN (?, ?)`),
		winner, rc.WinnerPoints, rc.LoserPoints, winner, winner, db.Now(), t.ID, winner, loser); err != nil {
		return rc, err
	}
	if err := db.storeResult(ctx, tx, matchID, rc, done); err != nil {
		return rc, err
	}
	if points {
		w2, l2 := w, l
		w2.Points, w2.Wins, l2.Points = w.Points+rc.WinnerPoints, w.Wins+1, l.Points+rc.LoserPoints
		if err := db.moveH2H(ctx, tx, t.ID, w, l, w2, l2); err != nil {
			return rc, err
		}
	}
	// The version moves with every result; the head-to-heads are up to date again after a points
	// result (the points update above marked them stale), and are not kept for classic rankings.
	stale := 1
	if points {
		stale = 0
	}
	if err := db.txDefer(ctx, tx, db.Dialect.rebind(`UPDATE tournaments SET version = version + 1, h2h_stale = ? WHERE id = ?`), stale, t.ID); err != nil {
		return rc, err
	}
	if points {
		// The rows as the result left them, placed in the same statement: it goes with the
		// writes above, one round trip.
		if w, l, err = db.rankRows(ctx, tx, t.ID, winner, loser, true); err != nil {
			return rc, err
		}
		rc.WinnerAfter, rc.LoserAfter = w.Place, l.Place
	}
	return rc, nil
}

// storeResult stores on the match the positions before and the points given, and with done
// completes it (CompleteResult).
func (db *DB) storeResult(ctx context.Context, tx *Tx, matchID int64, rc ResultChange, done *completion) error {
	if done == nil {
		return db.txDefer(ctx, tx, db.Dialect.rebind(`UPDATE matches SET winner_position_before = ?, loser_position_before = ?,
			winner_points = ?, loser_points = ? WHERE id = ?`), rc.WinnerBefore, rc.LoserBefore, rc.WinnerPoints, rc.LoserPoints, matchID)
	}
	return db.txDefer(ctx, tx, db.Dialect.rebind(`UPDATE matches SET state = 'completed', validated_by = ?, validated_at = ?,
		validation_notes = ?, updated_at = ?, winner_position_before = ?, loser_position_before = ?, winner_points = ?, loser_points = ?
		WHERE id = ?`), done.by, done.at, done.notes, done.at, rc.WinnerBefore, rc.LoserBefore, rc.WinnerPoints, rc.LoserPoints, matchID)
}

// rankRow is what orders a player in the standings, and whether the tournament's stored
// head-to-heads are stale.
type rankRow struct {
	UserID   int64 `db:"user_id"`
	Points   int   `db:"points"`
	Wins     int   `db:"wins"`
	Seed     int   `db:"seed"`
	Position int   `db:"position"`
	H2H      int   `db:"h2h"`
	Stale    bool  `db:"stale"`
	Place    int   `db:"place"` // in a points ranking, when rankRows was asked to place
}

// rankRows reads the winner's and the loser's rows in the standings and, with placed, their
// positions in a points ranking (placeOf) in the same statement.
func (db *DB) rankRows(ctx context.Context, tx *Tx, tournamentID, winner, loser int64, placed bool) (w, l rankRow, err error) {
	place := `0`
	if placed {
		place = placeOf
	}
	var rows []rankRow
	if err := db.txSelect(ctx, tx, &rows, db.Dialect.rebind(`SELECT p.user_id, p.points, p.wins, p.seed, p.position, p.h2h,
		t.h2h_stale <> 0 AS stale, `+place+` AS place FROM tournament_players p JOIN tournaments t ON t.id = p.tournament_id
		WHERE p.tournament_id = ? AND p.user_id IN (?, ?) AND p.role = 'player' AND p.status <> 'requested'`), tournamentID, winner, loser); err != nil {
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

// recountH2H computes every player's head-to-head of a tournament from its matches (match
// without left out) and returns the winner's and the loser's rows again, placed.
func (db *DB) recountH2H(ctx context.Context, tx *Tx, tournamentID, without, winner, loser int64) (w, l rankRow, err error) {
	if _, err := db.txExec(ctx, tx, db.Dialect.rebind(`UPDATE tournament_players AS p SET h2h = `+h2hOf+` WHERE p.tournament_id = ?`),
		without, tournamentID); err != nil {
		return w, l, err
	}
	return db.rankRows(ctx, tx, tournamentID, winner, loser, true)
}

// moveH2H keeps the stored head-to-heads after a result moved the winner from w to w2 and the
// loser from l to l2 (points and wins). The two players' own head-to-heads are counted again
// (their wins against their new level, this match included; h2hCheaper). Another player's changes only if
// they beat one of the two and sit on that one's old or new points: minus their wins over the
// player who left their level, plus those over the one who joined it. Both are index ranges of
// the two players' wins and losses, whatever the ladder's size. Both updates are deferred: the
// new head-to-heads are read back with the players' places (rankRows).
func (db *DB) moveH2H(ctx context.Context, tx *Tx, tournamentID int64, w, l, w2, l2 rankRow) error {
	// delta(X) = Σ over the moved player M: wins of X over M × ([X on M's new points] − [X on M's old]).
	winsOver := `(SELECT COUNT(*) FROM matches m WHERE m.tournament_id = p.tournament_id AND m.winner_id = p.user_id
		AND m.loser_id = ? AND m.state = 'completed')`
	levels := `(CASE WHEN p.points = ? THEN 1 ELSE 0 END - CASE WHEN p.points = ? THEN 1 ELSE 0 END)`
	var args []any
	var terms []string
	var pts []any
	for _, mv := range [][2]rankRow{{w, w2}, {l, l2}} {
		if mv[0].Points == mv[1].Points {
			continue
		}
		terms = append(terms, winsOver+` * `+levels)
		args = append(args, mv[0].UserID, mv[1].Points, mv[0].Points)
		pts = append(pts, mv[0].Points, mv[1].Points)
	}
	if len(terms) > 0 {
		set := terms[0]
		if len(terms) == 2 {
			set += ` + ` + terms[1]
		}
		in := `?, ?`
		if len(pts) == 4 {
			in = `?, ?, ?, ?`
		}
		q := `UPDATE tournament_players AS p SET h2h = p.h2h + ` + set + ` WHERE p.tournament_id = ? AND p.user_id NOT IN (?, ?)
			AND p.points IN (` + in + `) AND p.user_id IN (SELECT m.winner_id FROM matches m
			WHERE m.tournament_id = ? AND m.loser_id IN (?, ?) AND m.state = 'completed')`
		args = append(args, tournamentID, w.UserID, l.UserID)
		args = append(args, pts...)
		args = append(args, tournamentID, w.UserID, l.UserID)
		if err := db.txDefer(ctx, tx, db.Dialect.rebind(q), args...); err != nil {
			return err
		}
	}
	return db.txDefer(ctx, tx, db.Dialect.rebind(`UPDATE tournament_players AS p SET h2h = `+h2hCheaper+`
		WHERE p.tournament_id = ? AND p.user_id IN (?, ?)`), 0, 0, tournamentID, w.UserID, l.UserID)
}

// rankBlockSize is the width of the blocks of seeds of tournament_rank_blocks (migration 00034,
// whose SQL divides by the same number).
const rankBlockSize = 64

// placeOf is the position of the row p of tournament_players in a points ranking: one plus the
// players ranked before it (ladder.Order: points, head-to-head, wins, seed, id), from p's own
// columns, so that it is read with the row (rankRows) and needs no round trip of its own. Those
// with more points are a sum over the distinct scores above (tournament_points, 00030); those
// level on points with a better head-to-head, or the same and more wins, or the same and an
// earlier block of seeds, are sums over the tie groups' blocks (tournament_rank_blocks, 00034);
// those in the player's own block ahead by seed (and id) are a range of the ranking index of at
// most rankBlockSize rows, bounded on both sides (an OR as the upper bound would leave the range
// open to the group's end). None grows with the ladder's size, only with how many tie groups and
// blocks share the player's score. The block's exclusive lower bound of seeds: seed / 64
// truncates toward zero (Go, SQLite and PostgreSQL alike), so block 0 holds the seeds from -63
// to 63 and the others 64 seeds each.
var placeOf = strings.NewReplacer("{B}", strconv.Itoa(rankBlockSize)).Replace(`1
	+ (SELECT COALESCE(SUM(c.players), 0) FROM tournament_points c WHERE c.tournament_id = p.tournament_id AND c.points > p.points)
	+ (SELECT COALESCE(SUM(b.players), 0) FROM tournament_rank_blocks b WHERE b.tournament_id = p.tournament_id
		AND b.points = p.points AND b.h2h > p.h2h)
	+ (SELECT COALESCE(SUM(b.players), 0) FROM tournament_rank_blocks b WHERE b.tournament_id = p.tournament_id
		AND b.points = p.points AND b.h2h = p.h2h AND b.wins > p.wins)
	+ (SELECT COALESCE(SUM(b.players), 0) FROM tournament_rank_blocks b WHERE b.tournament_id = p.tournament_id
		AND b.points = p.points AND b.h2h = p.h2h AND b.wins = p.wins AND b.block < p.seed / {B})
	+ (SELECT COUNT(*) FROM tournament_players o WHERE o.tournament_id = p.tournament_id AND o.role = 'player'
		AND o.status <> 'requested' AND o.points = p.points AND o.h2h = p.h2h AND o.wins = p.wins
		AND o.seed > CASE WHEN p.seed / {B} > 0 THEN p.seed / {B} * {B} - 1 ELSE p.seed / {B} * {B} - {B} END
		AND o.seed <= p.seed AND (o.seed < p.seed OR o.user_id < p.user_id))`)
