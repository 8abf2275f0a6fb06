// Package seed fills an empty database with realistic demo data, so `make run` shows a living
// platform. Each later feature adds its own part here (users, clubs, tournaments …).
package seed

import (
	"context"
	"database/sql"
	"fmt"
	"strings"
	"time"

	"github.com/tennisladder/ladder/internal/store"
)

// Result says what Demo did.
type Result struct {
	Skipped         bool // the database already had data: nothing was written
	Users           int
	Clubs           int
	Tournaments     int
	ContactMessages int
}

// Account is a demo account; the development identity provider lists them on its page.
type Account struct {
	Email, FirstName, LastName, Role string
	District, Municipality, Phone    string
	Age                              int
	Gender, Visibility               string
	Evenings, Weekends               bool // availability pattern
}

// DemoAccounts are one account per role (root is the main super admin of dev mode,
// config.DevRootEmail) plus a few players.
var DemoAccounts = []Account{
	{Email: "root@ladder.test", FirstName: "Rita", LastName: "Oliveira", Role: "superadmin", District: "lisboa", Municipality: "lisboa-lisboa", Age: 41, Gender: "female", Visibility: "co_players", Weekends: true},
	{Email: "superadmin@ladder.test", FirstName: "Sofia", LastName: "Martins", Role: "superadmin", District: "porto", Municipality: "porto-porto", Age: 38, Gender: "female", Visibility: "co_players", Evenings: true},
	{Email: "admin@ladder.test", FirstName: "André", LastName: "Costa", Role: "admin", District: "braga", Municipality: "braga-braga", Phone: "+351 913 456 789", Age: 45, Gender: "male", Visibility: "everyone", Evenings: true, Weekends: true},
	{Email: "player@ladder.test", FirstName: "Pedro", LastName: "Santos", Role: "player", District: "porto", Municipality: "porto-vila-nova-de-gaia", Phone: "+351 912 345 678", Age: 29, Gender: "male", Visibility: "everyone", Evenings: true},
	{Email: "ines.rodrigues@ladder.test", FirstName: "Inês", LastName: "Rodrigues", Role: "player", District: "lisboa", Municipality: "lisboa-cascais", Phone: "+351 926 111 222", Age: 33, Gender: "female", Visibility: "co_players", Weekends: true},
	{Email: "tiago.almeida@ladder.test", FirstName: "Tiago", LastName: "Almeida", Role: "player", District: "coimbra", Municipality: "coimbra-coimbra", Age: 24, Gender: "male", Visibility: "nobody", Evenings: true, Weekends: true},
	{Email: "beatriz.sousa@ladder.test", FirstName: "Beatriz", LastName: "Sousa", Role: "player", District: "faro", Municipality: "faro-loule", Phone: "+351 939 876 543", Age: 52, Gender: "female", Visibility: "everyone", Weekends: true},
	{Email: "miguel.pereira@ladder.test", FirstName: "Miguel", LastName: "Pereira", Role: "player", District: "setubal", Municipality: "setubal-almada", Age: 17, Gender: "male", Visibility: "co_players", Evenings: true},
}

// demoSlots turns an availability pattern into weekly ranges.
func demoSlots(a Account, seed int) []store.Slot {
	var out []store.Slot
	if a.Evenings {
		for d := 1; d <= 5; d++ {
			if (d+seed)%2 == 0 || d == 3 {
				out = append(out, store.Slot{Weekday: d, StartMinute: 18*60 + 30, EndMinute: 21 * 60})
			}
		}
	}
	if a.Weekends {
		out = append(out, store.Slot{Weekday: 6, StartMinute: 9 * 60, EndMinute: 12*60 + 30},
			store.Slot{Weekday: 7, StartMinute: 10 * 60, EndMinute: 13 * 60})
		if seed%2 == 1 {
			out = append(out, store.Slot{Weekday: 6, StartMinute: 16 * 60, EndMinute: 19 * 60})
		}
	}
	return out
}

// Demo writes the demo data in one transaction when the database is empty; it never touches a
// database that already holds data, so running it twice (or on a real install) is harmless.
func Demo(ctx context.Context, db *store.DB) (Result, error) {
	var res Result
	empty, err := isEmpty(ctx, db)
	if err != nil {
		return res, err
	}
	if !empty {
		res.Skipped = true
		return res, nil
	}
	now := db.Now()
	err = db.Tx(ctx, func(tx *store.Tx) error {
		var users []store.User
		for i, a := range DemoAccounts {
			u := store.User{Email: a.Email, FirstName: a.FirstName, LastName: a.LastName, Role: a.Role,
				Profile: store.Profile{District: a.District, Municipality: a.Municipality, Phone: strings.ReplaceAll(a.Phone, " ", ""),
					Age: sql.NullInt64{Int64: int64(a.Age), Valid: a.Age > 0}, Gender: a.Gender, ContactVisibility: a.Visibility}}
			if i == 5 {
				u.Telegram = "@tiago_tenis"
			}
			if err := db.InsertUser(ctx, tx, &u); err != nil {
				return fmt.Errorf("user %s: %w", a.Email, err)
			}
			if err := db.ReplaceAvailability(ctx, tx, u.ID, demoSlots(a, i)); err != nil {
				return err
			}
			if err := awardProfile(ctx, db, tx, u, len(demoSlots(a, i)) > 0); err != nil {
				return err
			}
			res.Users++
			users = append(users, u)
		}
		var err error
		if res.Clubs, err = seedClubs(ctx, db, tx, users, now); err != nil {
			return err
		}
		world, err := seedTournaments(ctx, db, tx, users, now)
		if err != nil {
			return err
		}
		res.Tournaments = len(world.tournaments)
		if err := seedNotifications(ctx, db, tx, users, world, now); err != nil {
			return err
		}
		// The demo's achievements and levels are history, not news: no popup at the first sign-in.
		if err := db.MarkAllSeen(ctx, tx); err != nil {
			return err
		}
		for i, m := range demoContactMessages {
			msg := m
			// Spread the messages over the last days so lists look real.
			msg.CreatedAt = now.Add(-time.Duration(len(demoContactMessages)-i) * 7 * time.Hour)
			if err := db.InsertContactMessage(ctx, tx, &msg); err != nil {
				return fmt.Errorf("contact message %d: %w", i, err)
			}
			res.ContactMessages++
		}
		return nil
	})
	if err != nil {
		return res, err
	}
	// A bulk load: PostgreSQL's planner gets statistics of the new rows, and the rows the load
	// replaced are cleared (issue 16).
	return res, db.VacuumAnalyze(ctx)
}

// isEmpty reports whether no table of user data has rows yet.
func isEmpty(ctx context.Context, db *store.DB) (bool, error) {
	users, err := db.CountUsers(ctx)
	if err != nil {
		return false, err
	}
	msgs, err := db.CountContactMessages(ctx)
	return users == 0 && msgs == 0, err
}

var demoContactMessages = []store.ContactMessage{
	{Kind: "support", Name: "Marta Ferreira", Email: "marta.ferreira@example.pt", Language: "pt",
		Subject: "Não consigo propor horários",
		Message: "Olá! Ao criar um desafio no torneio do clube, o botão de adicionar horário não responde no telemóvel. Podem ajudar?"},
	{Kind: "contact", Name: "João Carvalho", Email: "joao.carvalho@example.pt", Language: "pt",
		Subject: "Sugestão: ranking por pares",
		Message: "Gostávamos de usar a plataforma também para pares no Clube de Ténis de Braga. Está nos planos?"},
	{Kind: "support", Name: "Emily Clarke", Email: "emily.clarke@example.com", Language: "en",
		Subject: "Score entered wrongly",
		Message: "I reported 6-4 6-3 but it was 6-4 3-6 10-7. Can the referee correct it before validating?"},
	{Kind: "contact", Name: "Rui Monteiro", Email: "rui.monteiro@example.pt", Language: "pt",
		Subject: "Clube quer alojar a sua própria instância",
		Message: "Somos o Lisboa Racket Centre e queremos correr a plataforma no nosso servidor com PostgreSQL. Há documentação?"},
}
