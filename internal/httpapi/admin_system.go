package httpapi

import (
	"context"
	"encoding/json"
	"strconv"
	"time"

	"github.com/tennisladder/ladder/internal/service"
)

// The system logs (the audit log, read only: the API has no route that edits or deletes audit
// rows) and the admin panel (health, clean-up now). Super admins only (policy.ReadAuditLog,
// policy.RunSystemTasks).

type auditLogInput struct {
	ActorID    int64  `query:"actor_id" minimum:"0" doc:"Only what this account did"`
	ActorEmail string `query:"actor_email" maxLength:"254" doc:"Only what the account with this email did"`
	Action     string `query:"action" maxLength:"80" doc:"An action (club.validated) or an area ending in a dot (club.)"`
	TargetType string `query:"target_type" enum:"user,club,tournament,match,system"`
	TargetID   int64  `query:"target_id" minimum:"0"`
	From       string `query:"from" format:"date-time" doc:"Rows at or after this instant"`
	To         string `query:"to" format:"date-time" doc:"Rows before this instant"`
	Cursor     string `query:"cursor" maxLength:"20" pattern:"^[0-9]*$" doc:"next_cursor of the previous page"`
	Limit      int    `query:"limit" minimum:"1" maximum:"100" default:"50"`
}

// AuditItemView is one audit row: who, when, what, to which object, before → after (details).
type AuditItemView struct {
	ID         int64          `json:"id"`
	At         time.Time      `json:"at"`
	ActorID    int64          `json:"actor_id,omitempty" doc:"Absent for the system (jobs, commands, first sign-ins)"`
	ActorName  string         `json:"actor_name"`
	ActorEmail string         `json:"actor_email"`
	Action     string         `json:"action"`
	TargetType string         `json:"target_type"`
	TargetID   int64          `json:"target_id,omitempty"`
	TargetName string         `json:"target_name" doc:"Current name of the target, or the name the row kept when it is gone"`
	Details    map[string]any `json:"details" doc:"What changed: from/to and the action's facts"`
	IP         string         `json:"ip"`
	RequestID  string         `json:"request_id" doc:"The X-Request-Id of the request that made the change"`
}

type auditLogOutput struct {
	Body struct {
		Items       []AuditItemView `json:"items"`
		NextCursor  string          `json:"next_cursor,omitempty" doc:"Pass as cursor for the next (older) page"`
		Actions     []string        `json:"actions" doc:"Every action the log can hold"`
		TargetTypes []string        `json:"target_types"`
	}
}

func parseInstant(field, v string) (time.Time, error) {
	if v == "" {
		return time.Time{}, nil
	}
	t, err := time.Parse(time.RFC3339, v)
	if err != nil {
		return t, &service.Error{Kind: service.KindInvalid, Code: "validation.failed",
			Fields: []service.FieldError{{Field: field, Code: "validation.invalid"}}}
	}
	return t.UTC(), nil
}

func (s *Server) auditLog(ctx context.Context, in *auditLogInput) (*auditLogOutput, error) {
	from, err := parseInstant("from", in.From)
	if err != nil {
		return nil, s.problemFrom(ctx, err)
	}
	to, err := parseInstant("to", in.To)
	if err != nil {
		return nil, s.problemFrom(ctx, err)
	}
	before, _ := strconv.ParseInt(in.Cursor, 10, 64)
	items, next, err := s.svc.AuditLog(ctx, currentFrom(ctx), service.AuditLogInput{ActorID: in.ActorID, ActorEmail: in.ActorEmail,
		Action: in.Action, TargetType: in.TargetType, TargetID: in.TargetID, From: from, To: to, Before: before, Limit: in.Limit})
	if err != nil {
		return nil, s.problemFrom(ctx, err)
	}
	out := &auditLogOutput{}
	out.Body.Items = make([]AuditItemView, len(items))
	for i, it := range items {
		out.Body.Items[i] = AuditItemView(it)
	}
	if next > 0 {
		out.Body.NextCursor = strconv.FormatInt(next, 10)
	}
	out.Body.Actions, out.Body.TargetTypes = service.AuditActions, service.AuditTargetTypes
	return out, nil
}

// JobRunView is the last run of a scheduled job.
type JobRunView struct {
	Name          string         `json:"name"`
	Instance      string         `json:"instance"`
	StartedAt     time.Time      `json:"started_at"`
	DurationMS    int64          `json:"duration_ms"`
	OK            bool           `json:"ok"`
	Detail        map[string]any `json:"detail" doc:"The run's counts, or {error} when it failed"`
	Runs          int64          `json:"runs"`
	Failures      int64          `json:"failures"`
	LastSuccessAt *time.Time     `json:"last_success_at,omitempty"`
}

// SystemView is the admin panel's health.
type SystemView struct {
	Version          string       `json:"version"`
	StartedAt        time.Time    `json:"started_at" doc:"When this instance started"`
	UptimeSeconds    int64        `json:"uptime_seconds"`
	Database         string       `json:"database" enum:"sqlite,postgres"`
	DatabaseBytes    int64        `json:"database_bytes"`
	MigrationVersion int64        `json:"migration_version"`
	OutboxPending    int64        `json:"outbox_pending" doc:"Emails not sent yet"`
	OutboxFailing    int64        `json:"outbox_failing" doc:"Unsent emails whose last attempt failed"`
	OutboxGivenUp    int64        `json:"outbox_given_up" doc:"Emails given up after every attempt"`
	ActiveSessions   int64        `json:"active_sessions"`
	OpenWebSockets   *int64       `json:"open_websockets,omitempty" doc:"Absent until the server has live connections"`
	Jobs             []JobRunView `json:"jobs"`
}

type systemOutput struct{ Body SystemView }

// OpenWebSockets, when set, reports this instance's open WebSocket connections (the live
// updates set it when they land); nil shows "not available".
func (s *Server) SetOpenWebSockets(fn func() int64) { s.openWebSockets = fn }

func (s *Server) systemHealth(ctx context.Context, _ *struct{}) (*systemOutput, error) {
	h, err := s.svc.System(ctx, currentFrom(ctx))
	if err != nil {
		return nil, s.problemFrom(ctx, err)
	}
	v := SystemView{Version: s.version, StartedAt: s.startedAt, UptimeSeconds: int64(time.Since(s.startedAt).Seconds()),
		Database: h.Database, DatabaseBytes: h.DatabaseBytes, MigrationVersion: h.MigrationVersion,
		OutboxPending: h.OutboxPending, OutboxFailing: h.OutboxFailing, OutboxGivenUp: h.OutboxGivenUp,
		ActiveSessions: h.ActiveSessions, Jobs: make([]JobRunView, len(h.Jobs))}
	if s.openWebSockets != nil {
		n := s.openWebSockets()
		v.OpenWebSockets = &n
	} else if s.hub != nil {
		n := int64(s.OpenSockets())
		v.OpenWebSockets = &n
	}
	for i, j := range h.Jobs {
		jv := JobRunView{Name: j.Name, Instance: j.Instance, StartedAt: j.StartedAt, DurationMS: j.DurationMS, OK: j.OK,
			Runs: j.Runs, Failures: j.Failures, Detail: map[string]any{}}
		_ = json.Unmarshal([]byte(j.Detail), &jv.Detail)
		if j.LastSuccessAt.Valid {
			t := j.LastSuccessAt.Time
			jv.LastSuccessAt = &t
		}
		v.Jobs[i] = jv
	}
	return &systemOutput{Body: v}, nil
}

type cleanupOutput struct{ Body service.CleanupCounts }

func (s *Server) cleanupNow(ctx context.Context, _ *struct{}) (*cleanupOutput, error) {
	c, err := s.svc.CleanupNow(ctx, currentFrom(ctx))
	if err != nil {
		return nil, s.problemFrom(ctx, err)
	}
	return &cleanupOutput{Body: c}, nil
}
