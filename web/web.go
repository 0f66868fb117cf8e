// Package web is the page served at /: plain ES modules, SVG and CSS,
// embedded in the binary, so it works offline with nothing to install or
// build. It talks to the server only through the public API (/v1/...), as
// any client would, and follows long work by Server-Sent Events.
package web

import (
	"embed"
	"io/fs"
)

//go:embed static
var files embed.FS

// Files are the page's files: index.html at the root, the rest beside it.
var Files, _ = fs.Sub(files, "static")
