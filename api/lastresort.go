package api

import (
	"encoding/json"
	"net/http"
)

// trackingWriter notes whether the response has begun, so that the last
// resort never writes a second status line.
type trackingWriter struct {
	http.ResponseWriter
	wrote bool
}

func (w *trackingWriter) WriteHeader(code int) {
	w.wrote = true
	w.ResponseWriter.WriteHeader(code)
}

func (w *trackingWriter) Write(b []byte) (int, error) {
	w.wrote = true
	return w.ResponseWriter.Write(b)
}

// Flush keeps streaming responses streaming through the wrapper.
func (w *trackingWriter) Flush() {
	w.wrote = true
	if f, ok := w.ResponseWriter.(http.Flusher); ok {
		f.Flush()
	}
}

// Unwrap lets http.ResponseController reach the connection's writer.
func (w *trackingWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// writeLastResort answers with a bare 500 problem: it uses nothing of the
// server's (no echo context, no logger) that could be what panicked.
func writeLastResort(w http.ResponseWriter, r *http.Request) {
	b, _ := json.Marshal(Problem{Type: problemType("internal"), Title: "Internal server error",
		Status: http.StatusInternalServerError, Instance: r.URL.Path})
	w.Header().Set("Content-Type", "application/problem+json")
	w.WriteHeader(http.StatusInternalServerError)
	_, _ = w.Write(b)
}
