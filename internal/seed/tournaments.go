package seed

import (
	"github.com/tennisladder/ladder/internal/gamification"

	"context"
	"database/sql"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"time"

	"github.com/tennisladder/ladder/internal/ladder"
	"github.com/tennisladder/ladder/internal/store"
)

// Generated demo players fill the demo tournaments (8 to 60 players each). They cannot sign in
// from the development provider's list, but the free form there accepts their emails.
var (
	firstNames = []string{"João", "Maria", "Rui", "Ana", "Carlos", "Sara", "Nuno", "Joana", "Ricardo", "Catarina", "Hugo",
		"Mariana", "Filipe", "Sofia", "Bruno", "Leonor", "Diogo", "Marta", "Gonçalo", "Rita", "Paulo", "Helena", "Vasco", "Teresa"}
	lastNames = []string{"Ferreira", "Silva", "Gomes", "Lopes", "Marques", "Ribeiro", "Carvalho", "Teixeira", "Moreira",
		"Correia", "Mendes", "Nunes", "Soares", "Vieira", "Monteiro", "Cardoso", "Rocha", "Neves", "Coelho", "Cunha"}
	playerDistricts = []string{"lisboa", "porto", "braga", "coimbra", "faro", "setubal", "aveiro", "leiria"}
	winningScores   = []string{"6-3 6-4", "6-4 6-2", "7-5 6-4", "6-2 6-1", "7-6 6-3", "6-4 3-6 10-7", "4-6 6-3 10-8",
		"6-3 7-6", "7-6 4-6 10-6", "6-1 6-4", "6-4 6-4", "7-5 7-5"}
)

func seedPlayers(ctx context.Context, db *store.DB, tx *store.Tx, n int) ([]store.User, error) {
	out := make([]store.User, 0, n)
	for i := range n {
		first, last := firstNames[i%len(firstNames)], lastNames[(i*7+i/len(firstNames))%len(lastNames)]
		district := playerDistricts[i%len(playerDistricts)]
		u := store.User{Email: fmt.Sprintf("%s.%s.%d@demo.ladder.test", strings.ToLower(ascii(first)), strings.ToLower(ascii(last)), i+1),
			FirstName: first, LastName: last, Role: "player",
			Profile: store.Profile{District: district, ContactVisibility: "co_players",
				Age: sql.NullInt64{Int64: int64(18 + i*7%50), Valid: true}}}
		if err := db.InsertUser(ctx, tx, &u); err != nil {
			return nil, err
		}
		out = append(out, u)
	}
	return out, nil
}

func ascii(s string) string {
	return strings.NewReplacer("ã", "a", "ç", "c", "é", "e", "ô", "o", "í", "i", "á", "a").Replace(s)
}

type demoTournament struct {
	name, club, privacy, ranking, preset, status, rules, reason string
	players, matches, creator                                   int // creator: index into the demo accounts
	custom                                                      ladder.Scoring
	referee, requests, maxPlayers                               int
}

var demoTournaments = []demoTournament{
	{name: "Ladder de Outono do Porto", club: "Clube de Ténis da Foz", privacy: "public", ranking: "points", preset: "standard", players: 24, matches: 70, creator: 3, referee: 5,
		rules: "Jogos à melhor de 3 sets, super tie-break no terceiro. Bolas novas por conta de quem desafia."},
	{name: "Liga Clássica de Lisboa", club: "Lisboa Racket Centre", privacy: "public", ranking: "classic", preset: "standard", players: 16, matches: 45, creator: 0},
	{name: "Escada Aberta de Braga", club: "Braga Ténis Clube", privacy: "public", ranking: "points", preset: "aggressive", players: 40, matches: 110, creator: 2},
	{name: "Ladder Privada de Cascais", club: "Clube de Ténis de Cascais", privacy: "private", ranking: "points", preset: "conservative", players: 12, matches: 30, creator: 4, requests: 2,
		rules: "Só sócios do clube. Marcações de campo pelo secretariado."},
	{name: "Torneio Noturno de Coimbra", club: "Académica Ténis Coimbra", privacy: "public", ranking: "points", preset: "tennis_style", players: 20, matches: 50, creator: 5},
	{name: "Ladder Privada do Algarve", club: "Loulé Tennis Club", privacy: "private", ranking: "classic", preset: "standard", players: 8, matches: 18, creator: 6},
	{name: "Super Ladder Nacional", privacy: "public", ranking: "points", preset: "standard", players: 60, matches: 160, creator: 1, maxPlayers: 64,
		rules: "Aberta a todo o país. Os jogos marcam-se no clube de um dos dois jogadores."},
	{name: "Ladder Juniores de Setúbal", club: "Setúbal Ténis Sado", privacy: "public", ranking: "points", preset: "custom", custom: ladder.Scoring{WinVsHigher: 4, WinVsLower: 1, Defeat: 0}, players: 10, matches: 22, creator: 7},
	{name: "Clássica do Minho", club: "Braga Ténis Clube", privacy: "public", ranking: "classic", preset: "standard", players: 30, matches: 75, creator: 2},
	{name: "Ladder de Verão 2026", club: "Lisboa Racket Centre", privacy: "public", ranking: "points", preset: "standard", status: "inactive", players: 14, matches: 40, creator: 0},
	{name: "Ladder de Primavera de Aveiro", privacy: "public", ranking: "points", preset: "standard", status: "pending", players: 1, creator: 3},
	{name: "Torneio Relâmpago", privacy: "public", ranking: "points", preset: "aggressive", status: "rejected", players: 1, creator: 3,
		reason: "Falta indicar o local e as regras do torneio."},
}

// seedTournaments writes the demo tournaments with players and validated matches replayed in
// time order through the same code that validates results, so standings, form and weekly
// movement are what the real rules produce.
func seedTournaments(ctx context.Context, db *store.DB, tx *store.Tx, accounts []store.User, now time.Time) (*demoWorld, error) {
	w := &demoWorld{people: map[int64]store.User{}, last: map[int64]store.Match{}}
	extra, err := seedPlayers(ctx, db, tx, 64)
	if err != nil {
		return nil, err
	}
	for _, u := range append(append([]store.User{}, accounts...), extra...) {
		w.people[u.ID] = u
	}
	clubs, err := db.ClubsWithStatus(ctx, tx, "validated")
	if err != nil {
		return nil, err
	}
	clubByName := map[string]store.Club{}
	for _, c := range clubs {
		clubByName[c.Name] = c
	}
	r := rand.New(rand.NewPCG(2026, 11))
	realNow := db.Now
	defer func() { db.Now = realNow }()
	var rated []demoRated
	for i, dt := range demoTournaments {
		created := now.Add(-time.Duration(50-i) * 24 * time.Hour)
		db.Now = func() time.Time { return created }
		creator := accounts[dt.creator]
		sc, ok := ladder.Presets[dt.preset]
		if !ok {
			sc = dt.custom
		}
		status := dt.status
		if status == "" {
			status = "active"
		}
		t := store.Tournament{Name: dt.name, Privacy: dt.privacy, RankingType: dt.ranking, Preset: dt.preset,
			WinVsHigher: sc.WinVsHigher, WinVsLower: sc.WinVsLower, Defeat: sc.Defeat, ResponseDays: 7, MaxRejections: 3,
			MinGames: 1, MaxGames: 4, PeriodWeeks: 2, ChallengeRange: 3, MaxParticipants: dt.maxPlayers, SpecialRules: dt.rules,
			Status: status, RejectReason: dt.reason, CreatorID: sql.NullInt64{Int64: creator.ID, Valid: true},
			CreatedAt: created, ExpiresAt: created.Add(5 * 24 * time.Hour), District: creator.District}
		if status == "pending" {
			t.CreatedAt = now.Add(-40 * time.Hour)
			t.ExpiresAt = t.CreatedAt.Add(5 * 24 * time.Hour)
		}
		if status != "pending" {
			t.DecidedBy = sql.NullInt64{Int64: accounts[0].ID, Valid: true}
			t.DecidedAt = sql.NullTime{Time: created.Add(3 * time.Hour), Valid: true}
		}
		if c, ok := clubByName[dt.club]; ok {
			t.ClubID, t.District, t.Location = sql.NullInt64{Int64: c.ID, Valid: true}, c.District, c.Address
		}
		if err := db.InsertTournament(ctx, tx, &t); err != nil {
			return nil, fmt.Errorf("tournament %s: %w", dt.name, err)
		}
		w.tournaments = append(w.tournaments, t)
		// The creator plays; then demo accounts and generated players by turn.
		people := []store.User{creator}
		for j, u := range append(append([]store.User{}, accounts...), extra...) {
			if len(people) >= dt.players+dt.requests {
				break
			}
			if u.ID != creator.ID && (j+i)%3 != 0 || j >= len(accounts) {
				if u.ID != creator.ID {
					people = append(people, u)
				}
			}
		}
		for j, u := range people {
			status := "active"
			if j >= dt.players {
				status = "requested"
			}
			db.Now = func() time.Time { return created.Add(time.Duration(j) * 20 * time.Minute) }
			if _, err := db.AddParticipant(ctx, tx, t.ID, u.ID, status); err != nil {
				return nil, err
			}
			if status == "active" {
				if _, err := db.AwardAction(ctx, tx, u.ID, gamification.ActionFirstTournament); err != nil {
					return nil, err
				}
			}
		}
		if dt.referee != 0 {
			if _, err := db.SetParticipantRole(ctx, tx, t.ID, accounts[dt.referee].ID, "referee"); err != nil {
				return nil, err
			}
		}
		if err := playDemoMatches(ctx, db, tx, &t, dt.matches, created, now, r, &rated, w.last); err != nil {
			return nil, fmt.Errorf("tournament %s: %w", dt.name, err)
		}
		if len(people) > 6 {
			db.Now = realNow
			if _, err := db.SetParticipantStatus(ctx, tx, t.ID, people[len(people)-1-dt.requests].ID, "paused"); err != nil {
				return nil, err
			}
		}
	}
	// Ratings are global: the matches of all tournaments go through them in time order, as
	// validations would have (each tournament's standings were replayed above in its own order).
	slices.SortStableFunc(rated, func(a, b demoRated) int { return a.at.Compare(b.at) })
	for _, x := range rated {
		db.Now = func() time.Time { return x.at }
		added, err := db.RecordStats(ctx, tx, x.m)
		if err != nil {
			return nil, err
		}
		if added { // XP, achievements and streaks, as the validation gives them
			if _, err := db.AwardMatch(ctx, tx, x.m); err != nil {
				return nil, err
			}
		}
	}
	return w, nil
}

// demoWorld is what the demo tournaments made, for the demo notifications to point at.
type demoWorld struct {
	tournaments []store.Tournament
	people      map[int64]store.User
	last        map[int64]store.Match // each player's latest validated match
}

// demoRated is a replayed match waiting for the ratings, with its validation time.
type demoRated struct {
	at time.Time
	m  store.RatedMatch
}

// playDemoMatches plays n matches between players within the challenge range, spread from the
// tournament's start to an hour ago; the lower-ranked player wins 40% of them.
func playDemoMatches(ctx context.Context, db *store.DB, tx *store.Tx, t *store.Tournament, n int, from, to time.Time, r *rand.Rand, rated *[]demoRated, last map[int64]store.Match) error {
	step := to.Add(-time.Hour).Sub(from.Add(24*time.Hour)) / time.Duration(max(n, 1))
	// The standings are read once and kept in memory with the pure ladder rules (ladder.Result);
	// each result goes through the validation's own write (store.RecordResult), and the positions
	// it reports must be the ones the rules give: the replay checks the write on every match.
	rows, err := db.Standings(ctx, tx, t.ID, t.RankingType)
	if err != nil {
		return err
	}
	st := make([]ladder.Standing, len(rows))
	for i, p := range rows {
		st[i] = ladder.Standing{PlayerID: p.UserID, Position: p.Position, Points: p.Points, Wins: p.Wins, Losses: p.Losses, Seed: p.Seed}
	}
	kind, rec := ladder.RankingType(t.RankingType), ladder.Record{}
	sc := ladder.Scoring{WinVsHigher: t.WinVsHigher, WinVsLower: t.WinVsLower, Defeat: t.Defeat}
	for k := range n {
		at := from.Add(24*time.Hour + time.Duration(k)*step + time.Duration(r.IntN(int(step/time.Minute)))*time.Minute/2)
		db.Now = func() time.Time { return at }
		if len(st) < 2 {
			return nil
		}
		a := r.IntN(len(st))
		b := a + 1 + r.IntN(t.ChallengeRange)
		if b >= len(st) {
			b = a - 1 - r.IntN(min(t.ChallengeRange, a))
		}
		if b < 0 || b == a {
			continue
		}
		higher, lower := st[min(a, b)], st[max(a, b)]
		winner, loser := higher, lower
		if r.IntN(10) < 4 {
			winner, loser = lower, higher
		}
		m := store.Match{TournamentID: t.ID, Player1ID: lower.PlayerID, Player2ID: higher.PlayerID, State: "completed",
			ScheduledAt: sql.NullTime{Time: at.Add(-26 * time.Hour), Valid: true}, Score: winningScores[r.IntN(len(winningScores))],
			PlayedOn: at.Add(-24 * time.Hour).Format("2006-01-02"), ReporterID: sql.NullInt64{Int64: winner.PlayerID, Valid: true},
			ReportedAt: sql.NullTime{Time: at.Add(-20 * time.Hour), Valid: true},
			WinnerID:   sql.NullInt64{Int64: winner.PlayerID, Valid: true}, LoserID: sql.NullInt64{Int64: loser.PlayerID, Valid: true},
			ValidatedBy: t.CreatorID, ValidatedAt: sql.NullTime{Time: at, Valid: true}, CreatedAt: at.Add(-3 * 24 * time.Hour)}
		if err := db.InsertMatch(ctx, tx, &m); err != nil {
			return err
		}
		for _, id := range []int64{m.Player1ID, m.Player2ID} {
			if prev, ok := last[id]; !ok || !prev.ValidatedAt.Time.After(at) {
				last[id] = m
			}
		}
		rc, err := db.RecordResult(ctx, tx, t, m.ID, winner.PlayerID, loser.PlayerID)
		if err != nil {
			return err
		}
		if w, l := positionOf(st, winner.PlayerID), positionOf(st, loser.PlayerID); w != rc.WinnerBefore || l != rc.LoserBefore {
			return fmt.Errorf("match %d: the write found the winner at %d and the loser at %d, the ladder rules at %d and %d",
				m.ID, rc.WinnerBefore, rc.LoserBefore, w, l)
		}
		st, _ = ladder.Result(kind, sc, st, rec, winner.PlayerID, loser.PlayerID)
		if w, l := positionOf(st, winner.PlayerID), positionOf(st, loser.PlayerID); w != rc.WinnerAfter || l != rc.LoserAfter {
			return fmt.Errorf("match %d: the write placed the winner %d and the loser %d, the ladder rules %d and %d",
				m.ID, rc.WinnerAfter, rc.LoserAfter, w, l)
		}
		// Rated later, in time order across tournaments (seedTournaments).
		*rated = append(*rated, demoRated{at: at, m: store.RatedMatch{MatchID: m.ID, TournamentID: t.ID, Winner: winner.PlayerID,
			Loser: loser.PlayerID, Score: m.Score, PlayedOn: m.PlayedOn, Change: rc}})
	}
	return nil
}

func positionOf(st []ladder.Standing, id int64) int {
	for _, s := range st {
		if s.PlayerID == id {
			return s.Position
		}
	}
	return 0
}
