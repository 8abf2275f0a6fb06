package policy

// Gamification rules (issue 15). A player's own progress page (XP history, popups, the friendly
// leaderboard among their tournaments) is theirs alone: Gamification allows any signed-in
// account for itself. Another player's level, XP and achievements follow the statistics page
// (SeePlayer), where they are shown with the rest of the statistics.
func Gamification(a Actor) error {
	return Allow(a, SignedIn)
}
