package policy

import "testing"

func TestSuggestPlayer(t *testing.T) {
	me := Actor{UserID: 1, Role: Player}
	super := Actor{UserID: 9, Role: SuperAdmin}
	for _, c := range []struct {
		name   string
		a      Actor
		owner  int64
		hidden bool
		status string
		want   bool
	}{
		{"another active player", me, 2, false, "active", true},
		{"themselves", me, 1, false, "active", false},
		{"hidden", me, 2, true, "active", false},
		{"hidden, to a super admin", super, 2, true, "active", false},
		{"paused", me, 2, false, "paused", false},
		{"visitor", Actor{}, 2, false, "active", false},
	} {
		if got := SuggestPlayer(c.a, c.owner, c.hidden, c.status); got != c.want {
			t.Errorf("%s: %v, want %v", c.name, got, c.want)
		}
	}
}

func TestMatchCalendar(t *testing.T) {
	m := MatchFacts{State: "time_confirmed", Player1: 1, Player2: 2}
	for _, c := range []struct {
		name string
		a    Actor
		s    MatchScope
		ok   bool
	}{
		{"player", Actor{UserID: 1, Role: Player}, MatchScope{}, true},
		{"opponent", Actor{UserID: 2, Role: Player}, MatchScope{}, true},
		{"referee", Actor{UserID: 3, Role: Player}, MatchScope{Tournament: TournamentRelation{Referee: true, Member: true}, HasReferee: true}, true},
		{"creator", Actor{UserID: 4, Role: Player}, MatchScope{Tournament: TournamentRelation{Creator: true}}, false},
		{"super admin", Actor{UserID: 5, Role: SuperAdmin}, MatchScope{}, false},
		{"visitor", Actor{}, MatchScope{}, false},
	} {
		if got := MatchCalendar(c.a, c.s, m) == nil; got != c.ok {
			t.Errorf("%s: %v, want %v", c.name, got, c.ok)
		}
	}
}

func TestMatchPermissionsCalendar(t *testing.T) {
	scheduled := MatchFacts{State: "time_confirmed", Player1: 1, Player2: 2, Scheduled: true}
	if !MatchPermissions(Actor{UserID: 1, Role: Player}, MatchScope{}, scheduled).Calendar {
		t.Error("a player of a scheduled match downloads it")
	}
	unscheduled := scheduled
	unscheduled.Scheduled = false
	if MatchPermissions(Actor{UserID: 1, Role: Player}, MatchScope{}, unscheduled).Calendar {
		t.Error("no time, no event")
	}
	if MatchPermissions(Actor{UserID: 9, Role: SuperAdmin}, MatchScope{}, scheduled).Calendar {
		t.Error("a super admin does not")
	}
}
