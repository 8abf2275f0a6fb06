package httpapi

import (
	"context"

	"github.com/tennisladder/ladder/internal/service"
)

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

// search is SPEC §7's GET /api/search?q=: clubs for everyone, players for signed-in callers. The
// answer's two parts come encoded from memory (service.SearchPage); it is joined here, byte for
// byte what huma would encode of searchOutput's body.
func (s *Server) search(ctx context.Context, in *searchInput) ([]byte, error) {
	p, err := s.svc.SearchPage(ctx, currentFrom(ctx), in.Q, langOf(ctx), 5, renderSearch)
	if err != nil {
		return nil, s.problemFrom(ctx, err)
	}
	const head, tail = `{"results":[`, "]}\n"
	b := make([]byte, 0, len(head)+len(p.SharedJSON)+1+len(p.OwnJSON)+len(tail))
	b = append(append(b, head...), p.SharedJSON...)
	if len(p.SharedJSON) > 0 && len(p.OwnJSON) > 0 {
		b = append(b, ',')
	}
	return append(append(b, p.OwnJSON...), tail...), nil
}

// renderSearch encodes results as searchResults, the elements of the array without its brackets.
func renderSearch(rs []service.SearchResult) ([]byte, error) {
	out := make([]searchResult, len(rs))
	for i, r := range rs {
		out[i] = searchResult{Type: r.Type, ID: r.ID, Title: r.Title, Subtitle: r.Subtitle, Description: r.Description, URL: r.URL}
	}
	b, err := encodeJSON(out)
	if err != nil {
		return nil, err
	}
	// "[…]\n": the elements are between the brackets ("[]\n" has none).
	return b[1 : len(b)-2], nil
}
