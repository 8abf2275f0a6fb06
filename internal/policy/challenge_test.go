package policy

import "testing"

func TestChallengeOpponent(t *testing.T) {
	me := &Entry{UserID: 1, Position: 5, Status: "active"}
	near := &Entry{UserID: 2, Position: 3, Status: "active"}
	below := &Entry{UserID: 3, Position: 7, Status: "active"}
	far := &Entry{UserID: 4, Position: 1, Status: "active"}
	paused := &Entry{UserID: 5, Position: 4, Status: "paused"}
	mePaused := &Entry{UserID: 1, Position: 5, Status: "paused"}
	cases := []struct {
		name     string
		status   string
		rng      int
		me, them *Entry
		want     string
	}{
		{"within range above", "active", 2, me, near, ""},
		{"within range below", "active", 2, me, below, ""},
		{"out of range", "active", 2, me, far, CodeChallengeOutOfRange},
		{"range 0: anyone", "active", 0, me, far, ""},
		{"tournament not active", "inactive", 0, me, near, CodeTournamentNotActive},
		{"not a player", "active", 2, nil, near, CodeChallengeNotPlayer},
		{"yourself", "active", 2, me, me, CodeChallengeNotYourself},
		{"self paused", "active", 2, mePaused, near, CodeChallengeSelfUnavailable},
		{"opponent not a player", "active", 2, me, nil, CodeChallengeOpponentMissing},
		{"opponent paused", "active", 2, me, paused, CodeChallengeOpponentAway},
	}
	for _, c := range cases {
		if got := code(t, ChallengeOpponent(c.status, c.rng, c.me, c.them)); got != c.want {
			t.Errorf("%s: got %q want %q", c.name, got, c.want)
		}
	}
}

func TestChallengeActions(t *testing.T) {
	pending := ChallengeFacts{Status: "pending", Challenger: 1, Challenged: 2}
	accepted := ChallengeFacts{Status: "accepted", Challenger: 1, Challenged: 2}
	cases := []struct {
		name string
		got  error
		want string
	}{
		{"challenged answers", AnswerChallenge(p2, pending), ""},
		{"challenger does not answer", AnswerChallenge(p1, pending), CodeOnlyChallenged},
		{"super admin does not answer", AnswerChallenge(super, pending), CodeOnlyChallenged},
		{"visitor answers", AnswerChallenge(visitor, pending), CodeSignInRequired},
		{"challenger withdraws", WithdrawChallenge(p1, pending), ""},
		{"challenged does not withdraw", WithdrawChallenge(p2, pending), CodeOnlyChallenger},
		{"visitor withdraws", WithdrawChallenge(visitor, pending), CodeSignInRequired},
	}
	for _, c := range cases {
		if got := code(t, c.got); got != c.want {
			t.Errorf("%s: got %q want %q", c.name, got, c.want)
		}
	}
	sees := []struct {
		name string
		a    Actor
		want bool
	}{{"challenger", p1, true}, {"challenged", p2, true}, {"super admin", super, true}, {"outsider", other, false},
		{"admin", admin, false}, {"visitor", visitor, false}}
	for _, c := range sees {
		if SeeChallenge(c.a, pending) != c.want {
			t.Errorf("see %s", c.name)
		}
	}
	perms := []struct {
		name string
		a    Actor
		c    ChallengeFacts
		want ChallengeCan
	}{
		{"challenged, pending", p2, pending, ChallengeCan{Accept: true, Reject: true}},
		{"challenger, pending", p1, pending, ChallengeCan{Cancel: true}},
		{"challenged, accepted", p2, accepted, ChallengeCan{}},
		{"challenger, accepted", p1, accepted, ChallengeCan{}},
		{"super admin", super, pending, ChallengeCan{}},
	}
	for _, c := range perms {
		if got := ChallengePermissions(c.a, c.c); got != c.want {
			t.Errorf("%s: got %+v", c.name, got)
		}
	}
}
