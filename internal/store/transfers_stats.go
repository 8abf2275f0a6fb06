package store

import (
	"context"
)

// moveStats gives the target the source's statistics (issue 12: "statistics where they exist"):
// the rating history of matches between the two goes (those matches were called off), the rest
// of the source's history moves, running totals are added to the target's (the target keeps its
// own rating: two ratings do not merge into one meaningful figure; without one it takes the
// source's), per-tournament records merge like participations (best position, matches summed).
func (db *DB) moveStats(ctx context.Context, tx *Tx, src, dst int64) error {
	exec := func(q string, args ...any) error {
		_, err := db.txExec(ctx, tx, db.Dialect.rebind(q), args...)
		return err
	}
	if err := exec(`DELETE FROM rating_history WHERE (user_id = ? AND opponent_id = ?) OR (user_id = ? AND opponent_id = ?)`,
		src, dst, dst, src); err != nil {
		return err
	}
	if err := exec(`UPDATE rating_history SET user_id = ? WHERE user_id = ?`, dst, src); err != nil {
		return err
	}
	if err := exec(`UPDATE rating_history SET opponent_id = ? WHERE opponent_id = ?`, dst, src); err != nil {
		return err
	}

	var both int
	if err := db.txGet(ctx, tx, &both, db.Dialect.rebind(`SELECT COUNT(*) FROM player_stats WHERE user_id IN (?, ?)`), src, dst); err != nil {
		return err
	}
	if both == 2 {
		if err := exec(`UPDATE player_stats SET
			matches = matches + (SELECT s.matches FROM player_stats s WHERE s.user_id = ?),
			wins = wins + (SELECT s.wins FROM player_stats s WHERE s.user_id = ?),
			losses = losses + (SELECT s.losses FROM player_stats s WHERE s.user_id = ?),
			sets_won = sets_won + (SELECT s.sets_won FROM player_stats s WHERE s.user_id = ?),
			sets_lost = sets_lost + (SELECT s.sets_lost FROM player_stats s WHERE s.user_id = ?),
			games_won = games_won + (SELECT s.games_won FROM player_stats s WHERE s.user_id = ?),
			games_lost = games_lost + (SELECT s.games_lost FROM player_stats s WHERE s.user_id = ?),
			points = points + (SELECT s.points FROM player_stats s WHERE s.user_id = ?),
			best_position = CASE
				WHEN best_position = 0 THEN (SELECT s.best_position FROM player_stats s WHERE s.user_id = ?)
				WHEN (SELECT s.best_position FROM player_stats s WHERE s.user_id = ?) BETWEEN 1 AND best_position - 1
					THEN (SELECT s.best_position FROM player_stats s WHERE s.user_id = ?)
				ELSE best_position END,
			updated_at = ?
			WHERE user_id = ?`, src, src, src, src, src, src, src, src, src, src, src, db.Now(), dst); err != nil {
			return err
		}
		if err := exec(`DELETE FROM player_stats WHERE user_id = ?`, src); err != nil {
			return err
		}
	} else if err := exec(`UPDATE player_stats SET user_id = ? WHERE user_id = ?`, dst, src); err != nil {
		return err
	}

	// The period rankings' rows follow the history: both players' are summed again from it.
	if err := db.rebuildPeriodStatsOf(ctx, tx, src, dst); err != nil {
		return err
	}
	if err := db.bumpLeaderboard(ctx, tx, dst); err != nil {
		return err
	}

	var records []struct {
		TournamentID int64 `db:"tournament_id"`
		Best         int   `db:"best_position"`
		Matches      int   `db:"matches"`
	}
	if err := db.txSelect(ctx, tx, &records, db.Dialect.rebind(`SELECT tournament_id, best_position, matches
		FROM player_tournament_stats WHERE user_id = ?`), src); err != nil {
		return err
	}
	for _, r := range records {
		var theirs int
		if err := db.txGet(ctx, tx, &theirs, db.Dialect.rebind(`SELECT COUNT(*) FROM player_tournament_stats
			WHERE user_id = ? AND tournament_id = ?`), dst, r.TournamentID); err != nil {
			return err
		}
		if theirs == 0 {
			if err := exec(`UPDATE player_tournament_stats SET user_id = ? WHERE user_id = ? AND tournament_id = ?`,
				dst, src, r.TournamentID); err != nil {
				return err
			}
			continue
		}
		if err := exec(`UPDATE player_tournament_stats SET matches = matches + ?,
			best_position = CASE WHEN ? BETWEEN 1 AND best_position - 1 OR best_position = 0 THEN ? ELSE best_position END,
			updated_at = ? WHERE user_id = ? AND tournament_id = ?`, r.Matches, r.Best, r.Best, db.Now(), dst, r.TournamentID); err != nil {
			return err
		}
		if err := exec(`DELETE FROM player_tournament_stats WHERE user_id = ? AND tournament_id = ?`, src, r.TournamentID); err != nil {
			return err
		}
	}
	return nil
}
