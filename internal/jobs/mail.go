// Package jobs runs the background work of an instance: sending the email outbox, sweeping
// expired rows. Every instance ticks; each job's SQL makes sure a piece of work is done once.
package jobs

import (
	"bytes"
	"context"
	"crypto/rand"
	"crypto/tls"
	"encoding/hex"
	"fmt"
	"log/slog"
	"mime"
	"mime/quotedprintable"
	"net"
	"net/smtp"
	"strings"
	"time"

	"github.com/tennisladder/ladder/internal/store"
)

// Mailer delivers one email.
type Mailer interface {
	Send(ctx context.Context, e store.Email) error
}

// LogMailer writes emails to the log instead of sending them (development, or no SMTP set up).
type LogMailer struct{ Log *slog.Logger }

// Send logs the email.
func (m LogMailer) Send(ctx context.Context, e store.Email) error {
	m.Log.InfoContext(ctx, "email (not sent: no SMTP server configured)", "to", e.To, "subject", e.Subject, "body", e.Body)
	return nil
}

// SMTPMailer sends through an SMTP server, upgrading to TLS when the server offers STARTTLS.
type SMTPMailer struct {
	Addr               string // host:port
	Username, Password string
	From               string // address the emails come from
	Timeout            time.Duration
}

// Send delivers e, or returns why not.
func (m SMTPMailer) Send(ctx context.Context, e store.Email) error {
	timeout := m.Timeout
	if timeout == 0 {
		timeout = 30 * time.Second
	}
	d := net.Dialer{Timeout: timeout}
	conn, err := d.DialContext(ctx, "tcp", m.Addr)
	if err != nil {
		return err
	}
	_ = conn.SetDeadline(time.Now().Add(timeout))
	host, _, _ := net.SplitHostPort(m.Addr)
	c, err := smtp.NewClient(conn, host)
	if err != nil {
		conn.Close()
		return err
	}
	defer c.Close()
	if ok, _ := c.Extension("STARTTLS"); ok {
		if err := c.StartTLS(&tls.Config{ServerName: host, MinVersion: tls.VersionTLS12}); err != nil {
			return fmt.Errorf("starttls: %w", err)
		}
	}
	if m.Username != "" {
		if err := c.Auth(smtp.PlainAuth("", m.Username, m.Password, host)); err != nil {
			return fmt.Errorf("auth: %w", err)
		}
	}
	if err := c.Mail(m.From); err != nil {
		return err
	}
	if err := c.Rcpt(e.To); err != nil {
		return err
	}
	w, err := c.Data()
	if err != nil {
		return err
	}
	if _, err := w.Write(message(m.From, e)); err != nil {
		return err
	}
	if err := w.Close(); err != nil {
		return err
	}
	return c.Quit()
}

// message builds an RFC 5322 text message with UTF-8 headers and a quoted-printable body.
func message(from string, e store.Email) []byte {
	var id [12]byte
	_, _ = rand.Read(id[:])
	domain := from[strings.LastIndexByte(from, '@')+1:]
	var b bytes.Buffer
	fmt.Fprintf(&b, "From: Tennis Ladder <%s>\r\n", from)
	fmt.Fprintf(&b, "To: <%s>\r\n", e.To)
	fmt.Fprintf(&b, "Subject: %s\r\n", mime.QEncoding.Encode("utf-8", e.Subject))
	fmt.Fprintf(&b, "Date: %s\r\n", time.Now().UTC().Format(time.RFC1123Z))
	fmt.Fprintf(&b, "Message-ID: <%s.%d@%s>\r\n", hex.EncodeToString(id[:]), e.ID, domain)
	b.WriteString("MIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\n")
	qp := quotedprintable.NewWriter(&b)
	_, _ = qp.Write([]byte(strings.ReplaceAll(e.Body, "\n", "\r\n")))
	_ = qp.Close()
	return b.Bytes()
}

// Outbox sends queued emails.
type Outbox struct {
	DB     *store.DB
	Mailer Mailer
	Log    *slog.Logger
	// Lease is how long a claimed email is reserved for this instance: longer than a send can
	// take, so that no other instance sends it meanwhile.
	Lease       time.Duration
	Batch       int
	MaxAttempts int
}

// backoff is the wait after the n-th failed attempt.
func backoff(n int) time.Duration {
	steps := []time.Duration{time.Minute, 5 * time.Minute, 30 * time.Minute, 2 * time.Hour, 12 * time.Hour}
	if n-1 < len(steps) {
		return steps[max(n-1, 0)]
	}
	return 24 * time.Hour
}

// Tick sends what is due now and reports how many were sent.
func (o *Outbox) Tick(ctx context.Context) (int, error) {
	lease, batch, maxAttempts := o.Lease, o.Batch, o.MaxAttempts
	if lease == 0 {
		lease = 5 * time.Minute
	}
	if batch == 0 {
		batch = 20
	}
	if maxAttempts == 0 {
		maxAttempts = 8
	}
	now := o.DB.Now()
	emails, err := o.DB.ClaimEmails(ctx, now, lease, batch)
	if err != nil {
		return 0, err
	}
	sent := 0
	for _, e := range emails {
		if err := o.Mailer.Send(ctx, e); err != nil {
			attempt := e.Attempts + 1
			next := o.DB.Now().Add(backoff(attempt))
			if attempt >= maxAttempts {
				next = o.DB.Now().Add(100 * 365 * 24 * time.Hour) // given up; kept for the record
				o.Log.ErrorContext(ctx, "email given up", "id", e.ID, "attempts", attempt, "err", err)
			} else {
				o.Log.WarnContext(ctx, "email failed, will retry", "id", e.ID, "attempt", attempt, "next", next, "err", err)
			}
			if err := o.DB.MarkEmailFailed(ctx, e.ID, next, err.Error()); err != nil {
				return sent, err
			}
			continue
		}
		if err := o.DB.MarkEmailSent(ctx, e.ID, o.DB.Now()); err != nil {
			return sent, err
		}
		sent++
	}
	return sent, nil
}

// JobRunTimeout bounds one run of a background job: a database that stops answering ends the
// run with an error (logged) instead of stopping the job for good. It is shorter than the
// leases' 50 s, so a run never outlives its lease.
const JobRunTimeout = 45 * time.Second

// Every runs fn every interval until ctx ends, logging its errors.
func Every(ctx context.Context, interval time.Duration, log *slog.Logger, name string, fn func(context.Context) error) {
	t := time.NewTicker(interval)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			rctx, cancel := context.WithTimeout(ctx, JobRunTimeout)
			if err := fn(rctx); err != nil && ctx.Err() == nil {
				log.Warn("job failed", "job", name, "err", err)
			}
			cancel()
		}
	}
}
