package store

import (
	"context"
	"database/sql"
	"strings"
	"time"
)

// UserReferences is every column of the schema that refers to an account, with what a user
// transfer does with it (docs/DECISIONS.md, "User transfer"). TestTransferHandlesEveryUserColumn
// reads the foreign keys to users from the migrated schema and fails when one is missing here:
// a new table that refers to accounts must decide what a transfer does with its rows.
var UserReferences = map[string]string{
	"sessions.user_id":           "deleted: the source's sessions end",
	"calendar_feeds.user_id":     "deleted: the source's calendar feed URL stops working",
	"availability.user_id":       "kept: the source's own profile",
	"user_photos.user_id":        "kept: the source's own profile",
	"email_outbox.user_id":       "kept: emails already addressed to the source's email",
	"notifications.user_id":      "moved",
	"clubs.creator_id":           "moved",
	"clubs.decided_by":           "moved",
	"club_members.user_id":       "moved; when both are members: one row, administrator if either was",
	"tournaments.creator_id":     "moved",
	"tournaments.decided_by":     "moved",
	"tournament_players.user_id": "moved; when both take part: merged (see MergeParticipation)",
	"matches.player1_id":         "moved; open matches between the two cancelled, completed ones between them cancelled and taken out of the standings",
	"matches.player2_id":         "moved (as player1_id)",
	"matches.reporter_id":        "moved",
	"matches.winner_id":          "moved",
	"matches.loser_id":           "moved",
	"matches.validated_by":       "moved",
	"matches.cancelled_by":       "moved",
	"challenges.challenger_id":   "moved; open challenges between the two cancelled",
	"challenges.challenged_id":   "moved (as challenger_id)",
	"user_transfers.source_id":   "kept: history",
	"user_transfers.target_id":   "kept: history",
	"user_transfers.actor_id":    "kept: history",
	// A deletion request is about one account and who asked or decided: the root may still
	// erase the deactivated source; who asked stays who asked.
	"deletion_requests.user_id":      "kept: the request is about the source account itself",
	"deletion_requests.requested_by": "kept: history",
	"deletion_requests.decided_by":   "kept: history",
	// Statistics and ratings (issue 14): see moveStats.
	"player_stats.user_id":            "moved; totals added to the target's, which keeps its own rating (or takes the source's without one)",
	"player_tournament_stats.user_id": "moved; merged per tournament (best position, matches summed)",
	"rating_history.user_id":          "moved; rows of matches between the two deleted (those matches were called off)",
	"rating_history.opponent_id":      "moved",
	"player_period_stats.user_id":     "moved; both players' period rows summed again from the moved history (rebuildPeriodStatsOf)",
	// Messages (issue 13): the source's conversations and words stay its own history (a
	// transfer does not put words in the target's mouth); the source never signs in again.
	"conversations.user_low":     "kept: the source's direct conversations",
	"conversations.user_high":    "kept (as user_low)",
	"messages.sender_id":         "kept: who wrote stays who wrote",
	"conversation_reads.user_id": "kept: the source's read markers",
	// Gamification (issue 15): earned per account, not merged (docs/DECISIONS.md, "Gamification").
	"xp_events.user_id":         "kept: the source's own XP history; the target keeps its own",
	"user_achievements.user_id": "kept: the source's own achievements; the target keeps its own",
	"player_progress.user_id":   "kept: the source's own level and streak; the target keeps its own",
}

// movedColumns are the columns whose every row referring to the source goes to the target (the
// tests check none is left behind). users.club_id is a club, not an account.
var movedColumns = []string{"notifications.user_id", "clubs.creator_id", "clubs.decided_by", "club_members.user_id",
	"tournaments.creator_id", "tournaments.decided_by", "tournament_players.user_id", "matches.player1_id", "matches.player2_id",
	"matches.reporter_id", "matches.winner_id", "matches.loser_id", "matches.validated_by", "matches.cancelled_by",
	"challenges.challenger_id", "challenges.challenged_id", "sessions.user_id", "calendar_feeds.user_id",
	"player_stats.user_id", "player_tournament_stats.user_id", "rating_history.user_id", "rating_history.opponent_id",
	"player_period_stats.user_id"}

// Left counts the rows still referring to userID in the columns a transfer empties (moved or
// deleted): zero for every column after a transfer.
func (db *DB) Left(ctx context.Context, tx *Tx, userID int64) (map[string]int, error) {
	out := map[string]int{}
	for _, tc := range movedColumns {
		table, col, _ := strings.Cut(tc, ".")
		var n int
		if err := db.getIn(ctx, tx, &n, `SELECT COUNT(*) FROM `+table+` WHERE `+col+` = ?`, userID); err != nil {
			return nil, err
		}
		out[tc] = n
	}
	return out, nil
}

// noKeyLock locks the rows a SELECT reads on PostgreSQL against other writers without blocking
// the foreign-key checks of inserts that refer to them (a challenge accepted meanwhile inserts a
// match referring to the tournament and the players: FOR UPDATE would deadlock with it).
func (db *DB) noKeyLock() string {
	if db.Dialect == Postgres {
		return " FOR NO KEY UPDATE"
	}
	return ""
}

// TransferLocks takes, in tx, the locks a transfer from src to dst needs, in a fixed order
// (accounts, then tournaments, then clubs, each by id) so two transfers never deadlock: the two
// accounts, every tournament the source takes part in or plays a match of, every club it belongs
// to. Changes to those tournaments' participants (LockTournament) and clubs wait for the
// transfer, and read its result.
func (db *DB) TransferLocks(ctx context.Context, tx *Tx, src, dst int64) error {
	var ids []int64
	lock := func(q string, args ...any) error {
		ids = ids[:0]
		return db.txSelect(ctx, tx, &ids, db.Dialect.rebind(q+db.noKeyLock()), args...)
	}
	if err := lock(`SELECT id FROM users WHERE id IN (?, ?) ORDER BY id`, src, dst); err != nil {
		return err
	}
	if err := lock(`SELECT id FROM tournaments WHERE id IN (SELECT tournament_id FROM tournament_players WHERE user_id = ?
		UNION SELECT tournament_id FROM matches WHERE player1_id = ? OR player2_id = ?) ORDER BY id`, src, src, src); err != nil {
		return err
	}
	return lock(`SELECT id FROM clubs WHERE id IN (SELECT club_id FROM club_members WHERE user_id = ?) ORDER BY id`, src)
}

// TransferCounts are the rows a transfer moved, by kind (stored with the history as JSON).
type TransferCounts struct {
	Participations      int64 `json:"participations"`      // tournament rows moved to the target
	MergedParticipants  int64 `json:"merged_participants"` // tournaments both were in: one row kept
	Matches             int64 `json:"matches"`
	MatchesCancelled    int64 `json:"matches_cancelled"` // between the two accounts
	Challenges          int64 `json:"challenges"`
	ChallengesCancelled int64 `json:"challenges_cancelled"` // open ones between the two accounts
	ClubMemberships     int64 `json:"club_memberships"`
	ClubsCreated        int64 `json:"clubs_created"`
	TournamentsCreated  int64 `json:"tournaments_created"`
	Notifications       int64 `json:"notifications"`
	Sessions            int64 `json:"sessions_ended"`
}

// MoveOwnership moves everything src owns to dst, in tx, after TransferLocks. actor is recorded
// as who cancelled the matches between the two. The order matters on PostgreSQL: challenges
// first, so that a challenge accepted at the same moment (its row locked by the accept) is
// waited for and its new match is seen by the statements on matches that follow.
func (db *DB) MoveOwnership(ctx context.Context, tx *Tx, src, dst, actor int64) (TransferCounts, error) {
	var c TransferCounts
	now := db.Now()
	exec := func(n *int64, q string, args ...any) error {
		res, err := db.txExec(ctx, tx, db.Dialect.rebind(q), args...)
		if err != nil {
			return err
		}
		if n != nil {
			k, err := res.RowsAffected()
			*n += k
			return err
		}
		return nil
	}
	between := `((%a = ? AND %b = ?) OR (%a = ? AND %b = ?))`
	pair := func(a, b string) string { return strings.NewReplacer("%a", a, "%b", b).Replace(between) }

	// Challenges: the open ones between the two are called off, then every one moves.
	if err := exec(&c.ChallengesCancelled, `UPDATE challenges SET status = 'cancelled', responded_at = ?, updated_at = ?
		WHERE status IN ('pending', 'accepted') AND `+pair("challenger_id", "challenged_id"), now, now, src, dst, dst, src); err != nil {
		return c, err
	}
	for _, col := range []string{"challenger_id", "challenged_id"} {
		if err := exec(&c.Challenges, `UPDATE challenges SET `+col+` = ?, updated_at = ? WHERE `+col+` = ?`, dst, now, src); err != nil {
			return c, err
		}
	}

	// Matches between the two: completed ones leave the standings (a match against oneself
	// means nothing), open ones are called off.
	var played []Match
	if err := db.txSelect(ctx, tx, &played, db.Dialect.rebind(`SELECT id, tournament_id, winner_id, loser_id, winner_points, loser_points
		FROM matches WHERE state = 'completed' AND `+pair("player1_id", "player2_id")), src, dst, dst, src); err != nil {
		return c, err
	}
	for _, m := range played {
		for _, side := range []struct {
			user      sql.NullInt64
			points    int
			win, loss int
		}{{m.WinnerID, m.WinnerPoints, 1, 0}, {m.LoserID, m.LoserPoints, 0, 1}} {
			if err := exec(nil, `UPDATE tournament_players SET points = points - ?, wins = wins - ?, losses = losses - ?, updated_at = ?
				WHERE tournament_id = ? AND user_id = ?`, side.points, side.win, side.loss, now, m.TournamentID, side.user); err != nil {
				return c, err
			}
		}
	}
	if err := exec(&c.MatchesCancelled, `UPDATE matches SET state = 'cancelled', cancelled_by = ?, updated_at = ?
		WHERE state <> 'cancelled' AND `+pair("player1_id", "player2_id"), actor, now, src, dst, dst, src); err != nil {
		return c, err
	}
	for _, col := range []string{"player1_id", "player2_id", "reporter_id", "winner_id", "loser_id", "validated_by", "cancelled_by"} {
		n := &c.Matches
		if col != "player1_id" && col != "player2_id" {
			n = nil
		}
		if err := exec(n, `UPDATE matches SET `+col+` = ? WHERE `+col+` = ?`, dst, src); err != nil {
			return c, err
		}
	}

	if err := db.moveStats(ctx, tx, src, dst); err != nil {
		return c, err
	}

	// Participations.
	var rows []Participant
	if err := db.txSelect(ctx, tx, &rows, db.Dialect.rebind(`SELECT tournament_id, user_id, role, status, points, wins, losses,
		position, seed, week_position, joined_at FROM tournament_players WHERE user_id IN (?, ?) ORDER BY tournament_id, user_id`), src, dst); err != nil {
		return c, err
	}
	byTournament := map[int64][2]*Participant{}
	for i := range rows {
		p := &rows[i]
		pr := byTournament[p.TournamentID]
		if p.UserID == src {
			pr[0] = p
		} else {
			pr[1] = p
		}
		byTournament[p.TournamentID] = pr
	}
	for tid, pr := range byTournament {
		s, d := pr[0], pr[1]
		if s == nil {
			continue
		}
		if d == nil {
			if err := exec(&c.Participations, `UPDATE tournament_players SET user_id = ?, updated_at = ? WHERE tournament_id = ? AND user_id = ?`,
				dst, now, tid, src); err != nil {
				return c, err
			}
		} else {
			if err := db.mergeParticipation(ctx, tx, *s, *d); err != nil {
				return c, err
			}
			c.MergedParticipants++
		}
		if err := db.Bump(ctx, tx, tid); err != nil {
			return c, err
		}
	}

	// Clubs: memberships (one row when both belong, administrator if either was), what the
	// source created or decided.
	var mine []struct {
		ClubID int64     `db:"club_id"`
		Role   string    `db:"role"`
		Joined time.Time `db:"joined_at"`
	}
	if err := db.txSelect(ctx, tx, &mine, db.Dialect.rebind(`SELECT club_id, role, joined_at FROM club_members WHERE user_id = ?`), src); err != nil {
		return c, err
	}
	for _, m := range mine {
		var theirs int
		if err := db.txGet(ctx, tx, &theirs, db.Dialect.rebind(`SELECT COUNT(*) FROM club_members WHERE club_id = ? AND user_id = ?`), m.ClubID, dst); err != nil {
			return c, err
		}
		if theirs == 0 {
			if err := exec(&c.ClubMemberships, `UPDATE club_members SET user_id = ? WHERE club_id = ? AND user_id = ?`, dst, m.ClubID, src); err != nil {
				return c, err
			}
			continue
		}
		if err := exec(nil, `UPDATE club_members SET role = CASE WHEN role = 'administrator' OR ? = 'administrator' THEN 'administrator' ELSE role END,
			joined_at = CASE WHEN joined_at < ? THEN joined_at ELSE ? END WHERE club_id = ? AND user_id = ?`, m.Role, m.Joined, m.Joined, m.ClubID, dst); err != nil {
			return c, err
		}
		if err := exec(&c.ClubMemberships, `DELETE FROM club_members WHERE club_id = ? AND user_id = ?`, m.ClubID, src); err != nil {
			return c, err
		}
	}
	for _, st := range []struct {
		n *int64
		q string
	}{
		{&c.ClubsCreated, `UPDATE clubs SET creator_id = ? WHERE creator_id = ?`},
		{nil, `UPDATE clubs SET decided_by = ? WHERE decided_by = ?`},
		{&c.TournamentsCreated, `UPDATE tournaments SET creator_id = ? WHERE creator_id = ?`},
		{nil, `UPDATE tournaments SET decided_by = ? WHERE decided_by = ?`},
		{&c.Notifications, `UPDATE notifications SET user_id = ? WHERE user_id = ?`},
	} {
		if err := exec(st.n, st.q, dst, src); err != nil {
			return c, err
		}
	}
	// The home club goes over when the target has none (the rest of the profile stays).
	if err := exec(nil, `UPDATE users SET club_id = (SELECT club_id FROM users WHERE id = ?) WHERE id = ? AND club_id IS NULL`, src, dst); err != nil {
		return c, err
	}
	if err := exec(nil, `DELETE FROM calendar_feeds WHERE user_id = ?`, src); err != nil {
		return c, err
	}
	return c, exec(&c.Sessions, `DELETE FROM sessions WHERE user_id = ?`, src)
}

// participationRank orders the rows of one tournament: a player in the standings above the
// referee above a join request.
func participationRank(p Participant) int {
	switch {
	case p.Status == "requested":
		return 0
	case p.Role == "referee":
		return 1
	}
	return 2
}

// mergeParticipation folds the source's row s into the target's row d of the same tournament
// (docs/DECISIONS.md, "User transfer"): the higher kind of row wins (player in the standings,
// then referee, then join request); two players become one with the better position, the
// points, wins and losses added up, the earlier seed and join date, and suspended when either
// was (a sanction does not disappear with an account), else the target's status.
func (db *DB) mergeParticipation(ctx context.Context, tx *Tx, s, d Participant) error {
	del := func(p Participant) error {
		_, err := db.txExec(ctx, tx, db.Dialect.rebind(`DELETE FROM tournament_players WHERE tournament_id = ? AND user_id = ?`), p.TournamentID, p.UserID)
		return err
	}
	rs, rd := participationRank(s), participationRank(d)
	switch {
	case rs < rd || (rs == rd && rs < 2):
		return del(s)
	case rs > rd:
		// The source's row is the one to keep: the target's lesser row (not in the standings)
		// goes, then the source's row becomes the target's.
		if err := del(d); err != nil {
			return err
		}
		_, err := db.txExec(ctx, tx, db.Dialect.rebind(`UPDATE tournament_players SET user_id = ?, updated_at = ? WHERE tournament_id = ? AND user_id = ?`),
			d.UserID, db.Now(), s.TournamentID, s.UserID)
		return err
	}
	// Both are players in the standings.
	keep, drop := d, s
	if s.Position > 0 && (d.Position == 0 || s.Position < d.Position) {
		keep, drop = s, d
	}
	status := d.Status
	if s.Status == "suspended" {
		status = "suspended"
	}
	joined := d.JoinedAt
	if s.JoinedAt.Before(joined) {
		joined = s.JoinedAt
	}
	if err := del(s); err != nil {
		return err
	}
	if _, err := db.txExec(ctx, tx, db.Dialect.rebind(`UPDATE tournament_players SET status = ?, points = ?, wins = ?, losses = ?,
		position = ?, seed = ?, week_position = ?, joined_at = ?, updated_at = ? WHERE tournament_id = ? AND user_id = ?`),
		status, s.Points+d.Points, s.Wins+d.Wins, s.Losses+d.Losses, keep.Position, min(s.Seed, d.Seed), keep.WeekPosition, joined, db.Now(),
		d.TournamentID, d.UserID); err != nil {
		return err
	}
	return db.closeGap(ctx, tx, d.TournamentID, drop)
}

// DeactivateUser marks the account transferred: suspended, hidden, a player (a role left on an
// account nobody can use would still be listed among the super admins), without its identity
// link (its sign-in identity no longer enters it), for good.
func (db *DB) DeactivateUser(ctx context.Context, tx *Tx, id int64) (bool, error) {
	now := db.Now()
	return db.changed(db.txExec(ctx, tx, db.Dialect.rebind(`UPDATE users SET status = 'suspended', role = 'player', hidden = ?, deactivated_at = ?,
		oidc_issuer = NULL, oidc_subject = NULL, updated_at = ? WHERE id = ? AND deactivated_at IS NULL`), true, now, now, id))
}

// UserTransfer is one row of the transfer history.
type UserTransfer struct {
	ID          int64     `db:"id"`
	SourceID    int64     `db:"source_id"`
	TargetID    int64     `db:"target_id"`
	ActorID     int64     `db:"actor_id"`
	SourceEmail string    `db:"source_email"`
	TargetEmail string    `db:"target_email"`
	Reason      string    `db:"reason"`
	Moved       string    `db:"moved"` // JSON TransferCounts
	CreatedAt   time.Time `db:"created_at"`
	ActorEmail  string    `db:"actor_email"`
	ActorName   string    `db:"actor_name"` // first and last name as set (may be empty)
}

// InsertUserTransfer records a transfer in the history.
func (db *DB) InsertUserTransfer(ctx context.Context, tx *Tx, t *UserTransfer) error {
	t.CreatedAt = db.Now()
	return db.txQueryRowx(ctx, tx, db.Dialect.rebind(`INSERT INTO user_transfers (source_id, target_id, actor_id, source_email,
		target_email, reason, moved, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`),
		t.SourceID, t.TargetID, t.ActorID, t.SourceEmail, t.TargetEmail, t.Reason, t.Moved, t.CreatedAt).Scan(&t.ID)
}

// UserTransfers lists the history newest first, limit rows with ids below before (0: from the
// newest).
func (db *DB) UserTransfers(ctx context.Context, before int64, limit int) ([]UserTransfer, error) {
	out := []UserTransfer{}
	if before <= 0 {
		before = 1<<62 - 1
	}
	err := db.selectRows(ctx, &out, `SELECT x.id, x.source_id, x.target_id, x.actor_id, x.source_email, x.target_email, x.reason,
		x.moved, x.created_at, a.email AS actor_email, TRIM(a.first_name || ' ' || a.last_name) AS actor_name
		FROM user_transfers x JOIN users a ON a.id = x.actor_id WHERE x.id < ? ORDER BY x.id DESC LIMIT ?`, before, limit)
	return out, err
}

// SuperAdmins lists the super admin accounts by id (there are few: the list is bounded by limit).
func (db *DB) SuperAdmins(ctx context.Context, limit int) ([]User, error) {
	out := []User{}
	err := db.selectRows(ctx, &out, `SELECT `+userColumns+` FROM users WHERE role = 'superadmin' ORDER BY id LIMIT ?`, limit)
	return out, err
}
