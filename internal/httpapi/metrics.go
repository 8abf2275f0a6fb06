package httpapi

import (
	"crypto/subtle"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"github.com/tennisladder/ladder/internal/realtime"
)

// metrics has a registry of its own per server, so tests can build many servers.
type metrics struct {
	reg      *prometheus.Registry
	requests *prometheus.CounterVec
	duration *prometheus.HistogramVec
	handler  http.Handler
}

func newMetrics() *metrics {
	reg := prometheus.NewRegistry()
	m := &metrics{
		reg: reg,
		requests: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "ladder_http_requests_total", Help: "HTTP requests by method, route pattern and status.",
		}, []string{"method", "route", "status"}),
		duration: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name: "ladder_http_request_duration_seconds", Help: "HTTP request duration by method and route pattern.",
			Buckets: []float64{.001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2.5},
		}, []string{"method", "route"}),
	}
	reg.MustRegister(m.requests, m.duration, collectors.NewGoCollector(),
		collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	m.handler = promhttp.HandlerFor(reg, promhttp.HandlerOpts{Registry: reg})
	return m
}

// watchHub exports the live-update sockets: how many are open now and how many were dropped
// for being too slow.
func (m *metrics) watchHub(h *realtime.Hub) {
	m.reg.MustRegister(
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: "ladder_ws_connections",
			Help: "Live-update WebSockets open on this instance."}, func() float64 { return float64(h.Open()) }),
		prometheus.NewCounterFunc(prometheus.CounterOpts{Name: "ladder_ws_slow_dropped_total",
			Help: "Live-update WebSockets dropped because they did not keep up."}, func() float64 { return float64(h.SlowDropped()) }),
	)
}

func (m *metrics) observe(method, route string, status int, d time.Duration) {
	m.requests.WithLabelValues(method, route, strconv.Itoa(status)).Inc()
	m.duration.WithLabelValues(method, route).Observe(d.Seconds())
}

// metricsHandler serves /metrics with the application. With LADDER_METRICS_LISTEN the metrics
// live on their own address instead (MetricsHandler) and this one answers 404.
func (s *Server) metricsHandler(w http.ResponseWriter, r *http.Request) {
	if s.cfg.MetricsListen != "" {
		writeProblem(w, r, newProblem(langOf(r.Context()), http.StatusNotFound, "", nil))
		return
	}
	s.serveMetrics(w, r)
}

// MetricsHandler serves the metrics on the separate address of LADDER_METRICS_LISTEN.
func (s *Server) MetricsHandler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /metrics", func(w http.ResponseWriter, r *http.Request) { s.serveMetrics(w, withLang(r)) })
	return mux
}

// serveMetrics asks for LADDER_METRICS_TOKEN as a bearer token when one is set.
func (s *Server) serveMetrics(w http.ResponseWriter, r *http.Request) {
	if want := s.cfg.MetricsToken; want != "" {
		got, ok := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer ")
		if !ok || subtle.ConstantTimeCompare([]byte(strings.TrimSpace(got)), []byte(want)) != 1 {
			w.Header().Set("WWW-Authenticate", `Bearer realm="metrics"`)
			writeProblem(w, r, newProblem(langOf(r.Context()), http.StatusUnauthorized, "metrics.token_required", nil))
			return
		}
	}
	w.Header().Set("Cache-Control", "no-store")
	s.metrics.handler.ServeHTTP(w, r)
}
