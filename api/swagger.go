package api

import (
	"io/fs"
	"net/http"
	"strings"

	"github.com/labstack/echo/v5"
	swaggerFiles "github.com/swaggo/files/v2"
	"github.com/swaggo/swag"

	"gameai/web"
)

// swaggerUI serves /swagger/*: Swagger UI's files as they are, but for its
// initializer, which is ours (web/static/swagger-initializer.js: it names
// this server's document and keeps the UI free of inline script), and
// doc.json, the OpenAPI document swag generated into docs/. Anything else
// is a 404 problem, as on every other route.
func (s *Server) swaggerUI(c *echo.Context) error {
	name := strings.TrimPrefix(c.Request().URL.Path, "/swagger/")
	switch name {
	case "doc.json":
		doc, err := swag.ReadDoc()
		if err != nil {
			return err
		}
		return c.Blob(http.StatusOK, "application/json; charset=utf-8", []byte(doc))
	case "swagger-initializer.js":
		return c.FileFS("swagger-initializer.js", web.Files)
	}
	if st, err := fs.Stat(swaggerFiles.FS, name); err != nil || st.IsDir() || strings.HasSuffix(name, ".map") {
		return notFound("path", "the API's UI has no file "+name)
	}
	c.Response().Header().Set("Cache-Control", "no-cache")
	return c.FileFS(name, swaggerFiles.FS)
}
