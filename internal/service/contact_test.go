package service_test

import (
	"context"
	"strings"
	"testing"

	"github.com/tennisladder/ladder/internal/service"
	"github.com/tennisladder/ladder/internal/store"
	"github.com/tennisladder/ladder/internal/store/storetest"
)

func TestSendContact(t *testing.T) {
	valid := service.ContactInput{Name: " Ana Silva ", Email: "ana@example.pt", Subject: "Olá", Message: "Uma pergunta", Type: "support"}
	cases := []struct {
		name   string
		edit   func(in *service.ContactInput)
		fields map[string]string // field → code; empty means success
	}{
		{"valid", func(*service.ContactInput) {}, nil},
		{"all blank", func(in *service.ContactInput) { *in = service.ContactInput{Name: "  "} },
			map[string]string{"name": "validation.required", "email": "validation.required", "subject": "validation.required", "message": "validation.required", "type": "validation.required"}},
		{"bad email", func(in *service.ContactInput) { in.Email = "ana@" }, map[string]string{"email": "validation.email"}},
		{"display name email", func(in *service.ContactInput) { in.Email = "Ana <ana@example.pt>" }, map[string]string{"email": "validation.email"}},
		{"no dot in domain", func(in *service.ContactInput) { in.Email = "ana@localhost" }, map[string]string{"email": "validation.email"}},
		{"bad type", func(in *service.ContactInput) { in.Type = "spam" }, map[string]string{"type": "validation.one_of"}},
		{"long subject", func(in *service.ContactInput) { in.Subject = strings.Repeat("é", service.ContactSubjectMax+1) }, map[string]string{"subject": "validation.too_long"}},
		{"max subject in runes", func(in *service.ContactInput) { in.Subject = strings.Repeat("é", service.ContactSubjectMax) }, nil},
	}
	storetest.ForEachDialect(t, func(t *testing.T, db *store.DB) {
		svc := service.New(db, service.Options{})
		ctx := context.Background()
		stored := 0
		for _, tc := range cases {
			in := valid
			tc.edit(&in)
			m, err := svc.SendContact(ctx, in)
			if tc.fields == nil {
				if err != nil {
					t.Fatalf("%s: %v", tc.name, err)
				}
				stored++
				if m.ID == 0 || m.Name != "Ana Silva" {
					t.Fatalf("%s: not stored or not trimmed: %+v", tc.name, m)
				}
				continue
			}
			e, ok := service.AsError(err)
			if !ok || e.Kind != service.KindInvalid {
				t.Fatalf("%s: want a validation error, got %v", tc.name, err)
			}
			got := map[string]string{}
			for _, f := range e.Fields {
				got[f.Field] = f.Code
			}
			for f, code := range tc.fields {
				if got[f] != code {
					t.Errorf("%s: field %s: got %q want %q (all: %v)", tc.name, f, got[f], code, got)
				}
			}
			if len(got) != len(tc.fields) {
				t.Errorf("%s: fields %v, want %v", tc.name, got, tc.fields)
			}
		}
		if n, _ := db.CountContactMessages(ctx); n != stored {
			t.Fatalf("stored %d rows, want %d: a refused message was written", n, stored)
		}
	})
}
