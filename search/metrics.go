package search

import "github.com/prometheus/client_golang/prometheus"

// Metrics are the searches' Prometheus collectors; the server registers
// them (Collectors) in its own registry.
type Metrics struct {
	running                    prometheus.Gauge
	searches, nodes, cacheHits *prometheus.CounterVec
	rejected                   prometheus.Counter
}

// NewMetrics makes the collectors, unregistered.
func NewMetrics() *Metrics {
	return &Metrics{
		running: prometheus.NewGauge(prometheus.GaugeOpts{
			Name: "gameai_searches_running", Help: "Searches running now.",
		}),
		searches: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "gameai_searches_total", Help: "Finished searches by game, engine and outcome.",
		}, []string{"game", "engine", "outcome"}),
		nodes: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "gameai_search_nodes_total", Help: "Nodes (or iterations) searched by game and engine.",
		}, []string{"game", "engine"}),
		rejected: prometheus.NewCounter(prometheus.CounterOpts{
			Name: "gameai_searches_rejected_total", Help: "Searches refused because too many were running.",
		}),
		cacheHits: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "gameai_analysis_cache_total", Help: "Analysis cache look-ups by result (hit or miss).",
		}, []string{"result"}),
	}
}

// Collectors are the collectors to register.
func (m *Metrics) Collectors() []prometheus.Collector {
	return []prometheus.Collector{m.running, m.searches, m.nodes, m.rejected, m.cacheHits}
}
