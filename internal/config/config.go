// Package config builds the one typed Config of the ladder binary from command-line flags,
// falling back to LADDER_* environment variables, then to defaults.
package config

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// Config is everything the binary can be told. Secrets never leave it through String.
type Config struct {
	Listen      string // host:port to listen on
	BaseURL     string // public URL of the app, e.g. https://ladder.example.org
	DatabaseURL string // postgres://… selects PostgreSQL; empty means SQLite in DataDir
	DataDir     string // where the SQLite database and other local files live
	Dev         bool   // development mode: text logs, development identity provider
	LogFormat   string // "json" or "text"
	LogLevel    string // debug, info, warn, error
	TrustProxy  bool   // trust X-Forwarded-For / X-Forwarded-Proto from a reverse proxy
	// Sign-in through OpenID Connect. Without a client id in dev mode, the binary serves its
	// own development identity provider.
	OIDCIssuer       string
	OIDCClientID     string
	OIDCClientSecret string
	RootEmail        string // the main super admin's email: protected, always superadmin
	// Email delivery. Without SMTPAddr, emails are written to the log instead.
	SMTPAddr     string
	SMTPUsername string
	SMTPPassword string
	MailFrom     string
	// ContactRatePerHour caps contact/support messages per client address.
	ContactRatePerHour int
	// Per-account limits on creating things (0: no limit); see service.Limits.
	ClubsPerDay       int
	TournamentsPerDay int
	ChallengesPerHour int
	ReportsPerHour    int
	UploadsPerHour    int
	DeletionsPerDay   int // deletion requests (an own one, or a super admin's)
	// RequestTimeout bounds each API request's work (its database calls end with it); a
	// database that does not answer in time gives 503.
	RequestTimeout time.Duration
	// MetricsToken, when set, is required as "Authorization: Bearer <token>" by /metrics.
	MetricsToken string
	// MetricsListen, when set, serves /metrics on its own address (and not on Listen).
	MetricsListen   string
	ShutdownTimeout time.Duration
}

// Load parses args (without the program and subcommand names) with env as the fallback source.
// Unknown flags and bad values are errors; help output goes to out.
func Load(name string, args []string, env func(string) string, out io.Writer) (Config, error) {
	if env == nil {
		env = os.Getenv
	}
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(out)
	c := Config{}
	str := func(p *string, flagName, envName, def, usage string) {
		v := env(envName)
		if v == "" {
			v = def
		}
		fs.StringVar(p, flagName, v, usage+" (env "+envName+")")
	}
	str(&c.Listen, "listen", "LADDER_LISTEN", "127.0.0.1:8080", "address to listen on")
	str(&c.BaseURL, "base-url", "LADDER_BASE_URL", "", "public base URL (default http://<listen>)")
	str(&c.DatabaseURL, "database-url", "LADDER_DATABASE_URL", "", "postgres:// URL; empty uses SQLite in the data directory")
	str(&c.DataDir, "data-dir", "LADDER_DATA_DIR", "./data", "directory for the SQLite database")
	str(&c.LogFormat, "log-format", "LADDER_LOG_FORMAT", "", "log format: json or text (default text in dev, json otherwise)")
	str(&c.LogLevel, "log-level", "LADDER_LOG_LEVEL", "info", "log level: debug, info, warn, error")
	str(&c.OIDCIssuer, "oidc-issuer", "LADDER_OIDC_ISSUER", "https://accounts.google.com", "OpenID Connect issuer URL")
	str(&c.OIDCClientID, "oidc-client-id", "LADDER_OIDC_CLIENT_ID", "", "OpenID Connect client id")
	str(&c.OIDCClientSecret, "oidc-client-secret", "LADDER_OIDC_CLIENT_SECRET", "", "OpenID Connect client secret")
	str(&c.RootEmail, "root-email", "LADDER_ROOT_EMAIL", "", "email of the main super admin (default in dev: "+DevRootEmail+")")
	str(&c.SMTPAddr, "smtp-addr", "LADDER_SMTP_ADDR", "", "SMTP server host:port for emails (empty: emails go to the log)")
	str(&c.SMTPUsername, "smtp-username", "LADDER_SMTP_USERNAME", "", "SMTP user")
	str(&c.SMTPPassword, "smtp-password", "LADDER_SMTP_PASSWORD", "", "SMTP password")
	str(&c.MailFrom, "mail-from", "LADDER_MAIL_FROM", "", "sender address of emails (default noreply@<base URL host>)")
	dev, err := envBool(env, "LADDER_DEV")
	if err != nil {
		return c, err
	}
	fs.BoolVar(&c.Dev, "dev", dev, "development mode (env LADDER_DEV)")
	trust, err := envBool(env, "LADDER_TRUST_PROXY")
	if err != nil {
		return c, err
	}
	fs.BoolVar(&c.TrustProxy, "trust-proxy", trust, "trust X-Forwarded-* headers (env LADDER_TRUST_PROXY)")
	rate := 10
	if v := env("LADDER_CONTACT_RATE_PER_HOUR"); v != "" {
		if rate, err = strconv.Atoi(v); err != nil {
			return c, fmt.Errorf("LADDER_CONTACT_RATE_PER_HOUR: %w", err)
		}
	}
	fs.IntVar(&c.ContactRatePerHour, "contact-rate", rate, "contact messages per client address per hour (env LADDER_CONTACT_RATE_PER_HOUR)")
	num := func(p *int, flagName, envName string, def int, usage string) error {
		if v := env(envName); v != "" {
			n, err := strconv.Atoi(v)
			if err != nil {
				return fmt.Errorf("%s=%q: want a whole number", envName, v)
			}
			def = n
		}
		fs.IntVar(p, flagName, def, usage+" (env "+envName+"; 0: no limit)")
		return nil
	}
	for _, n := range []struct {
		p              *int
		flag, env, use string
		def            int
	}{
		{&c.ClubsPerDay, "rate-clubs", "LADDER_RATE_CLUBS_PER_DAY", "club proposals per account per day", 10},
		{&c.TournamentsPerDay, "rate-tournaments", "LADDER_RATE_TOURNAMENTS_PER_DAY", "tournament proposals per account per day", 10},
		{&c.ChallengesPerHour, "rate-challenges", "LADDER_RATE_CHALLENGES_PER_HOUR", "challenges per account per hour", 30},
		{&c.ReportsPerHour, "rate-reports", "LADDER_RATE_REPORTS_PER_HOUR", "result reports per account per hour", 30},
		{&c.UploadsPerHour, "rate-uploads", "LADDER_RATE_UPLOADS_PER_HOUR", "picture uploads per account per hour", 20},
		{&c.DeletionsPerDay, "rate-deletions", "LADDER_RATE_DELETIONS_PER_DAY", "account deletion requests per account per day", 5},
	} {
		if err := num(n.p, n.flag, n.env, n.def, n.use); err != nil {
			return c, err
		}
	}
	timeout := 10 * time.Second
	if v := env("LADDER_REQUEST_TIMEOUT"); v != "" {
		if timeout, err = time.ParseDuration(v); err != nil {
			return c, fmt.Errorf("LADDER_REQUEST_TIMEOUT: %w", err)
		}
	}
	fs.DurationVar(&c.RequestTimeout, "request-timeout", timeout, "deadline of each API request and its database work (env LADDER_REQUEST_TIMEOUT)")
	str(&c.MetricsToken, "metrics-token", "LADDER_METRICS_TOKEN", "", "bearer token required by /metrics (empty: open)")
	str(&c.MetricsListen, "metrics-listen", "LADDER_METRICS_LISTEN", "", "separate host:port for /metrics (empty: served with the app)")
	c.ShutdownTimeout = 15 * time.Second
	if err := fs.Parse(args); err != nil {
		return c, err
	}
	if fs.NArg() > 0 {
		return c, fmt.Errorf("unexpected arguments: %s", strings.Join(fs.Args(), " "))
	}
	return c, c.normalise()
}

func envBool(env func(string) string, name string) (bool, error) {
	v := env(name)
	if v == "" {
		return false, nil
	}
	b, err := strconv.ParseBool(v)
	if err != nil {
		return false, fmt.Errorf("%s=%q: want true/false/1/0", name, v)
	}
	return b, nil
}

func (c *Config) normalise() error {
	if _, _, err := net.SplitHostPort(c.Listen); err != nil {
		return fmt.Errorf("listen address %q: %w", c.Listen, err)
	}
	if c.BaseURL == "" {
		host, port, _ := net.SplitHostPort(c.Listen)
		if host == "" || host == "0.0.0.0" || host == "::" || host == "127.0.0.1" {
			host = "localhost"
		}
		c.BaseURL = "http://" + net.JoinHostPort(host, port)
	}
	u, err := url.Parse(c.BaseURL)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return fmt.Errorf("base URL %q must be an absolute http(s) URL", c.BaseURL)
	}
	c.BaseURL = strings.TrimRight(c.BaseURL, "/")
	if c.DatabaseURL != "" && !c.UsesPostgres() {
		return errors.New("database URL must start with postgres:// or postgresql:// (leave it empty for SQLite)")
	}
	switch c.LogFormat {
	case "":
		c.LogFormat = "json"
		if c.Dev {
			c.LogFormat = "text"
		}
	case "json", "text":
	default:
		return fmt.Errorf("log format %q: want json or text", c.LogFormat)
	}
	switch c.LogLevel {
	case "debug", "info", "warn", "error":
	default:
		return fmt.Errorf("log level %q: want debug, info, warn or error", c.LogLevel)
	}
	if c.DevIdentityProvider() {
		if c.RootEmail == "" {
			c.RootEmail = DevRootEmail
		}
		host, _, _ := net.SplitHostPort(c.Listen)
		if !isLoopback(host) {
			return fmt.Errorf("the development identity provider signs anyone in: it only runs on a loopback address, not %q (set LADDER_OIDC_CLIENT_ID for a real provider)", c.Listen)
		}
	}
	c.RootEmail = strings.ToLower(strings.TrimSpace(c.RootEmail))
	if c.MailFrom == "" {
		c.MailFrom = "noreply@" + u.Hostname()
	}
	if c.SMTPAddr != "" {
		if _, _, err := net.SplitHostPort(c.SMTPAddr); err != nil {
			return fmt.Errorf("SMTP address %q: want host:port", c.SMTPAddr)
		}
	}
	if c.ContactRatePerHour < 1 {
		return errors.New("contact rate must be at least 1 per hour")
	}
	for _, n := range []int{c.ClubsPerDay, c.TournamentsPerDay, c.ChallengesPerHour, c.ReportsPerHour, c.UploadsPerHour, c.DeletionsPerDay} {
		if n < 0 {
			return errors.New("rate limits must be 0 (no limit) or more")
		}
	}
	if c.RequestTimeout <= 0 {
		return errors.New("request timeout must be positive, e.g. 10s")
	}
	if c.MetricsListen != "" {
		if _, _, err := net.SplitHostPort(c.MetricsListen); err != nil {
			return fmt.Errorf("metrics listen address %q: %w", c.MetricsListen, err)
		}
	}
	return nil
}

// CheckSignIn is what serve asks before starting: outside development, signing in needs a real
// OpenID Connect client, so a missing client id or secret is an error naming the variables.
func (c Config) CheckSignIn() error {
	if c.Dev {
		return nil
	}
	var missing []string
	if c.OIDCClientID == "" {
		missing = append(missing, "LADDER_OIDC_CLIENT_ID (-oidc-client-id)")
	}
	if c.OIDCClientSecret == "" {
		missing = append(missing, "LADDER_OIDC_CLIENT_SECRET (-oidc-client-secret)")
	}
	if len(missing) == 0 {
		return nil
	}
	return fmt.Errorf("sign-in is not configured: set %s from the client registered at %s "+
		"(redirect URI %s/auth/callback), or set LADDER_DEV=1 to use the development identity provider",
		strings.Join(missing, " and "), c.OIDCIssuer, c.BaseURL)
}

// DevRootEmail is the root account of the demo data, used in dev mode when none is configured.
const DevRootEmail = "root@ladder.test"

// DevIdentityProvider reports whether the binary serves its own identity provider: in dev mode
// when no real OpenID Connect client is configured.
func (c Config) DevIdentityProvider() bool { return c.Dev && c.OIDCClientID == "" }

func isLoopback(host string) bool {
	if host == "localhost" {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// UsesPostgres reports whether DatabaseURL selects PostgreSQL.
func (c Config) UsesPostgres() bool {
	return strings.HasPrefix(c.DatabaseURL, "postgres://") || strings.HasPrefix(c.DatabaseURL, "postgresql://")
}

// SQLitePath is the database file used when PostgreSQL is not configured.
func (c Config) SQLitePath() string { return filepath.Join(c.DataDir, "ladder.db") }

// HTTPS reports whether the app is served over https (cookies get Secure, HSTS is sent).
func (c Config) HTTPS() bool { return strings.HasPrefix(c.BaseURL, "https://") }

// Redacted returns key=value pairs safe to log: the database password is masked.
func (c Config) Redacted() []any {
	db := "sqlite:" + c.SQLitePath()
	if c.UsesPostgres() {
		db = RedactURL(c.DatabaseURL)
	}
	return []any{
		"listen", c.Listen, "base_url", c.BaseURL, "database", db, "data_dir", c.DataDir,
		"dev", c.Dev, "log_format", c.LogFormat, "log_level", c.LogLevel, "trust_proxy", c.TrustProxy,
		"contact_rate_per_hour", c.ContactRatePerHour, "oidc_issuer", c.issuerForLog(), "oidc_client_id", c.OIDCClientID,
		"oidc_client_secret_set", c.OIDCClientSecret != "", "root_email", c.RootEmail,
		"rate_clubs_per_day", c.ClubsPerDay, "rate_tournaments_per_day", c.TournamentsPerDay,
		"rate_challenges_per_hour", c.ChallengesPerHour, "rate_reports_per_hour", c.ReportsPerHour,
		"rate_uploads_per_hour", c.UploadsPerHour, "rate_deletions_per_day", c.DeletionsPerDay, "request_timeout", c.RequestTimeout.String(),
		"metrics_token_set", c.MetricsToken != "", "metrics_listen", c.MetricsListen,
		"smtp_addr", c.SMTPAddr, "smtp_username", c.SMTPUsername, "smtp_password_set", c.SMTPPassword != "", "mail_from", c.MailFrom,
	}
}

// RedactURL masks the password of a URL (and any password= query parameter).
func RedactURL(raw string) string {
	u, err := url.Parse(raw)
	if err != nil {
		return "(unparseable URL)"
	}
	if _, ok := u.User.Password(); ok {
		u.User = url.UserPassword(u.User.Username(), "xxxxx")
	}
	q := u.Query()
	if q.Has("password") {
		q.Set("password", "xxxxx")
		u.RawQuery = q.Encode()
	}
	return u.String()
}

func (c Config) issuerForLog() string {
	if c.DevIdentityProvider() {
		return "development identity provider"
	}
	return c.OIDCIssuer
}
