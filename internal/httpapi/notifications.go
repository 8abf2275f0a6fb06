package httpapi

import (
	"context"
	"time"

	"github.com/tennisladder/ladder/internal/service"
)

// notificationView is SPEC §3's Notification.
type notificationView struct {
	ID        int64     `json:"id"`
	Type      string    `json:"type"`
	Title     string    `json:"title" doc:"In the request's language"`
	Message   string    `json:"message" doc:"In the request's language"`
	IsRead    bool      `json:"is_read"`
	CreatedAt time.Time `json:"created_at"`
	ActionURL string    `json:"action_url,omitempty" doc:"In-app path to open"`
}

func viewNotifications(ns []service.NotificationView) []notificationView {
	out := make([]notificationView, len(ns))
	for i, n := range ns {
		out[i] = notificationView{ID: n.ID, Type: n.Type, Title: n.Title, Message: n.Message, IsRead: n.IsRead,
			CreatedAt: n.CreatedAt, ActionURL: n.ActionURL}
	}
	return out
}

type recentOutput struct {
	CacheControl string `header:"Cache-Control"`
	Body         []notificationView
}

// recentNotificationsLimit is the size of the bell's page (its stamp is read with the session's:
// stampHintOf).
const recentNotificationsLimit = 20

// recentNotifications is SPEC §7's GET /api/notifications/recent: an array, newest first.
func (s *Server) recentNotifications(ctx context.Context, _ *struct{}) (*recentOutput, error) {
	ns, err := s.svc.Notifications(ctx, currentFrom(ctx), langOf(ctx), 0, recentNotificationsLimit)
	if err != nil {
		return nil, s.problemFrom(ctx, err)
	}
	return &recentOutput{CacheControl: "no-store", Body: viewNotifications(ns)}, nil
}

type listNotificationsInput struct {
	Before int64 `query:"before" minimum:"0" doc:"Cursor: the id of the last notification of the previous page"`
	Limit  int   `query:"limit" minimum:"1" maximum:"100" default:"20"`
}

type listNotificationsOutput struct {
	Body struct {
		Items      []notificationView `json:"items"`
		NextBefore int64              `json:"next_before,omitempty" doc:"Pass as before for the next page; absent on the last page"`
		Unread     int                `json:"unread"`
	}
}

func (s *Server) listNotifications(ctx context.Context, in *listNotificationsInput) (*listNotificationsOutput, error) {
	cur := currentFrom(ctx)
	ns, err := s.svc.Notifications(ctx, cur, langOf(ctx), in.Before, in.Limit+1)
	if err != nil {
		return nil, s.problemFrom(ctx, err)
	}
	out := &listNotificationsOutput{}
	if len(ns) > in.Limit {
		ns = ns[:in.Limit]
		out.Body.NextBefore = ns[len(ns)-1].ID
	}
	out.Body.Items = viewNotifications(ns)
	if out.Body.Unread, err = s.svc.UnreadCount(ctx, cur); err != nil {
		return nil, s.problemFrom(ctx, err)
	}
	return out, nil
}

type unreadOutput struct {
	Body struct {
		Count int `json:"count"`
	}
}

func (s *Server) unreadCount(ctx context.Context, _ *struct{}) (*unreadOutput, error) {
	n, err := s.svc.UnreadCount(ctx, currentFrom(ctx))
	if err != nil {
		return nil, s.problemFrom(ctx, err)
	}
	out := &unreadOutput{}
	out.Body.Count = n
	return out, nil
}

type notificationIDInput struct {
	ID int64 `path:"id" minimum:"1"`
}

func (s *Server) markRead(ctx context.Context, in *notificationIDInput) (*struct{}, error) {
	if err := s.svc.MarkRead(ctx, currentFrom(ctx), in.ID); err != nil {
		return nil, s.problemFrom(ctx, err)
	}
	return nil, nil
}

type markAllOutput struct {
	Body struct {
		Marked int64 `json:"marked"`
	}
}

func (s *Server) markAllRead(ctx context.Context, _ *struct{}) (*markAllOutput, error) {
	n, err := s.svc.MarkAllRead(ctx, currentFrom(ctx))
	if err != nil {
		return nil, s.problemFrom(ctx, err)
	}
	out := &markAllOutput{}
	out.Body.Marked = n
	return out, nil
}
