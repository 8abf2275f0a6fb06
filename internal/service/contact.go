package service

import (
	"context"

	"github.com/tennisladder/ladder/internal/store"
)

// Limits of the contact form. The spec only requires the fields; these bounds keep the table
// sane and are shown to the user as field errors.
const (
	ContactNameMax    = 120
	ContactSubjectMax = 200
	ContactMessageMax = 5000
)

// ContactInput is a message from the footer's contact-developer or technical-support form.
type ContactInput struct {
	Name, Email, Subject, Message string
	Type                          string // contact | support
	ClientIP, Language            string
}

// SendContact validates and stores a contact or support message for the super-admin area.
func (s *Service) SendContact(ctx context.Context, in ContactInput) (store.ContactMessage, error) {
	var fe fieldErrors
	m := store.ContactMessage{
		Name:     fe.requiredText("name", in.Name, ContactNameMax),
		Email:    fe.requiredEmail("email", in.Email),
		Subject:  fe.requiredText("subject", in.Subject, ContactSubjectMax),
		Message:  fe.requiredText("message", in.Message, ContactMessageMax),
		Kind:     fe.oneOf("type", in.Type, "contact", "support"),
		ClientIP: in.ClientIP,
		Language: in.Language,
	}
	if err := fe.err(); err != nil {
		return m, err
	}
	err := s.db.Tx(ctx, func(tx *store.Tx) error { return s.db.InsertContactMessage(ctx, tx, &m) })
	if err == nil {
		s.log.InfoContext(ctx, "contact message stored", "id", m.ID, "type", m.Kind)
	}
	return m, err
}

// ContactMessages lists stored messages newest first (for operators and the super-admin area).
func (s *Service) ContactMessages(ctx context.Context, before int64, limit int) ([]store.ContactMessage, error) {
	if limit <= 0 || limit > 200 {
		limit = 50
	}
	return s.db.ListContactMessages(ctx, before, limit)
}
