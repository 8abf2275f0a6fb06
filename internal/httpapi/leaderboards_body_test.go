package httpapi

import (
	"bytes"
	"testing"
	"time"

	"github.com/tennisladder/ladder/internal/service"
	"github.com/tennisladder/ladder/internal/store"
)

// The page kept without the reader's row, followed by that row (getLeaderboard), is byte for
// byte the body encoded whole.
func TestLeaderboardBodyJoin(t *testing.T) {
	from := time.Date(2026, 11, 16, 0, 0, 0, 0, time.UTC)
	row := func(pos int, first string) store.LeaderRow {
		return store.LeaderRow{Position: pos, UserID: int64(pos), User: store.User{ID: int64(pos), FirstName: first, LastName: "<&>"},
			Points: 10 - pos, Wins: 2, Losses: 1, Matches: 3, Rating: 1612.5, RD: 80, Sigma: 0.06}
	}
	for _, v := range []service.LeaderboardView{
		{Rows: []store.LeaderRow{row(1, "Ana"), row(2, "João")}, More: true},
		{From: from, To: from.AddDate(0, 0, 7), Rows: []store.LeaderRow{row(1, "Zé")}},
		{},
	} {
		for _, me := range []*store.LeaderRow{nil, {Position: 7, UserID: 7, User: store.User{ID: 7, FirstName: "Eu & tu"}, Rating: 1500, RD: 350}} {
			v.Me = me
			want, err := encodeJSON(leaderboardBody("week", 40, v))
			if err != nil {
				t.Fatal(err)
			}
			shared, err := renderLeaderboard("week", 40, v)
			if err != nil {
				t.Fatal(err)
			}
			got, err := joinLeaderboard(shared, v.Me)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got, want) {
				t.Fatalf("joined\n%s\nwant\n%s", got, want)
			}
		}
	}
}
