// Package seed fills an empty database with realistic demo data, so `make run` shows a living
// platform. Each later feature adds its own part here (users, clubs, tournaments …).
package seed

import (
	"context"
	"fmt"
	"time"

	"github.com/jmoiron/sqlx"

	"github.com/tennisladder/ladder/internal/store"
)

// Result says what Demo did.
type Result struct {
	Skipped         bool // the database already had data: nothing was written
	Users           int
	ContactMessages int
}

// Account is a demo account; the development identity provider lists them on its page.
type Account struct {
	Email, FirstName, LastName, Role string
}

// DemoAccounts are one account per role (root is the main super admin of dev mode,
// config.DevRootEmail) plus a few players.
var DemoAccounts = []Account{
	{"root@ladder.test", "Rita", "Oliveira", "superadmin"},
	{"superadmin@ladder.test", "Sofia", "Martins", "superadmin"},
	{"admin@ladder.test", "André", "Costa", "admin"},
	{"player@ladder.test", "Pedro", "Santos", "player"},
	{"ines.rodrigues@ladder.test", "Inês", "Rodrigues", "player"},
	{"tiago.almeida@ladder.test", "Tiago", "Almeida", "player"},
	{"beatriz.sousa@ladder.test", "Beatriz", "Sousa", "player"},
	{"miguel.pereira@ladder.test", "Miguel", "Pereira", "player"},
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
	err = db.Tx(ctx, func(tx *sqlx.Tx) error {
		for _, a := range DemoAccounts {
			u := store.User{Email: a.Email, FirstName: a.FirstName, LastName: a.LastName, Role: a.Role}
			if err := db.InsertUser(ctx, tx, &u); err != nil {
				return fmt.Errorf("user %s: %w", a.Email, err)
			}
			res.Users++
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
	return res, err
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
