package service

import (
	"log/slog"
	"strconv"
	"sync"
	"time"

	"github.com/tennisladder/ladder/internal/store"
)

// Service is the application's use cases over one database.
type Service struct {
	db              *store.DB
	log             *slog.Logger
	rootEmail       string   // the main super admin: protected
	baseURL         string   // for links in emails
	standings       sync.Map // tournament id → standingsEntry (see standingRows)
	reads           readCache
	leaderKeys      versionedCache[rankingOrder]    // the global rankings' order per data version (leaderboard_me.go)
	leaderPages     versionedCache[leaderPageEntry] // pages of the global rankings per data version (leaderboard_pages.go)
	statsPages      versionedCache[keptStats]       // players' statistics pages per stamp (player_pages.go)
	histPages       versionedCache[keptHistory]     // players' first history pages per stamp (player_pages.go)
	tournamentPages versionedCache[keptTournament]  // visitors' tournament pages per stamp (tournament_page.go)
	limits          limiters                        // per-account rate limits by action
	live            Live                            // live-update events (nil: none)
}

// Options are the settings the use cases depend on.
type Options struct {
	Log       *slog.Logger
	RootEmail string
	BaseURL   string
	// Limits caps creations per account; the zero value limits nothing (see DefaultLimits).
	Limits Limits
	// Live receives the live-update events after each commit; nil sends none.
	Live Live
}

// New returns the use cases over db.
func New(db *store.DB, o Options) *Service {
	if o.Log == nil {
		o.Log = slog.New(slog.DiscardHandler)
	}
	s := &Service{db: db, log: o.Log, rootEmail: store.NormaliseEmail(o.RootEmail), baseURL: o.BaseURL, live: o.Live}
	s.limits = newLimiters(o.Limits, func() time.Time { return s.now() })
	s.reads.lists.max, s.leaderKeys.max, s.leaderPages.max = listCacheMax, leaderKeysMax, leaderPagesMax
	s.reads.search.max, s.reads.searchOwn.max = searchCacheMax, searchOwnCacheMax
	s.statsPages.max, s.histPages.max = playerPagesMax, playerPagesMax
	s.tournamentPages.max, s.reads.avail.max, s.reads.profiles.max = tournamentPagesMax, availabilityCacheMax, availabilityCacheMax
	return s
}

func (s *Service) now() time.Time { return s.db.Now() }

func itoa64(i int64) string { return strconv.FormatInt(i, 10) }
