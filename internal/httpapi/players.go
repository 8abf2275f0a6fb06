package httpapi

import (
	"context"
	"time"

	"github.com/tennisladder/ladder/internal/geo"
	"github.com/tennisladder/ladder/internal/service"
)

// playerView is a player as another person sees them. Contact fields are pointers: they are
// absent (not empty) when the player's privacy settings hide them from this viewer.
type playerView struct {
	ID                int64      `json:"id"`
	DisplayName       string     `json:"display_name"`
	FirstName         string     `json:"first_name"`
	LastName          string     `json:"last_name"`
	PhotoURL          string     `json:"photo_url"`
	Role              string     `json:"role"`
	Status            string     `json:"status"`
	Gender            string     `json:"gender"`
	Age               *int       `json:"age"`
	District          string     `json:"district"`
	Municipality      string     `json:"municipality"`
	Timezone          string     `json:"timezone"`
	ClubID            *int64     `json:"club_id" doc:"Home club"`
	MemberSince       time.Time  `json:"member_since"`
	Availability      []slotView `json:"availability"`
	IsSelf            bool       `json:"is_self"`
	ContactVisible    bool       `json:"contact_visible" doc:"Whether the contact fields below are shown to this viewer"`
	ContactVisibility string     `json:"contact_visibility,omitempty" doc:"The player's own setting (only to themselves)"`
	Email             *string    `json:"email,omitempty"`
	Phone             *string    `json:"phone,omitempty"`
	WhatsApp          *string    `json:"whatsapp,omitempty"`
	Signal            *string    `json:"signal,omitempty"`
	Telegram          *string    `json:"telegram,omitempty"`
}

type playerInput struct {
	ID int64 `path:"id" minimum:"1"`
}

type playerOutput struct{ Body playerView }

func (s *Server) getPlayer(ctx context.Context, in *playerInput) (*playerOutput, error) {
	pv, err := s.svc.Player(ctx, currentFrom(ctx), in.ID)
	if err != nil {
		return nil, s.problemFrom(ctx, err)
	}
	u := pv.User
	v := playerView{ID: u.ID, DisplayName: service.DisplayName(u), FirstName: u.FirstName, LastName: u.LastName,
		PhotoURL: photoURL(u), Role: u.Role, Status: u.Status, Gender: u.Gender, District: u.District,
		Municipality: u.Municipality, Timezone: u.Timezone, MemberSince: u.CreatedAt, Availability: slotViews(pv.Availability),
		IsSelf: pv.Self, ContactVisible: pv.ContactVisible}
	if u.Age.Valid {
		a := int(u.Age.Int64)
		v.Age = &a
	}
	if pv.Self {
		v.ContactVisibility = u.ContactVisibility
	}
	if u.ClubID.Valid {
		c := u.ClubID.Int64
		v.ClubID = &c
	}
	if pv.ContactVisible {
		v.Email, v.Phone, v.WhatsApp, v.Signal, v.Telegram = &u.Email, &u.Phone, &u.WhatsApp, &u.Signal, &u.Telegram
	}
	return &playerOutput{Body: v}, nil
}

type settingsView struct {
	ContactVisibility string                  `json:"contact_visibility" enum:"everyone,co_players,nobody" doc:"Who sees contact details"`
	Listed            bool                    `json:"listed" doc:"Appear in search and player lists"`
	Language          string                  `json:"language" enum:"pt,en" doc:"Language of emails"`
	Notifications     map[string]channelsView `json:"notifications" doc:"Channels per notification type"`
}

type channelsView struct {
	InApp bool `json:"in_app"`
	Email bool `json:"email"`
}

func viewSettings(st service.Settings) settingsView {
	v := settingsView{ContactVisibility: st.ContactVisibility, Listed: st.Listed, Language: st.Language, Notifications: map[string]channelsView{}}
	for t, c := range st.Notifications {
		v.Notifications[string(t)] = channelsView(c)
	}
	return v
}

type settingsOutput struct{ Body settingsView }
type settingsInput struct{ Body settingsView }

func (s *Server) getSettings(ctx context.Context, _ *struct{}) (*settingsOutput, error) {
	return &settingsOutput{Body: viewSettings(service.SettingsOf(currentFrom(ctx).User))}, nil
}

func (s *Server) updateSettings(ctx context.Context, in *settingsInput) (*settingsOutput, error) {
	st := service.Settings{ContactVisibility: in.Body.ContactVisibility, Listed: in.Body.Listed, Language: in.Body.Language,
		Notifications: map[service.NotificationType]service.Channels{}}
	for t, c := range in.Body.Notifications {
		st.Notifications[service.NotificationType(t)] = service.Channels(c)
	}
	saved, err := s.svc.UpdateSettings(ctx, currentFrom(ctx), st)
	if err != nil {
		return nil, s.problemFrom(ctx, err)
	}
	return &settingsOutput{Body: viewSettings(saved)}, nil
}

type districtView struct {
	Code           string             `json:"code"`
	Name           string             `json:"name" doc:"In the request's language"`
	Kind           string             `json:"kind" enum:"district,autonomous_region"`
	Municipalities []municipalityView `json:"municipalities"`
}

type municipalityView struct {
	Code string `json:"code"`
	Name string `json:"name"`
}

type districtsOutput struct {
	CacheControl string `header:"Cache-Control"`
	Body         struct {
		Districts []districtView `json:"districts"`
	}
}

// districts lists Portugal's 18 districts and 2 autonomous regions with their 308 municipalities.
func (s *Server) districts(ctx context.Context, _ *struct{}) (*districtsOutput, error) {
	lang := langOf(ctx)
	out := &districtsOutput{CacheControl: "public, max-age=86400"}
	for _, d := range geo.Districts() {
		dv := districtView{Code: d.Code, Name: d.Name[lang], Kind: d.Kind}
		for _, m := range d.Municipalities {
			dv.Municipalities = append(dv.Municipalities, municipalityView(m))
		}
		out.Body.Districts = append(out.Body.Districts, dv)
	}
	return out, nil
}
