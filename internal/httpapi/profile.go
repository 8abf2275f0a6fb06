package httpapi

import (
	"context"
	"fmt"
	"net/http"
	"time"

	"github.com/tennisladder/ladder/internal/service"
	"github.com/tennisladder/ladder/internal/store"
)

// photoURL is the account's own photo (cache-busted by its ETag), else the sign-in picture.
func photoURL(u store.User) string {
	if u.PhotoETag != "" {
		return fmt.Sprintf("/api/users/%d/photo?v=%s", u.ID, u.PhotoETag)
	}
	return u.ExtPicture
}

type slotView struct {
	Weekday     int `json:"weekday" minimum:"1" maximum:"7" doc:"1 Monday … 7 Sunday"`
	StartMinute int `json:"start_minute" minimum:"0" maximum:"1439" doc:"Minutes from midnight, in the player's timezone"`
	EndMinute   int `json:"end_minute" minimum:"1" maximum:"1440" doc:"Exclusive end, minutes from midnight"`
}

func slotViews(s []store.Slot) []slotView {
	out := make([]slotView, len(s))
	for i, x := range s {
		out[i] = slotView(x)
	}
	return out
}

// profileView is the caller's own profile: every field.
type profileView struct {
	UserView
	Phone        string     `json:"phone"`
	WhatsApp     string     `json:"whatsapp"`
	Signal       string     `json:"signal"`
	Telegram     string     `json:"telegram"`
	Age          *int       `json:"age"`
	Gender       string     `json:"gender" enum:",male,female,other"`
	District     string     `json:"district" doc:"District or autonomous region code (see /api/geo/districts)"`
	Municipality string     `json:"municipality" doc:"Municipality code within the district"`
	Timezone     string     `json:"timezone" doc:"IANA timezone of the availability times"`
	ClubID       *int64     `json:"club_id" doc:"Home club (a validated club)"`
	CreatedAt    time.Time  `json:"created_at" doc:"Registration date"`
	Availability []slotView `json:"availability"`
}

func (s *Server) viewProfile(u store.User, slots []store.Slot) profileView {
	v := profileView{UserView: s.viewUser(u), Phone: u.Phone, WhatsApp: u.WhatsApp, Signal: u.Signal, Telegram: u.Telegram,
		Gender: u.Gender, District: u.District, Municipality: u.Municipality, Timezone: u.Timezone, CreatedAt: u.CreatedAt,
		Availability: slotViews(slots)}
	if u.Age.Valid {
		a := int(u.Age.Int64)
		v.Age = &a
	}
	if u.ClubID.Valid {
		c := u.ClubID.Int64
		v.ClubID = &c
	}
	return v
}

type profileOutput struct{ Body profileView }

func (s *Server) getProfile(ctx context.Context, _ *struct{}) (*profileOutput, error) {
	u := currentFrom(ctx).User
	slots, err := s.svc.Availability(ctx, u.ID)
	if err != nil {
		return nil, s.problemFrom(ctx, err)
	}
	return &profileOutput{Body: s.viewProfile(u, slots)}, nil
}

// profileInput is the whole profile (PUT replaces it): every field is required; age and club_id
// are null for none.
type profileInput struct {
	Body struct {
		FirstName    string `json:"first_name" maxLength:"200"`
		LastName     string `json:"last_name" maxLength:"200"`
		Phone        string `json:"phone" maxLength:"40"`
		WhatsApp     string `json:"whatsapp" maxLength:"40"`
		Signal       string `json:"signal" maxLength:"60"`
		Telegram     string `json:"telegram" maxLength:"60"`
		Age          *int   `json:"age" doc:"At least 13, or null"`
		Gender       string `json:"gender" doc:"male, female, other or empty"`
		District     string `json:"district" maxLength:"60"`
		Municipality string `json:"municipality" maxLength:"80"`
		Timezone     string `json:"timezone" maxLength:"60"`
		ClubID       *int64 `json:"club_id" doc:"Home club: a validated club id, or null for none"`
	}
}

func (s *Server) updateProfile(ctx context.Context, in *profileInput) (*profileOutput, error) {
	b := in.Body
	u, err := s.svc.UpdateProfile(ctx, currentFrom(ctx), service.ProfileInput{FirstName: b.FirstName, LastName: b.LastName,
		Phone: b.Phone, WhatsApp: b.WhatsApp, Signal: b.Signal, Telegram: b.Telegram, Age: b.Age, Gender: b.Gender,
		District: b.District, Municipality: b.Municipality, Timezone: b.Timezone, ClubID: b.ClubID})
	if err != nil {
		return nil, s.problemFrom(ctx, err)
	}
	slots, err := s.svc.Availability(ctx, u.ID)
	if err != nil {
		return nil, s.problemFrom(ctx, err)
	}
	return &profileOutput{Body: s.viewProfile(u, slots)}, nil
}

type availabilityBody struct {
	Slots []slotView `json:"slots" maxItems:"56"`
}

type availabilityInput struct{ Body availabilityBody }
type availabilityOutput struct{ Body availabilityBody }

func (s *Server) setAvailability(ctx context.Context, in *availabilityInput) (*availabilityOutput, error) {
	slots := make([]store.Slot, len(in.Body.Slots))
	for i, x := range in.Body.Slots {
		slots[i] = store.Slot(x)
	}
	saved, err := s.svc.SetAvailability(ctx, currentFrom(ctx), slots)
	if err != nil {
		return nil, s.problemFrom(ctx, err)
	}
	return &availabilityOutput{Body: availabilityBody{Slots: slotViews(saved)}}, nil
}

type ownStatusInput struct {
	Body struct {
		Status string `json:"status" enum:"active,paused" doc:"Pause yourself (no challenges) or come back"`
	}
}

func (s *Server) setOwnStatus(ctx context.Context, in *ownStatusInput) (*userOutput, error) {
	u, err := s.svc.SetOwnStatus(ctx, currentFrom(ctx), in.Body.Status == "paused")
	if err != nil {
		return nil, s.problemFrom(ctx, err)
	}
	return &userOutput{Body: s.viewUser(u)}, nil
}

type photoInput struct {
	Upload
}

type photoOutput struct {
	Body struct {
		PhotoURL string `json:"photo_url"`
	}
}

func (s *Server) uploadPhoto(ctx context.Context, in *photoInput) (*photoOutput, error) {
	f, err := in.file(ctx, "photo")
	if err != nil {
		return nil, err
	}
	if _, err := s.svc.SetPhoto(ctx, currentFrom(ctx), f); err != nil {
		return nil, s.refused(ctx, &in.Upload, err)
	}
	ctx, cancel := s.operationContext(ctx) // the body is read: the rest runs within the time limit
	defer cancel()
	u, err := s.svc.UserByID(ctx, currentFrom(ctx).User.ID)
	if err != nil {
		return nil, s.problemFrom(ctx, err)
	}
	out := &photoOutput{}
	out.Body.PhotoURL = photoURL(u)
	return out, nil
}

func (s *Server) deletePhoto(ctx context.Context, _ *struct{}) (*struct{}, error) {
	if err := s.svc.DeletePhoto(ctx, currentFrom(ctx)); err != nil {
		return nil, s.problemFrom(ctx, err)
	}
	return nil, nil
}

// servePhoto sends a player's photo.
func (s *Server) servePhoto(w http.ResponseWriter, r *http.Request) {
	var id int64
	if _, err := fmt.Sscan(r.PathValue("id"), &id); err != nil || id <= 0 {
		writeProblem(w, r, newProblem(langOf(r.Context()), http.StatusNotFound, "player.not_found", nil))
		return
	}
	p, err := s.svc.Photo(r.Context(), currentFrom(r.Context()), id)
	s.writeImage(w, r, p, err)
}

// writeImage sends a stored JPEG. With the current version in ?v= it is cached for a year (a
// new picture gets a new URL); otherwise it is revalidated by ETag.
func (s *Server) writeImage(w http.ResponseWriter, r *http.Request, p store.PhotoRow, err error) {
	if err != nil {
		writeProblem(w, r, s.problemFrom(r.Context(), err).(*Problem)) // refusals, 503 for the database, or 500
		return
	}
	cache := "private, no-cache"
	if r.URL.Query().Get("v") == p.ETag {
		cache = "private, max-age=31536000, immutable"
	}
	w.Header().Set("Cache-Control", cache)
	w.Header().Set("Content-Type", "image/jpeg")
	w.Header().Set("ETag", `"`+p.ETag+`"`)
	if match := r.Header.Get("If-None-Match"); match == `"`+p.ETag+`"` {
		w.WriteHeader(http.StatusNotModified)
		return
	}
	_, _ = w.Write(p.JPEG)
}
