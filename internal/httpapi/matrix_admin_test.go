package httpapi

// Rows of the authorization matrix for the administration area (#12), added to the matrix so
// that every route keeps exactly one row (a route without one fails TestAuthorizationMatrix).
func init() {
	for k, v := range map[string]matrixRow{
		"GET /api/admin/dashboard":    {path: "/api/admin/dashboard", want: superOnly(200)},
		"GET /api/admin/players":      {path: "/api/admin/players?q=a&role=player&status=active", want: admins(200)},
		"GET /api/admin/players/{id}": {path: "/api/admin/players/{target}", want: admins(200)},
		"GET /api/admin/clubs":        {path: "/api/admin/clubs?status=pending", want: superOnly(200)},
		"GET /api/admin/tournaments":  {path: "/api/admin/tournaments?status=all", want: superOnly(200)},
		"GET /api/admin/matches":      {path: "/api/admin/matches?state=pending", want: superOnly(200)},
		"GET /api/admin/challenges":   {path: "/api/admin/challenges?status=pending", want: superOnly(200)},
	} {
		matrix[k] = v
	}
}
