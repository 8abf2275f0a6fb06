package httpapi

import (
	"testing"

	"github.com/tennisladder/ladder/internal/service"
)

// Zero is a real value for several tournament numbers; absent ones take the defaults.
func TestTournamentBodyDefaultsKeepZero(t *testing.T) {
	zero := 0
	in := tournamentBody{Name: "x", ChallengeRange: &zero, MaxRejections: &zero, MinGames: &zero}.input()
	if in.ChallengeRange != 0 || in.MaxRejections != 0 || in.MinGames != 0 || in.MaxGames != service.DefaultMaxGames ||
		in.ResponseDays != service.DefaultResponseDays || in.PeriodWeeks != service.DefaultPeriodWeeks || !in.Play {
		t.Fatalf("%+v", in)
	}
	if in := (tournamentBody{Name: "x"}).input(); in.ChallengeRange != service.DefaultChallengeRange || in.MaxRejections != service.DefaultMaxRejections {
		t.Fatalf("defaults: %+v", in)
	}
}
