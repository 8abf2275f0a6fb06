package service

import (
	"log/slog"

	"github.com/tennisladder/ladder/internal/store"
)

// Service is the application's use cases over one database.
type Service struct {
	db  *store.DB
	log *slog.Logger
}

// New returns the use cases over db.
func New(db *store.DB, log *slog.Logger) *Service {
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	return &Service{db: db, log: log}
}
