package policy

import "testing"

func TestSeePlayer(t *testing.T) {
	cases := []struct {
		name              string
		a                 Actor
		hidden, suspended bool
		want              bool
	}{
		{"listed, visitor", visitor, false, false, true},
		{"hidden, visitor", visitor, true, false, false},
		{"hidden, other player", other, true, false, false},
		{"hidden, admin", admin, true, false, false},
		{"hidden, self", p1, true, false, true},
		{"hidden, super admin", super, true, false, true},
		{"suspended, player", other, false, true, false},
		{"suspended, self", p1, false, true, true},
		{"suspended, super admin", super, false, true, true},
	}
	for _, c := range cases {
		if got := SeePlayer(c.a, 1, c.hidden, c.suspended); got != c.want {
			t.Errorf("%s: got %v", c.name, got)
		}
		// A list (the ranking) shows hidden players to a reader exactly when SeePlayer does for
		// someone else's account.
		if c.a.UserID != 1 && (c.hidden || c.suspended) && SeeHiddenPlayers(c.a) != c.want {
			t.Errorf("%s: SeeHiddenPlayers disagrees", c.name)
		}
	}
}

func TestContactVisible(t *testing.T) {
	cases := []struct {
		name       string
		a          Actor
		visibility string
		want       Contact
	}{
		{"self, private", p1, "nobody", ContactShown},
		{"super admin, private", super, "nobody", ContactShown},
		{"visitor, everyone", visitor, ContactEveryone, ContactHidden},
		{"player, everyone", other, ContactEveryone, ContactShown},
		{"player, co-players", other, ContactCoPlayers, ContactIfCoPlayers},
		{"player, private", other, "nobody", ContactHidden},
		{"admin, private", admin, "nobody", ContactHidden},
	}
	for _, c := range cases {
		if got := ContactVisible(c.a, 1, c.visibility); got != c.want {
			t.Errorf("%s: got %v", c.name, got)
		}
	}
}

func TestParticipantRules(t *testing.T) {
	creator := TournamentRelation{Creator: true, Member: true}
	referee := TournamentRelation{Referee: true, Member: true}
	member := TournamentRelation{Member: true}
	player := Participant{UserID: 10, Role: "player", Status: "active"}
	ref := Participant{UserID: 11, Role: "referee", Status: "active"}
	theCreator := Participant{UserID: 1, Role: "player", Status: "active"}
	const creatorID = 1
	cases := []struct {
		name string
		got  error
		want string
	}{
		{"creator acts on a player", ActOnParticipant(p1, creator, creatorID, player), ""},
		{"referee acts on a player", ActOnParticipant(other, referee, creatorID, player), ""},
		{"super admin acts on a player", ActOnParticipant(super, TournamentRelation{}, creatorID, player), ""},
		{"member does not", ActOnParticipant(other, member, creatorID, player), CodeForbidden},
		{"visitor does not", ActOnParticipant(visitor, TournamentRelation{}, creatorID, player), CodeSignInRequired},
		{"not on yourself", ActOnParticipant(p1, creator, creatorID, theCreator), CodeParticipantNotYourself},
		{"referee on the creator", ActOnParticipant(other, referee, creatorID, theCreator), CodeCreatorProtected},
		{"super admin on the creator", ActOnParticipant(super, TournamentRelation{}, creatorID, theCreator), ""},
		{"referee removes a player", RemoveParticipant(other, referee, creatorID, player), ""},
		{"referee does not remove a referee", RemoveParticipant(other, referee, creatorID, ref), CodeForbidden},
		{"creator removes a referee", RemoveParticipant(p1, creator, creatorID, ref), ""},
		{"creator promotes a player", PromoteReferee(p1, creator, creatorID, player), ""},
		{"creator does not promote themselves", PromoteReferee(p1, creator, creatorID, theCreator), CodeParticipantNotYourself},
		{"referee does not promote", PromoteReferee(other, referee, creatorID, player), CodeForbidden},
		{"super admin promotes the creator", PromoteReferee(super, TournamentRelation{}, creatorID, theCreator), ""},
		{"creator demotes the referee", DemoteReferee(p1, creator, creatorID, ref), ""},
		{"referee does not demote themselves", DemoteReferee(Actor{UserID: 11, Role: Player}, referee, creatorID, ref), CodeForbidden},
		{"creator-referee does not demote themselves", DemoteReferee(p1, creator, creatorID, Participant{UserID: 1, Role: "referee", Status: "active"}), CodeParticipantNotYourself},
	}
	for _, c := range cases {
		if got := code(t, c.got); got != c.want {
			t.Errorf("%s: got %q want %q", c.name, got, c.want)
		}
	}
	paused := Participant{UserID: 10, Role: "player", Status: "paused"}
	perms := []struct {
		name string
		a    Actor
		r    TournamentRelation
		p    Participant
		want ParticipantCan
	}{
		{"creator, active player", p1, creator, player, ParticipantCan{Pause: true, Suspend: true, Remove: true, Promote: true}},
		{"creator, paused player", p1, creator, paused, ParticipantCan{Suspend: true, Reactivate: true, Remove: true, Promote: true}},
		{"creator, referee", p1, creator, ref, ParticipantCan{Pause: true, Suspend: true, Remove: true, Demote: true}},
		{"referee, active player", other, referee, player, ParticipantCan{Pause: true, Suspend: true, Remove: true}},
		{"referee, referee", other, referee, ref, ParticipantCan{Pause: true, Suspend: true}},
		{"referee, creator", other, referee, theCreator, ParticipantCan{}},
		{"creator, themselves", p1, creator, theCreator, ParticipantCan{}},
		{"member", other, member, player, ParticipantCan{}},
		{"request", p1, creator, Participant{UserID: 12, Role: "player", Status: "requested"}, ParticipantCan{}},
		{"super admin, creator", super, TournamentRelation{}, theCreator, ParticipantCan{Pause: true, Suspend: true, Remove: true, Promote: true}},
	}
	for _, c := range perms {
		if got := ParticipantPermissions(c.a, c.r, creatorID, c.p); got != c.want {
			t.Errorf("%s: got %+v", c.name, got)
		}
	}
}

func TestTournamentPermissions(t *testing.T) {
	creator := TournamentRelation{Creator: true, Member: true}
	referee := TournamentRelation{Referee: true, Member: true}
	cases := []struct {
		name   string
		a      Actor
		r      TournamentRelation
		status string
		want   TournamentCan
	}{
		{"creator, active", p1, creator, "active", TournamentCan{Edit: true, Shuffle: true, Close: true}},
		{"creator, pending", p1, creator, "pending", TournamentCan{Edit: true}},
		{"creator, inactive", p1, creator, "inactive", TournamentCan{Edit: true}},
		{"super admin, active", super, TournamentRelation{}, "active", TournamentCan{Edit: true, Shuffle: true, Close: true}},
		{"referee", other, referee, "active", TournamentCan{}},
		{"admin", admin, TournamentRelation{}, "active", TournamentCan{}},
		{"visitor", visitor, TournamentRelation{}, "active", TournamentCan{}},
	}
	for _, c := range cases {
		if got := TournamentPermissions(c.a, c.r, c.status); got != c.want {
			t.Errorf("%s: got %+v", c.name, got)
		}
	}
}

func TestSeeAllPlayerStats(t *testing.T) {
	cases := []struct {
		name string
		a    Actor
		want bool
	}{
		{"visitor", visitor, false},
		{"self", p1, true},
		{"other player", other, false},
		{"admin", admin, true},
		{"super admin", super, true},
	}
	for _, c := range cases {
		if got := SeeAllPlayerStats(c.a, 1); got != c.want {
			t.Errorf("%s: got %v", c.name, got)
		}
	}
}
