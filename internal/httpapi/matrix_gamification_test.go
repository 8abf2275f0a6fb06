package httpapi

// gamificationMatrix: the reader's own progress, history, leaderboard and popups (issue 15):
// any signed-in account, never a visitor.
var gamificationMatrix = map[string]matrixRow{
	"GET /api/gamification":              {path: "/api/gamification", want: signedIn(200)},
	"GET /api/gamification/xp":           {path: "/api/gamification/xp?limit=5", want: signedIn(200)},
	"GET /api/gamification/leaderboard":  {path: "/api/gamification/leaderboard", want: signedIn(200)},
	"GET /api/gamification/popups":       {path: "/api/gamification/popups", want: signedIn(200)},
	"POST /api/gamification/popups/seen": {path: "/api/gamification/popups/seen", body: map[string]any{"achievements": []string{"first_match"}, "level": 1}, want: signedIn(204)},
}

func init() {
	for k, v := range gamificationMatrix {
		matrix[k] = v
	}
}
