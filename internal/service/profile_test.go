package service_test

import (
	"context"
	"testing"

	"github.com/tennisladder/ladder/internal/service"
	"github.com/tennisladder/ladder/internal/store"
	"github.com/tennisladder/ladder/internal/store/storetest"
)

func newAccount(t testing.TB, db *store.DB, svc *service.Service, email, role string) service.Current {
	t.Helper()
	ctx := context.Background()
	u := store.User{Email: email, Role: role, FirstName: "Test"}
	if err := db.Tx(ctx, func(tx *store.Tx) error { return db.InsertUser(ctx, tx, &u) }); err != nil {
		t.Fatal(err)
	}
	return service.Current{User: u, Actor: svc.ActorFor(u)}
}

func intp(i int) *int { return &i }

func TestUpdateProfileValidation(t *testing.T) {
	good := service.ProfileInput{FirstName: "  Ana  Maria ", LastName: "Silva", Phone: "912 345 678", WhatsApp: "+351 912-345-678",
		Signal: "ana.01", Telegram: "ana_tenis", Age: intp(34), Gender: "female", District: "porto",
		Municipality: "porto-vila-nova-de-gaia", Timezone: "Europe/Lisbon"}
	cases := []struct {
		name  string
		edit  func(*service.ProfileInput)
		field string // "" = accepted
		code  string
	}{
		{"good", func(*service.ProfileInput) {}, "", ""},
		{"no optional fields", func(in *service.ProfileInput) { *in = service.ProfileInput{} }, "", ""},
		{"phone letters", func(in *service.ProfileInput) { in.Phone = "91234abcd" }, "phone", "profile.phone_invalid"},
		{"phone too short", func(in *service.ProfileInput) { in.Phone = "1234" }, "phone", "profile.phone_invalid"},
		{"phone foreign without country code", func(in *service.ProfileInput) { in.Phone = "2025550123" }, "phone", "profile.phone_invalid"},
		{"phone +351 too long", func(in *service.ProfileInput) { in.Phone = "+3519123456789" }, "phone", "profile.phone_invalid"},
		{"whatsapp 00 prefix", func(in *service.ProfileInput) { in.WhatsApp = "00351912345678" }, "", ""},
		{"telegram bad", func(in *service.ProfileInput) { in.Telegram = "a b" }, "telegram", "profile.telegram_invalid"},
		{"telegram phone", func(in *service.ProfileInput) { in.Telegram = "+351912345678" }, "", ""},
		{"signal bad", func(in *service.ProfileInput) { in.Signal = "nope" }, "signal", "profile.phone_invalid"},
		{"age 12", func(in *service.ProfileInput) { in.Age = intp(12) }, "age", "profile.age_min"},
		{"age 13", func(in *service.ProfileInput) { in.Age = intp(13) }, "", ""},
		{"age 200", func(in *service.ProfileInput) { in.Age = intp(200) }, "age", "profile.age_max"},
		{"gender", func(in *service.ProfileInput) { in.Gender = "robot" }, "gender", "validation.one_of"},
		{"district unknown", func(in *service.ProfileInput) { in.District = "atlantis"; in.Municipality = "" }, "district", "profile.district_unknown"},
		{"pair mismatch", func(in *service.ProfileInput) { in.Municipality = "lisboa-sintra" }, "municipality", "profile.municipality_mismatch"},
		{"municipality without district", func(in *service.ProfileInput) { in.District = "" }, "municipality", "profile.municipality_mismatch"},
		{"timezone", func(in *service.ProfileInput) { in.Timezone = "Mars/Olympus" }, "timezone", "profile.timezone_unknown"},
		{"name too long", func(in *service.ProfileInput) { in.FirstName = string(make([]rune, 61)) }, "first_name", ""},
		{"name markup", func(in *service.ProfileInput) { in.LastName = "<script>" }, "last_name", "profile.name_invalid"},
	}
	storetest.ForEachDialect(t, func(t *testing.T, db *store.DB) {
		svc := service.New(db, service.Options{})
		ctx := context.Background()
		cur := newAccount(t, db, svc, "ana@example.pt", "player")
		saved, err := svc.UpdateProfile(ctx, cur, good)
		if err != nil {
			t.Fatal(err)
		}
		if saved.FirstName != "Ana Maria" || saved.Phone != "+351912345678" || saved.WhatsApp != "+351912345678" || saved.Telegram != "@ana_tenis" {
			t.Fatalf("not normalised: %+v", saved.Profile)
		}
		cur.User = saved
		for _, c := range cases {
			in := good
			c.edit(&in)
			_, err := svc.UpdateProfile(ctx, cur, in)
			if c.field == "" {
				if err != nil {
					t.Errorf("%s: %v", c.name, err)
				}
				continue
			}
			e, ok := service.AsError(err)
			if !ok || len(e.Fields) == 0 || e.Fields[0].Field != c.field || (c.code != "" && e.Fields[0].Code != c.code) {
				t.Errorf("%s: got %v, want %s %s", c.name, err, c.field, c.code)
			}
		}
		// A refused save changed nothing.
		u, _ := db.UserByID(ctx, nil, cur.User.ID)
		if u.Timezone != "Europe/Lisbon" || u.District != "porto" {
			t.Fatalf("a refused save wrote: %+v", u.Profile)
		}
	})
}

func TestAvailabilityValidation(t *testing.T) {
	s := func(d, a, b int) store.Slot { return store.Slot{Weekday: d, StartMinute: a, EndMinute: b} }
	cases := []struct {
		name  string
		slots []store.Slot
		code  string
	}{
		{"empty", nil, ""},
		{"two days", []store.Slot{s(3, 18*60, 21*60), s(1, 9*60, 12*60)}, ""},
		{"touching", []store.Slot{s(1, 9*60, 10*60), s(1, 10*60, 11*60)}, ""},
		{"overlap", []store.Slot{s(1, 9*60, 11*60), s(1, 10*60, 12*60)}, "availability.overlap"},
		{"reversed", []store.Slot{s(1, 12*60, 9*60)}, "availability.range"},
		{"empty range", []store.Slot{s(1, 600, 600)}, "availability.range"},
		{"past midnight", []store.Slot{s(1, 1400, 1445)}, "availability.range"},
		{"weekday 0", []store.Slot{s(0, 60, 120)}, "availability.weekday"},
		{"weekday 8", []store.Slot{s(8, 60, 120)}, "availability.weekday"},
		{"odd minutes", []store.Slot{s(2, 61, 120)}, "availability.step"},
	}
	for _, c := range cases {
		out, err := service.ValidateAvailability(c.slots)
		if c.code == "" {
			if err != nil {
				t.Errorf("%s: %v", c.name, err)
			}
			for i := 1; i < len(out); i++ {
				if out[i].Weekday < out[i-1].Weekday {
					t.Errorf("%s: not sorted", c.name)
				}
			}
			continue
		}
		e, ok := service.AsError(err)
		if !ok || e.Fields[0].Code != c.code {
			t.Errorf("%s: got %v want %s", c.name, err, c.code)
		}
	}
	many := []store.Slot{}
	for i := 0; i < 9; i++ {
		many = append(many, s(4, i*60, i*60+30))
	}
	if _, err := service.ValidateAvailability(many); err == nil {
		t.Error("9 ranges on one day accepted")
	}
}

func FuzzValidateAvailability(f *testing.F) {
	f.Add(1, 540, 600, 1, 590, 700)
	f.Fuzz(func(t *testing.T, d1, a1, b1, d2, a2, b2 int) {
		out, err := service.ValidateAvailability([]store.Slot{{Weekday: d1, StartMinute: a1, EndMinute: b1}, {Weekday: d2, StartMinute: a2, EndMinute: b2}})
		if err != nil {
			return
		}
		for _, sl := range out {
			if sl.Weekday < 1 || sl.Weekday > 7 || sl.StartMinute < 0 || sl.EndMinute > 1440 || sl.StartMinute >= sl.EndMinute {
				t.Fatalf("accepted a bad slot %+v", sl)
			}
		}
		if len(out) == 2 && out[0].Weekday == out[1].Weekday && out[1].StartMinute < out[0].EndMinute {
			t.Fatalf("accepted overlap %+v", out)
		}
	})
}

func TestPrivacy(t *testing.T) {
	storetest.ForEachDialect(t, func(t *testing.T, db *store.DB) {
		svc := service.New(db, service.Options{RootEmail: "root@ladder.test"})
		ctx := context.Background()
		owner := newAccount(t, db, svc, "owner@example.pt", "player")
		other := newAccount(t, db, svc, "other@example.pt", "player")
		admin := newAccount(t, db, svc, "admin@example.pt", "admin")
		super := newAccount(t, db, svc, "super@example.pt", "superadmin")
		set := func(vis string, listed bool) {
			u, _ := db.UserByID(ctx, nil, owner.User.ID)
			owner.User = u
			if _, err := svc.UpdateSettings(ctx, owner, service.Settings{ContactVisibility: vis, Listed: listed, Language: "pt"}); err != nil {
				t.Fatal(err)
			}
		}
		see := func(viewer service.Current) (found, contact bool) {
			pv, err := svc.Player(ctx, viewer, owner.User.ID)
			if err != nil {
				return false, false
			}
			return true, pv.ContactVisible
		}
		cases := []struct {
			vis    string
			listed bool
			viewer service.Current
			found  bool
			cont   bool
		}{
			{"everyone", true, other, true, true},
			{"everyone", true, service.Current{}, true, false}, // visitors never see contacts
			{"co_players", true, other, true, false},           // no shared tournament
			{"nobody", true, other, true, false},
			{"nobody", true, admin, true, false},
			{"nobody", true, super, true, true}, // moderation
			{"nobody", true, owner, true, true},
			{"everyone", false, other, false, false}, // unlisted: not found
			{"everyone", false, owner, true, true},
			{"everyone", false, super, true, true},
		}
		for i, c := range cases {
			set(c.vis, c.listed)
			f, ct := see(c.viewer)
			if f != c.found || ct != c.cont {
				t.Errorf("case %d (%s listed=%v): found %v contact %v, want %v %v", i, c.vis, c.listed, f, ct, c.found, c.cont)
			}
		}
	})
}

func TestNotifyHonoursPreferences(t *testing.T) {
	storetest.ForEachDialect(t, func(t *testing.T, db *store.DB) {
		svc := service.New(db, service.Options{BaseURL: "https://ladder.example.org"})
		ctx := context.Background()
		p := newAccount(t, db, svc, "p@example.pt", "player")
		note := service.Note{Type: service.ChallengeReceived, TitleKey: "challenge_received.title", MessageKey: "challenge_received.message",
			Params: map[string]any{"name": "Rui", "tournament": "Escada do Parque"}, ActionURL: "/challenges"}
		if err := db.Tx(ctx, func(tx *store.Tx) error { return svc.Notify(ctx, tx, p.User.ID, note) }); err != nil {
			t.Fatal(err)
		}
		ns, _ := svc.Notifications(ctx, p, "en", 0, 10)
		emails, _ := db.Emails(ctx, 10)
		if len(ns) != 1 || ns[0].Title != "New challenge" || ns[0].Message != "Rui challenged you in Escada do Parque." {
			t.Fatalf("in-app: %+v", ns)
		}
		if len(emails) != 1 || emails[0].Subject != "Novo desafio" || emails[0].To != "p@example.pt" {
			t.Fatalf("email (in the user's language, pt): %+v", emails)
		}
		// Turn email off for this type: the next one is in-app only.
		u, _ := db.UserByID(ctx, nil, p.User.ID)
		p.User = u
		if _, err := svc.UpdateSettings(ctx, p, service.Settings{ContactVisibility: "nobody", Listed: true, Language: "en",
			Notifications: map[service.NotificationType]service.Channels{service.ChallengeReceived: {InApp: true, Email: false}}}); err != nil {
			t.Fatal(err)
		}
		// A rolled-back change notifies nobody.
		_ = db.Tx(ctx, func(tx *store.Tx) error {
			_ = svc.Notify(ctx, tx, p.User.ID, note)
			return context.Canceled
		})
		if err := db.Tx(ctx, func(tx *store.Tx) error { return svc.Notify(ctx, tx, p.User.ID, note) }); err != nil {
			t.Fatal(err)
		}
		ns, _ = svc.Notifications(ctx, p, "pt", 0, 10)
		emails, _ = db.Emails(ctx, 10)
		if len(ns) != 2 || len(emails) != 1 {
			t.Fatalf("want 2 notifications and still 1 email, got %d %d", len(ns), len(emails))
		}
		if n, _ := svc.UnreadCount(ctx, p); n != 2 {
			t.Fatalf("unread %d", n)
		}
		other := newAccount(t, db, svc, "o@example.pt", "player")
		if err := svc.MarkRead(ctx, other, ns[0].ID); err == nil {
			t.Fatal("marked someone else's notification")
		}
		if err := svc.MarkRead(ctx, p, ns[0].ID); err != nil {
			t.Fatal(err)
		}
		if n, _ := svc.UnreadCount(ctx, p); n != 1 {
			t.Fatalf("unread after mark %d", n)
		}
		if n, _ := svc.MarkAllRead(ctx, p); n != 1 {
			t.Fatalf("mark all: %d", n)
		}
	})
}
