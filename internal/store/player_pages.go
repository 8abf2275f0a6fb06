package store

import "context"

// PlayerPageStamp is what a player's statistics and history pages are kept in memory under,
// with the columns the visibility check needs (policy.SeePlayer), read in one query per request.
type PlayerPageStamp struct {
	ID       int64  `db:"id"`
	Hidden   bool   `db:"hidden"`
	Status   string `db:"status"`
	Timezone string `db:"timezone"`
	// UserVersion is the player's account version (every change to the users row).
	UserVersion int64 `db:"user_version"`
	// PlayerVersion moves with every row the pages read about the player and with the rename of
	// anyone they played (triggers, migration 00028).
	PlayerVersion int64 `db:"player_version"`
	// Tournaments sums the versions of the tournaments the player has tournament_players or
	// player_tournament_stats rows in (on PostgreSQL each tournament once, on SQLite once per
	// row: Dialect.pageStampColumns). Versions only grow and those rows change only with
	// PlayerVersion, so under an unchanged PlayerVersion any bump of one of those tournaments
	// (store.Bump: standings and people; the 00028 trigger: name, status, privacy, order, ranking
	// type) raises the sum.
	Tournaments int64 `db:"tournaments"`
}

// User is the stamp's visibility columns as a User (for the policy).
func (st PlayerPageStamp) User() User {
	return User{ID: st.ID, Status: st.Status, Profile: Profile{Hidden: st.Hidden, Timezone: st.Timezone}}
}

// PlayerPageStampOf reads the stamp of player id's pages (ErrNotFound when there is no such
// user): the account, its player_versions row and the player's tournaments, by primary keys and
// the (user_id, …) indexes of tournament_players and player_tournament_stats.
func (db *DB) PlayerPageStampOf(ctx context.Context, id int64) (PlayerPageStamp, error) {
	return shared(ctx, db, &db.pageStamps, id, func(ctx context.Context) (PlayerPageStamp, error) { return db.playerPageStampOf(ctx, id) })
}

func (db *DB) playerPageStampOf(ctx context.Context, id int64) (PlayerPageStamp, error) {
	var st PlayerPageStamp
	err := db.scanOne(ctx, playerPageStampQuery.in(db.Dialect), []any{id},
		&st.ID, &st.Hidden, &st.Status, &st.Timezone, &st.UserVersion, &st.PlayerVersion, &st.Tournaments)
	return st, notFound(err)
}

// pageStampColumns are the page stamp's versions of the player aliased p (PlayerPageStampOf,
// SessionStampWith), in dialect d. Both sum the versions of the tournaments the player has
// rows in, so any bump of one raises the sum (PlayerPageStamp.Tournaments). PostgreSQL sums
// each tournament once, looked up as one array in one scan of the tournaments' key
// (= ANY(ARRAY(…))): as joins, or with IN, its plans looked each tournament up in a loop of its
// own, ~0.1 ms of the backend's time on every statistics and history read (issue 16,
// docs/PERFORMANCE.md). SQLite's joins are cheaper than its IN over a UNION (which builds a
// temporary table), so it keeps them: a stamp is only compared with one of its own dialect.
func (d Dialect) pageStampColumns() string {
	if d == Postgres {
		return pageStampColumnsPostgres
	}
	return pageStampColumnsSQLite
}

const (
	pageStampPlayerVersion = `COALESCE((SELECT v.version FROM player_versions v WHERE v.user_id = p.id), 0) AS player_version`
	pageStampColumnsSQLite = pageStampPlayerVersion + `,
	CAST(COALESCE((SELECT SUM(t.version) FROM tournament_players m JOIN tournaments t ON t.id = m.tournament_id
		WHERE m.user_id = p.id), 0)
	+ COALESCE((SELECT SUM(t.version) FROM player_tournament_stats r JOIN tournaments t ON t.id = r.tournament_id
		WHERE r.user_id = p.id), 0) AS BIGINT) AS tournaments`
	pageStampColumnsPostgres = pageStampPlayerVersion + `,
	CAST(COALESCE((SELECT SUM(t.version) FROM tournaments t WHERE t.id = ANY(ARRAY(
		SELECT m.tournament_id FROM tournament_players m WHERE m.user_id = p.id
		UNION ALL SELECT r.tournament_id FROM player_tournament_stats r WHERE r.user_id = p.id))), 0) AS BIGINT) AS tournaments`
)

var playerPageStampQuery = textByDialect(func(d Dialect) string {
	return `SELECT p.id, p.hidden, p.status, p.timezone, p.version AS user_version, ` + d.pageStampColumns() + `
		FROM users p WHERE p.id = ?`
})

// PlayedPrivate says whether the player is in, or has records in, a tournament that is not
// public: only then do readers see different statistics and history of them. It must cover every
// tournament the pages can list (TournamentRecords lists memberships without a match yet, the
// history lists rating_history rows), so it looks at all three sources, whatever the membership's
// role or status (a wider "yes" only costs the sharing of the kept page).
func (db *DB) PlayedPrivate(ctx context.Context, userID int64) (bool, error) {
	var n int
	err := db.get(ctx, &n, `SELECT COUNT(*) FROM tournaments t WHERE t.privacy <> 'public' AND t.id IN (
		SELECT tournament_id FROM tournament_players WHERE user_id = ?
		UNION SELECT tournament_id FROM player_tournament_stats WHERE user_id = ?
		UNION SELECT tournament_id FROM rating_history WHERE user_id = ?)`, userID, userID, userID)
	return n > 0, err
}
