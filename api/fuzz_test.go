package api

import (
	"mime"
	"strings"
	"testing"

	"gameai/store"
)

// The header and query parsers the hardening added never panic, and what
// they accept has the shape they promise: a media type that is JSON, a
// request id fit for a log line, a job cursor of JobCursor's form.
func FuzzRequestParsers(f *testing.F) {
	for _, s := range []string{"application/json", "application/json; charset=utf-8", "Application/JSON", "text/plain",
		"application/jsonx", "", "trace-42.a_b:c", "0000001700000:ABC", "garbage", "a;b=\"", strings.Repeat("x", 70)} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if checkJSONMediaType(s) == nil {
			mt, _, err := mime.ParseMediaType(s)
			if err != nil || mt != "application/json" {
				t.Errorf("%q accepted as JSON", s)
			}
		}
		if plainRequestID(s) {
			if len(s) == 0 || len(s) > maxRequestIDLen || strings.ContainsAny(s, " \t\r\n\"\\/") {
				t.Errorf("%q accepted as a request id", s)
			}
		}
		if store.ValidJobCursor(s) {
			ms, id, ok := strings.Cut(s, ":")
			if !ok || len(ms) != 13 || id == "" || strings.ContainsAny(id, ":/. ") {
				t.Errorf("%q accepted as a job cursor", s)
			}
		}
	})
}
