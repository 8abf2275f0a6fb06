package policy

import "testing"

// code turns a decision into its refusal code ("" when allowed).
func code(t *testing.T, err error) string {
	t.Helper()
	if err == nil {
		return ""
	}
	d, ok := err.(*Denied)
	if !ok {
		t.Fatalf("unexpected error %v", err)
	}
	return d.Code
}

var (
	visitor = Actor{}
	p1      = Actor{UserID: 1, Role: Player}
	p2      = Actor{UserID: 2, Role: Player}
	other   = Actor{UserID: 3, Role: Player}
	admin   = Actor{UserID: 4, Role: Admin}
	super   = Actor{UserID: 5, Role: SuperAdmin}
	super2  = Actor{UserID: 6, Role: SuperAdmin}

	confirmed = MatchFacts{State: "time_confirmed", Player1: 1, Player2: 2}
	reported  = MatchFacts{State: "result_reported", Player1: 1, Player2: 2, Reporter: 1}
	// super plays super2… and a player.
	superMatch = MatchFacts{State: "result_reported", Player1: 5, Player2: 2, Reporter: 5}

	none         = MatchScope{}
	creatorNoRef = MatchScope{Tournament: TournamentRelation{Creator: true, Member: true}}
	creatorRef   = MatchScope{Tournament: TournamentRelation{Creator: true, Member: true}, HasReferee: true}
	refereeOf    = MatchScope{Tournament: TournamentRelation{Referee: true, Member: true}, HasReferee: true}
	memberOf     = MatchScope{Tournament: TournamentRelation{Member: true}, HasReferee: true}
)

func TestPlayMatchAndAnswer(t *testing.T) {
	cases := []struct {
		name string
		got  error
		want string
	}{
		{"player 1 plays", PlayMatch(p1, confirmed), ""},
		{"player 2 plays", PlayMatch(p2, confirmed), ""},
		{"outsider does not", PlayMatch(other, confirmed), CodeOnlyPlayers},
		{"super admin does not play others' matches", PlayMatch(super, confirmed), CodeOnlyPlayers},
		{"visitor", PlayMatch(visitor, confirmed), CodeSignInRequired},
		{"opponent answers", AnswerResult(p2, reported), ""},
		{"reporter does not answer", AnswerResult(p1, reported), CodeOnlyOpponent},
		{"outsider does not answer", AnswerResult(other, reported), CodeOnlyOpponent},
		{"visitor answers", AnswerResult(visitor, reported), CodeSignInRequired},
		{"player cancels", CancelMatch(p1, none, confirmed), ""},
		{"referee cancels", CancelMatch(other, refereeOf, confirmed), ""},
		{"creator cancels", CancelMatch(other, creatorRef, confirmed), ""},
		{"super admin cancels", CancelMatch(super, none, confirmed), ""},
		{"member does not cancel", CancelMatch(other, memberOf, confirmed), CodeOnlyPlayers},
		{"admin does not cancel", CancelMatch(admin, none, confirmed), CodeOnlyPlayers},
		{"visitor does not cancel", CancelMatch(visitor, none, confirmed), CodeSignInRequired},
	}
	for _, c := range cases {
		if got := code(t, c.got); got != c.want {
			t.Errorf("%s: got %q want %q", c.name, got, c.want)
		}
	}
}

func TestValidateMatch(t *testing.T) {
	cases := []struct {
		name string
		a    Actor
		s    MatchScope
		m    MatchFacts
		want string
	}{
		{"referee validates", other, refereeOf, reported, ""},
		{"creator without referee validates", other, creatorNoRef, reported, ""},
		{"creator with referee does not", other, creatorRef, reported, CodeOnlyValidators},
		{"super admin validates", super, none, reported, ""},
		{"member does not", other, memberOf, reported, CodeOnlyValidators},
		{"admin does not", admin, none, reported, CodeOnlyValidators},
		{"plain player of the match: not a validator", p1, memberOf, reported, CodeOnlyValidators},
		{"visitor", visitor, none, reported, CodeSignInRequired},
		// Parties never validate their own match.
		{"creator who played", p1, creatorNoRef, reported, CodePartyCannotValidate},
		{"creator who is the opponent", p2, creatorNoRef, reported, CodePartyCannotValidate},
		{"referee who played", p1, refereeOf, reported, CodePartyCannotValidate},
		{"super admin who played", super, none, superMatch, CodePartyCannotValidate},
		{"another super admin", super2, none, superMatch, ""},
	}
	for _, c := range cases {
		if got := code(t, ValidateMatch(c.a, c.s, c.m)); got != c.want {
			t.Errorf("%s: got %q want %q", c.name, got, c.want)
		}
	}
}

func TestSeeMatch(t *testing.T) {
	cases := []struct {
		name string
		a    Actor
		s    MatchScope
		want bool
	}{
		{"player", p1, memberOf, true},
		{"referee", other, refereeOf, true},
		{"creator with referee manages players", other, creatorRef, true},
		{"super admin", super, none, true},
		{"member", other, memberOf, false},
		{"admin", admin, none, false},
		{"visitor", visitor, none, false},
	}
	for _, c := range cases {
		if got := SeeMatch(c.a, c.s, confirmed); got != c.want {
			t.Errorf("%s: got %v", c.name, got)
		}
	}
}

func TestResultValidators(t *testing.T) {
	cases := []struct {
		name     string
		referees []int64
		creator  int64
		want     []int64
	}{
		{"referees", []int64{7, 8}, 1, []int64{7, 8}},
		{"creator without referee", nil, 1, []int64{1}},
		{"nobody", nil, 0, nil},
	}
	for _, c := range cases {
		got := ResultValidators(c.referees, c.creator)
		if len(got) != len(c.want) {
			t.Errorf("%s: got %v", c.name, got)
			continue
		}
		for i := range got {
			if got[i] != c.want[i] {
				t.Errorf("%s: got %v", c.name, got)
			}
		}
	}
}

func TestMatchPermissions(t *testing.T) {
	disputed := MatchFacts{State: "result_disputed", Player1: 1, Player2: 2, Reporter: 1}
	answered := reported
	answered.ResultConfirmed = true
	done := MatchFacts{State: "completed", Player1: 1, Player2: 2, Reporter: 1}
	cases := []struct {
		name string
		a    Actor
		s    MatchScope
		m    MatchFacts
		want MatchCan
	}{
		{"player, scheduled", p1, memberOf, confirmed, MatchCan{ConfirmTime: true, Report: true, Cancel: true}},
		{"player, proposed", p2, memberOf, MatchFacts{State: "time_proposed", Player1: 1, Player2: 2}, MatchCan{ConfirmTime: true, Report: true, Cancel: true}},
		{"referee, scheduled", other, refereeOf, confirmed, MatchCan{Cancel: true}},
		{"reporter, reported", p1, memberOf, reported, MatchCan{}},
		{"opponent, reported", p2, memberOf, reported, MatchCan{Confirm: true, Dispute: true}},
		{"opponent, already confirmed", p2, memberOf, answered, MatchCan{}},
		{"opponent, disputed", p2, memberOf, disputed, MatchCan{}},
		{"referee, reported", other, refereeOf, reported, MatchCan{Validate: true}},
		{"referee, disputed", other, refereeOf, disputed, MatchCan{Validate: true}},
		{"creator who played, reported", p2, creatorNoRef, reported, MatchCan{Confirm: true, Dispute: true}},
		{"super admin, reported", super, none, reported, MatchCan{Validate: true}},
		{"super admin, completed", super, none, done, MatchCan{}},
		{"visitor", visitor, none, reported, MatchCan{}},
	}
	if code(t, DisputeResult(p2, answered)) != CodeAlreadyConfirmed || DisputeResult(p2, reported) != nil ||
		code(t, DisputeResult(p1, reported)) != CodeOnlyOpponent {
		t.Error("DisputeResult")
	}
	for _, c := range cases {
		if got := MatchPermissions(c.a, c.s, c.m); got != c.want {
			t.Errorf("%s: got %+v want %+v", c.name, got, c.want)
		}
	}
}
