package api

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"

	"github.com/labstack/echo/v5"
)

// decode reads a JSON body strictly (unknown fields are errors, so typos in
// field names are reported instead of silently ignored) and validates it.
func decode(c *echo.Context, v any) error {
	req := c.Request()
	if ct := req.Header.Get(echo.HeaderContentType); ct != "" && !strings.HasPrefix(ct, echo.MIMEApplicationJSON) {
		return problem(http.StatusUnsupportedMediaType, "unsupported-media-type", "Unsupported media type",
			"send the body as application/json", FieldError{Field: "Content-Type", Reason: "must be application/json"})
	}
	dec := json.NewDecoder(req.Body)
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil && !errors.Is(err, io.EOF) {
		return jsonProblem(err)
	}
	if dec.More() {
		return badField("body", "has data after the JSON value")
	}
	if err := c.Validate(v); err != nil {
		return validationProblem(err)
	}
	return nil
}

func jsonProblem(err error) *Problem {
	var (
		se *json.SyntaxError
		te *json.UnmarshalTypeError
		sc echo.HTTPStatusCoder
	)
	switch {
	case errors.As(err, &sc) && sc.StatusCode() == http.StatusRequestEntityTooLarge:
		return problem(http.StatusRequestEntityTooLarge, "body-too-large", "Body too large",
			"the body exceeds the server's limit", FieldError{Field: "body", Reason: "too large"})
	case errors.As(err, &se):
		off := int(se.Offset)
		return problem(http.StatusBadRequest, "invalid-json", "Invalid JSON", se.Error(),
			FieldError{Field: "body", Reason: se.Error(), Offset: &off})
	case errors.As(err, &te):
		field := te.Field
		if field == "" {
			field = "body"
		}
		return badField(field, fmt.Sprintf("must be %s, not %s", te.Type, te.Value))
	case strings.HasPrefix(err.Error(), "json: unknown field "):
		name := strings.Trim(strings.TrimPrefix(err.Error(), "json: unknown field "), `"`)
		return badField(name, "is not a field of this request")
	case errors.Is(err, io.ErrUnexpectedEOF):
		return badField("body", "the JSON ends too early")
	}
	return badField("body", err.Error())
}
