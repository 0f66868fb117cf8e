package api

import (
	"io/fs"
	"net/http"
	"strings"

	"github.com/labstack/echo/v5"

	"gameai/web"
)

// webFiles serves the page's files under /web/.
var webFiles = http.StripPrefix("/web/", http.FileServer(http.FS(web.Files)))

// page serves the page at /: a person who opens the server in a browser
// plays and watches from there.
func (s *Server) page(c *echo.Context) error {
	c.Response().Header().Set("Cache-Control", "no-cache")
	return c.FileFS("index.html", web.Files)
}

// webFile serves the page's scripts and styles; no-cache makes a browser
// ask again (a 304 when unchanged), so a new build is never half old.
func (s *Server) webFile(c *echo.Context) error {
	name := strings.TrimPrefix(c.Request().URL.Path, "/web/")
	if st, err := fs.Stat(web.Files, name); err != nil || st.IsDir() {
		return notFound("path", "the page has no file "+name)
	}
	c.Response().Header().Set("Cache-Control", "no-cache")
	webFiles.ServeHTTP(c.Response(), c.Request())
	return nil
}
