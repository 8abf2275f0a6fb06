package httpapi

import "maps"

// PUT replaces the whole resource (DECISIONS, Trust #11): these are complete bodies for the PUT
// routes, with some fields changed by the caller.

func fullProfile(set map[string]any) map[string]any {
	b := map[string]any{"first_name": "", "last_name": "", "phone": "", "whatsapp": "", "signal": "", "telegram": "",
		"age": nil, "gender": "", "district": "", "municipality": "", "timezone": "Europe/Lisbon", "club_id": nil}
	maps.Copy(b, set)
	return b
}

func fullClub(set map[string]any) map[string]any {
	b := map[string]any{"name": "", "address": "", "phone": "", "email": "", "website": "", "district": "", "municipality": "",
		"surfaces": []string{}, "facilities": []string{}}
	maps.Copy(b, set)
	return b
}

func fullTournament(set map[string]any) map[string]any {
	b := map[string]any{"name": "", "club_id": 0, "location": "", "district": "", "privacy": "public", "end_date": "",
		"response_days": 7, "max_rejections": 3, "ranking_type": "points", "preset": "standard",
		"scoring":   map[string]any{"win_vs_higher": 0, "win_vs_lower": 0, "defeat": 0},
		"min_games": 1, "max_games": 4, "period_weeks": 2, "challenge_range": 3, "max_participants": 0, "special_rules": ""}
	maps.Copy(b, set)
	return b
}
