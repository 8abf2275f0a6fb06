package service

import (
	"context"
	"encoding/json"
	"errors"
	"slices"
	"strings"
	"time"

	"github.com/tennisladder/ladder/internal/policy"
	"github.com/tennisladder/ladder/internal/store"
)

// AuditLogInput filters the system logs (super admins). The actor is given by id or by email;
// an email nobody has finds nothing (not an error: the log may name a deleted account).
type AuditLogInput struct {
	ActorID    int64
	ActorEmail string
	Action     string
	TargetType string
	TargetID   int64
	From, To   time.Time
	Before     int64
	Limit      int
}

// AuditItem is one row of the system logs as a reader sees it.
type AuditItem struct {
	ID         int64
	At         time.Time
	ActorID    int64 // 0: the system (a job, a command, a stranger signing in)
	ActorName  string
	ActorEmail string
	Action     string
	TargetType string
	TargetID   int64
	TargetName string // "" when unknown (a removed object: see Details)
	Details    map[string]any
	IP         string
	RequestID  string
}

// AuditTargetTypes are the kinds of target the log records (the screen's target filter).
var AuditTargetTypes = []string{"user", "club", "tournament", "match", "system"}

// AuditLog returns a page of the audit log, newest first, and the next page's cursor (0: none).
func (s *Service) AuditLog(ctx context.Context, cur Current, in AuditLogInput) ([]AuditItem, int64, error) {
	if err := denied(policy.ReadAuditLog(cur.Actor)); err != nil {
		return nil, 0, err
	}
	if in.Action != "" && !slices.Contains(AuditActions, in.Action) && !validActionPrefix(in.Action) {
		return nil, 0, invalid("action", "validation.one_of", map[string]any{"values": strings.Join(AuditActions, ", ")})
	}
	if in.TargetType != "" && !slices.Contains(AuditTargetTypes, in.TargetType) {
		return nil, 0, invalid("target_type", "validation.one_of", map[string]any{"values": strings.Join(AuditTargetTypes, ", ")})
	}
	if !in.From.IsZero() && !in.To.IsZero() && !in.To.After(in.From) {
		return nil, 0, invalid("to", "audit.range_invalid", nil)
	}
	f := store.AuditFilter{ActorID: in.ActorID, Action: in.Action, TargetType: in.TargetType, TargetID: in.TargetID,
		From: in.From, To: in.To, Before: in.Before, Limit: in.Limit}
	if e := strings.TrimSpace(in.ActorEmail); e != "" {
		u, err := s.db.UserByEmail(ctx, nil, e)
		if errors.Is(err, store.ErrNotFound) {
			return []AuditItem{}, 0, nil
		} else if err != nil {
			return nil, 0, err
		}
		if f.ActorID != 0 && f.ActorID != u.ID {
			return []AuditItem{}, 0, nil
		}
		f.ActorID = u.ID
	}
	rows, next, err := s.db.ListAudit(ctx, f)
	if err != nil {
		return nil, 0, err
	}
	out := make([]AuditItem, 0, len(rows))
	for _, r := range rows {
		it := AuditItem{ID: r.ID, At: r.CreatedAt, Action: r.Action, TargetType: r.TargetType, IP: r.IP, RequestID: r.RequestID,
			Details: map[string]any{}}
		if r.ActorID.Valid {
			it.ActorID = r.ActorID.Int64
			if r.ActorEmail.Valid {
				it.ActorEmail = r.ActorEmail.String
				it.ActorName = DisplayName(store.User{FirstName: r.ActorFirst.String, LastName: r.ActorLast.String,
					ExtGivenName: r.ActorGiven.String, ExtName: r.ActorExt.String, Email: r.ActorEmail.String})
			}
		}
		if r.TargetID.Valid {
			it.TargetID = r.TargetID.Int64
		}
		switch {
		case r.TargetEmail.Valid:
			it.TargetName = DisplayName(store.User{FirstName: r.TargetFirst.String, LastName: r.TargetLast.String,
				ExtGivenName: r.TargetGiven.String, ExtName: r.TargetExt.String, Email: r.TargetEmail.String})
		case r.TargetObjName.Valid:
			it.TargetName = r.TargetObjName.String
		}
		_ = json.Unmarshal([]byte(r.Details), &it.Details)
		if it.TargetName == "" {
			if n, ok := it.Details["name"].(string); ok {
				it.TargetName = n // the object is gone; the row kept its name
			}
		}
		out = append(out, it)
	}
	return out, next, nil
}

// validActionPrefix accepts an area prefix such as "club." (every club action).
func validActionPrefix(a string) bool {
	if !strings.HasSuffix(a, ".") {
		return false
	}
	for _, x := range AuditActions {
		if strings.HasPrefix(x, a) {
			return true
		}
	}
	return false
}

// SystemHealth is the admin panel's view of the platform (the HTTP layer adds version and uptime).
type SystemHealth struct {
	Database string
	store.SystemFigures
	Jobs []store.JobRun
}

// System returns the health figures for a super admin.
func (s *Service) System(ctx context.Context, cur Current) (SystemHealth, error) {
	if err := denied(policy.RunSystemTasks(cur.Actor)); err != nil {
		return SystemHealth{}, err
	}
	h := SystemHealth{Database: string(s.db.Dialect)}
	var err error
	if h.SystemFigures, err = s.db.System(ctx, s.now()); err != nil {
		return h, err
	}
	h.Jobs, err = s.db.JobRuns(ctx)
	return h, err
}
