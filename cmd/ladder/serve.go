package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"time"

	"github.com/tennisladder/ladder/internal/auth/devidp"
	"github.com/tennisladder/ladder/internal/config"
	"github.com/tennisladder/ladder/internal/gcfloor"
	"github.com/tennisladder/ladder/internal/httpapi"
	"github.com/tennisladder/ladder/internal/jobs"
	"github.com/tennisladder/ladder/internal/realtime"
	"github.com/tennisladder/ladder/internal/seed"
	"github.com/tennisladder/ladder/internal/service"
	"github.com/tennisladder/ladder/internal/store"
)

// serve runs the web server until ctx is cancelled (SIGINT, SIGTERM), then drains requests.
func serve(ctx context.Context, cfg config.Config, log *slog.Logger) error {
	if err := cfg.CheckSignIn(); err != nil {
		return err
	}
	log.Info("starting ladder", append([]any{"version", version}, cfg.Redacted()...)...)
	// The collector keeps 32 MiB of headroom while little is live (internal/gcfloor, issue 16).
	defer gcfloor.Start(gcfloor.DefaultFloor)()
	db, err := openAndMigrate(ctx, cfg, log)
	if err != nil {
		return err
	}
	defer db.Close()
	// Live updates: the broker by database kind, one hub of sockets for this process.
	instance := jobs.Holder()
	broker, err := realtime.ForDatabase(ctx, db, instance, log)
	if err != nil {
		return fmt.Errorf("live updates: %w", err)
	}
	defer broker.Close()
	var svc *service.Service
	hub := realtime.NewHub(broker, realtime.HubOptions{Instance: instance, Log: log,
		PresenceFilter: func(ctx context.Context, viewer int64, ids []int64) ([]int64, error) {
			return svc.PresenceVisible(ctx, viewer, ids)
		},
		TypingRecipients: func(ctx context.Context, user, conversation int64) ([]int64, error) {
			return svc.TypingRecipients(ctx, user, conversation)
		}})
	defer hub.Close()
	svc = service.New(db, service.Options{Log: log, RootEmail: cfg.RootEmail, BaseURL: cfg.BaseURL, Live: hub, Limits: service.Limits{
		ClubsPerDay: cfg.ClubsPerDay, TournamentsPerDay: cfg.TournamentsPerDay, ChallengesPerHour: cfg.ChallengesPerHour,
		ReportsPerHour: cfg.ReportsPerHour, UploadsPerHour: cfg.UploadsPerHour, TransfersPerHour: service.DefaultLimits.TransfersPerHour,
		DeletionsPerDay: cfg.DeletionsPerDay, CalendarPerHour: service.DefaultLimits.CalendarPerHour, MessagesPerMinute: service.DefaultLimits.MessagesPerMinute}})
	srv := httpapi.New(httpapi.Deps{Config: cfg, DB: db, Service: svc, Log: log, Version: version, DevAccounts: devAccounts(), Hub: hub})
	ln, err := net.Listen("tcp", cfg.Listen)
	if err != nil {
		return err
	}
	hs := &http.Server{
		Handler:           srv,
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       2 * time.Minute, // photo uploads of up to 50 MB on slow links
		WriteTimeout:      2 * time.Minute,
		IdleTimeout:       2 * time.Minute,
		MaxHeaderBytes:    64 << 10,
		ErrorLog:          slog.NewLogLogger(log.Handler(), slog.LevelWarn),
		BaseContext:       func(net.Listener) context.Context { return context.WithoutCancel(ctx) },
	}
	ln = httpapi.OneWrite(hs, ln) // responses over 4 KB in one write
	errc := make(chan error, 2)
	go func() { errc <- hs.Serve(ln) }()
	if cfg.MetricsListen != "" {
		mln, err := net.Listen("tcp", cfg.MetricsListen)
		if err != nil {
			return fmt.Errorf("metrics listener: %w", err)
		}
		ms := &http.Server{Handler: srv.MetricsHandler(), ReadHeaderTimeout: 10 * time.Second,
			ErrorLog: slog.NewLogLogger(log.Handler(), slog.LevelWarn)}
		go func() {
			if err := ms.Serve(mln); err != nil && !errors.Is(err, http.ErrServerClosed) {
				errc <- err
			}
		}()
		defer ms.Close()
		log.Info("metrics listening", "addr", mln.Addr().String())
	}
	startJobs(ctx, cfg, db, svc, log)
	log.Info("listening", "addr", ln.Addr().String(), "url", cfg.BaseURL)
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	log.Info("shutting down", "timeout", cfg.ShutdownTimeout)
	sctx, cancel := context.WithTimeout(context.Background(), cfg.ShutdownTimeout)
	defer cancel()
	hub.Close() // hijacked sockets are not the HTTP server's to close: clients reconnect elsewhere
	if err := hs.Shutdown(sctx); err != nil {
		return fmt.Errorf("shutdown: %w", err)
	}
	if err := <-errc; err != nil && !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	log.Info("stopped")
	return nil
}

// startJobs runs the background jobs until ctx ends. Every instance runs them; each job's SQL
// makes sure a piece of work is done once.
func startJobs(ctx context.Context, cfg config.Config, db *store.DB, svc *service.Service, log *slog.Logger) {
	var mailer jobs.Mailer = jobs.LogMailer{Log: log}
	if cfg.SMTPAddr != "" {
		mailer = jobs.SMTPMailer{Addr: cfg.SMTPAddr, Username: cfg.SMTPUsername, Password: cfg.SMTPPassword, From: cfg.MailFrom}
	}
	outbox := &jobs.Outbox{DB: db, Mailer: mailer, Log: log}
	holder := jobs.Holder()
	runs := &jobs.Runs{DB: db, Instance: holder, Log: log}
	go jobs.Every(ctx, 5*time.Second, log, "email outbox", func(ctx context.Context) error {
		return runs.Record(ctx, jobs.JobOutbox, func(ctx context.Context) (any, error) {
			n, err := outbox.Tick(ctx)
			return map[string]int{"sent": n}, err
		})
	})
	// The clean-up of expired items (pending clubs and tournaments past 5 days, ended
	// tournaments, unanswered challenges, expired sessions): once per minute across all
	// instances, under a lease; its counts per kind go to job_runs and, when it changed
	// something, to the audit log. Super admins can also run it at once (admin panel).
	var counts service.CleanupCounts
	cleanup := &jobs.Leased{DB: db, Name: jobs.JobCleanup, Holder: holder, TTL: 50 * time.Second, Log: log,
		Run: func(ctx context.Context) (int64, error) {
			var err error
			counts, err = svc.ScheduledCleanup(ctx)
			return counts.Total(), err
		}}
	go jobs.Every(ctx, time.Minute, log, "clean-up of expired items", func(ctx context.Context) error {
		return runs.Record(ctx, jobs.JobCleanup, func(ctx context.Context) (any, error) {
			counts = service.CleanupCounts{}
			ran, _, err := cleanup.Tick(ctx)
			if err == nil && !ran {
				return nil, jobs.ErrSkipped
			}
			return counts, err
		})
	})
}

// printOpenAPI writes the API description without opening a database: the routes only need
// their types. web/openapi.json is generated with it.
func printOpenAPI(w io.Writer) error {
	srv := httpapi.New(httpapi.Deps{Config: config.Config{ContactRatePerHour: 1}, Version: version})
	b, err := json.MarshalIndent(srv.OpenAPI(), "", "  ")
	if err != nil {
		return err
	}
	_, err = fmt.Fprintf(w, "%s\n", b)
	return err
}

// devAccounts are the demo accounts offered by the development identity provider.
func devAccounts() []devidp.Account {
	out := make([]devidp.Account, len(seed.DemoAccounts))
	for i, a := range seed.DemoAccounts {
		out[i] = devidp.Account{Email: a.Email, GivenName: a.FirstName, FamilyName: a.LastName, Role: a.Role}
	}
	return out
}
