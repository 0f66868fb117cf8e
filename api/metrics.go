package api

import (
	"errors"
	"net/http"
	"strconv"
	"time"

	"github.com/labstack/echo/v5"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"
)

// metrics are the server's Prometheus collectors, in a registry of its own so
// that several servers (in tests) never collide.
type metrics struct {
	reg       *prometheus.Registry
	requests  *prometheus.CounterVec
	latency   *prometheus.HistogramVec
	storeDown *prometheus.CounterVec
}

func newMetrics(extra ...prometheus.Collector) *metrics {
	m := &metrics{
		reg: prometheus.NewRegistry(),
		requests: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "gameai_http_requests_total", Help: "HTTP requests by method, route and status.",
		}, []string{"method", "route", "status"}),
		latency: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name: "gameai_http_request_duration_seconds", Help: "HTTP request latency by method and route.",
			Buckets: []float64{.001, .005, .01, .05, .1, .25, .5, 1, 2.5, 5, 10, 30, 60},
		}, []string{"method", "route"}),
		storeDown: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "gameai_store_unavailable_total",
			Help: "Store operations that found the store (Redis) not answering, by operation: the analysis cache's get and put and the shared transposition table's tt-load and tt-store (the search went on cold), and requests answered 503.",
		}, []string{"op"}),
	}
	m.reg.MustRegister(m.requests, m.latency, m.storeDown,
		collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	m.reg.MustRegister(extra...)
	return m
}

func (m *metrics) middleware() echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c *echo.Context) error {
			start := time.Now()
			err := next(c)
			// Label by route pattern, never the raw path, and by a known
			// method, never the client's word, to bound cardinality.
			route := c.Path()
			if route == "" {
				route = "unmatched"
			}
			status := 200
			if r, _ := echo.UnwrapResponse(c.Response()); r != nil && r.Status != 0 {
				status = r.Status
			}
			if err != nil {
				status = 500
				var sc echo.HTTPStatusCoder
				if errors.As(err, &sc) {
					status = sc.StatusCode()
				}
			}
			method := methodLabel(c.Request().Method)
			m.requests.WithLabelValues(method, route, strconv.Itoa(status)).Inc()
			m.latency.WithLabelValues(method, route).Observe(time.Since(start).Seconds())
			return err
		}
	}
}

func (m *metrics) handler() echo.HandlerFunc {
	return echo.WrapHandler(promhttp.HandlerFor(m.reg, promhttp.HandlerOpts{}))
}

// methodLabel folds any method the API does not know into one label value,
// so invented methods (MX1234) cannot grow /metrics.
func methodLabel(method string) string {
	switch method {
	case http.MethodGet, http.MethodHead, http.MethodPost, http.MethodPut, http.MethodPatch,
		http.MethodDelete, http.MethodOptions:
		return method
	}
	return "other"
}
