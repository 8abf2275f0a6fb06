package httpapi

import "context"

type searchInput struct {
	Q string `query:"q" maxLength:"100" doc:"At least 2 characters after trimming; shorter gives no results"`
}

type searchResult struct {
	Type        string `json:"type" enum:"tournament,club,player,challenge"`
	ID          int64  `json:"id"`
	Title       string `json:"title"`
	Subtitle    string `json:"subtitle"`
	Description string `json:"description"`
	URL         string `json:"url" doc:"In-app path"`
}

type searchOutput struct {
	CacheControl string `header:"Cache-Control"`
	Body         struct {
		Results []searchResult `json:"results"`
	}
}

// search is SPEC §7's GET /api/search?q=: clubs for everyone, players for signed-in callers.
func (s *Server) search(ctx context.Context, in *searchInput) (*searchOutput, error) {
	rs, err := s.svc.Search(ctx, currentFrom(ctx), in.Q, langOf(ctx), 5)
	if err != nil {
		return nil, s.problemFrom(ctx, err)
	}
	out := &searchOutput{CacheControl: "private, no-store"}
	out.Body.Results = make([]searchResult, len(rs))
	for i, r := range rs {
		out.Body.Results[i] = searchResult{Type: r.Type, ID: r.ID, Title: r.Title, Subtitle: r.Subtitle, Description: r.Description, URL: r.URL}
	}
	return out, nil
}
