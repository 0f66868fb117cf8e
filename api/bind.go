package api

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"reflect"
	"strings"

	"github.com/labstack/echo/v5"
)

// decode reads a JSON body strictly (unknown fields are errors, so typos in
// field names are reported instead of silently ignored) and validates it.
func decode(c *echo.Context, v any) error {
	// The media type was checked by jsonBody, before any handler ran.
	dec := json.NewDecoder(c.Request().Body)
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
		// errorHandler words every 413 alike, with the server's limit.
		return problem(http.StatusRequestEntityTooLarge, "body-too-large", "Body too large", "")
	case errors.As(err, &se):
		off := int(se.Offset)
		return problem(http.StatusBadRequest, "invalid-json", "Invalid JSON", se.Error(),
			FieldError{Field: "body", Reason: se.Error(), Offset: &off})
	case errors.As(err, &te):
		field := te.Field
		if field == "" {
			field = "body"
		}
		return badField(field, fmt.Sprintf("must be %s, not %s", jsonType(te.Type), te.Value))
	case strings.HasPrefix(err.Error(), "json: unknown field "):
		name := strings.Trim(strings.TrimPrefix(err.Error(), "json: unknown field "), `"`)
		return badField(name, "is not a field of this request")
	case errors.Is(err, io.ErrUnexpectedEOF):
		return badField("body", "the JSON ends too early")
	}
	return badField("body", err.Error())
}

// jsonType names a Go type as a JSON document's author knows it, so a
// problem never shows the server's type names (api.MoveRequest, int64).
func jsonType(t reflect.Type) string {
	if t == nil {
		return "another type"
	}
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	switch t.Kind() {
	case reflect.Struct, reflect.Map:
		return "an object"
	case reflect.Slice, reflect.Array:
		return "an array"
	case reflect.String:
		return "a string"
	case reflect.Bool:
		return "true or false"
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return "an integer"
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return "a non-negative integer"
	case reflect.Float32, reflect.Float64:
		return "a number"
	}
	return "another type"
}
