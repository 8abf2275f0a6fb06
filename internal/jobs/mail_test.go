package jobs

import (
	"bufio"
	"context"
	"database/sql"
	"io"
	"log/slog"
	"net"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/tennisladder/ladder/internal/store"
	"github.com/tennisladder/ladder/internal/store/storetest"
)

// smtpServer is a minimal in-process SMTP server that records what it receives. failData makes
// it refuse the next n messages at DATA, as a busy server would.
type smtpServer struct {
	ln       net.Listener
	mu       sync.Mutex
	messages []string
	failData int
}

func newSMTPServer(t *testing.T) *smtpServer {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	s := &smtpServer{ln: ln}
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			go s.serve(c)
		}
	}()
	t.Cleanup(func() { ln.Close() })
	return s
}

func (s *smtpServer) serve(c net.Conn) {
	defer c.Close()
	r := bufio.NewReader(c)
	say := func(line string) { io.WriteString(c, line+"\r\n") }
	say("220 test ESMTP")
	for {
		line, err := r.ReadString('\n')
		if err != nil {
			return
		}
		cmd := strings.ToUpper(strings.TrimSpace(line))
		switch {
		case strings.HasPrefix(cmd, "EHLO"), strings.HasPrefix(cmd, "HELO"):
			say("250 test")
		case strings.HasPrefix(cmd, "MAIL"), strings.HasPrefix(cmd, "RCPT"), strings.HasPrefix(cmd, "RSET"), strings.HasPrefix(cmd, "NOOP"):
			say("250 ok")
		case cmd == "DATA":
			s.mu.Lock()
			fail := s.failData > 0
			if fail {
				s.failData--
			}
			s.mu.Unlock()
			if fail {
				say("451 try again later")
				continue
			}
			say("354 go on")
			var msg strings.Builder
			for {
				l, err := r.ReadString('\n')
				if err != nil {
					return
				}
				if l == ".\r\n" {
					break
				}
				msg.WriteString(l)
			}
			s.mu.Lock()
			s.messages = append(s.messages, msg.String())
			s.mu.Unlock()
			say("250 queued")
		case cmd == "QUIT":
			say("221 bye")
			return
		default:
			say("502 not implemented")
		}
	}
}

func (s *smtpServer) count() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.messages)
}

func enqueue(t *testing.T, db *store.DB, to, subject string) {
	ctx := context.Background()
	if err := db.Tx(ctx, func(tx *store.Tx) error {
		return db.EnqueueEmail(ctx, tx, &store.Email{UserID: sql.NullInt64{}, To: to, Subject: subject, Body: "Olá!\nLinha dois com acentuação."})
	}); err != nil {
		t.Fatal(err)
	}
}

func TestOutboxSendsOnceAndRetries(t *testing.T) {
	storetest.ForEachDialect(t, func(t *testing.T, db *store.DB) {
		srv := newSMTPServer(t)
		ctx := context.Background()
		now := time.Now().UTC()
		db.Now = func() time.Time { return now }
		o := &Outbox{DB: db, Log: slog.New(slog.DiscardHandler),
			Mailer: SMTPMailer{Addr: srv.ln.Addr().String(), From: "ladder@example.pt", Timeout: 5 * time.Second}}

		enqueue(t, db, "ana@example.pt", "Novo desafio — Ténis")
		enqueue(t, db, "rui@example.pt", "Resultado validado")
		srv.failData = 1 // the first delivery fails

		sent, err := o.Tick(ctx)
		if err != nil || sent != 1 || srv.count() != 1 {
			t.Fatalf("first tick: sent %d, server %d, %v", sent, srv.count(), err)
		}
		if !strings.Contains(srv.messages[0], "To: <rui@example.pt>") || !strings.Contains(srv.messages[0], "acentua=C3=A7=C3=A3o") {
			t.Fatalf("want rui's message first (ana's failed), body quoted-printable:\n%s", srv.messages[0])
		}
		// Nothing is due again right away: no resend, and the failed one waits its backoff.
		if sent, _ := o.Tick(ctx); sent != 0 || srv.count() != 1 {
			t.Fatalf("second tick resent: %d", srv.count())
		}
		now = now.Add(2 * time.Minute)
		if sent, _ := o.Tick(ctx); sent != 1 || srv.count() != 2 {
			t.Fatalf("retry: sent %d, server %d", sent, srv.count())
		}
		if !strings.Contains(srv.messages[1], "To: <ana@example.pt>") || !strings.Contains(srv.messages[1], "Subject: =?utf-8?q?Novo_desafio") {
			t.Fatalf("retried message or its encoded subject:\n%s", srv.messages[1])
		}
		emails, _ := db.Emails(ctx, 10)
		for _, e := range emails {
			if !e.SentAt.Valid {
				t.Fatalf("email %d not marked sent: %+v", e.ID, e)
			}
		}
		now = now.Add(time.Hour)
		if sent, _ := o.Tick(ctx); sent != 0 || srv.count() != 2 {
			t.Fatal("a sent email was sent again")
		}
	})
}

// Two instances ticking at once never send one email twice.
func TestOutboxConcurrentTicks(t *testing.T) {
	storetest.ForEachDialect(t, func(t *testing.T, db *store.DB) {
		srv := newSMTPServer(t)
		for i := 0; i < 10; i++ {
			enqueue(t, db, "p@example.pt", "s")
		}
		mk := func() *Outbox {
			return &Outbox{DB: db, Log: slog.New(slog.DiscardHandler), Batch: 10,
				Mailer: SMTPMailer{Addr: srv.ln.Addr().String(), From: "ladder@example.pt"}}
		}
		var wg sync.WaitGroup
		for i := 0; i < 3; i++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				if _, err := mk().Tick(context.Background()); err != nil {
					t.Error(err)
				}
			}()
		}
		wg.Wait()
		if srv.count() != 10 {
			t.Fatalf("server got %d messages, want exactly 10", srv.count())
		}
	})
}

func TestOutboxGivesUp(t *testing.T) {
	db := storetest.NewTestSQLite(t)
	now := time.Now().UTC()
	db.Now = func() time.Time { return now }
	enqueue(t, db, "x@example.pt", "s")
	o := &Outbox{DB: db, Log: slog.New(slog.DiscardHandler), MaxAttempts: 2,
		Mailer: SMTPMailer{Addr: "127.0.0.1:1", From: "ladder@example.pt", Timeout: time.Second}}
	for i := 0; i < 5; i++ {
		_, _ = o.Tick(context.Background())
		now = now.Add(48 * time.Hour)
	}
	emails, _ := db.Emails(context.Background(), 1)
	if emails[0].Attempts != 2 || emails[0].SentAt.Valid || emails[0].LastError == "" {
		t.Fatalf("want 2 attempts then stop: %+v", emails[0])
	}
}
