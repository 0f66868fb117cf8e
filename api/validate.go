package api

import (
	"fmt"
	"reflect"
	"strings"

	"github.com/go-playground/validator/v10"
)

// requestValidator checks request structs by their validate tags and names
// fields by their JSON names, as clients see them.
type requestValidator struct{ v *validator.Validate }

func newValidator() *requestValidator {
	v := validator.New(validator.WithRequiredStructEnabled())
	v.RegisterTagNameFunc(func(f reflect.StructField) string {
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if name == "-" {
			return ""
		}
		if name == "" {
			return f.Name
		}
		return name
	})
	return &requestValidator{v: v}
}

func (rv *requestValidator) Validate(i any) error { return rv.v.Struct(i) }

// fieldPath drops the struct type names (the request's and those of
// embedded structs, the only capitalised segments) from a validator
// namespace, leaving the JSON path.
func fieldPath(ns string) string {
	parts := strings.Split(ns, ".")
	out := parts[:0]
	for i, p := range parts {
		if i == 0 || (p != "" && p[0] >= 'A' && p[0] <= 'Z') {
			continue
		}
		out = append(out, p)
	}
	return strings.Join(out, ".")
}

func reason(fe validator.FieldError) string {
	switch fe.Tag() {
	case "required":
		return "is required"
	case "min":
		if fe.Kind() == reflect.String || fe.Kind() == reflect.Slice || fe.Kind() == reflect.Map {
			return fmt.Sprintf("must have at least %s elements", fe.Param())
		}
		return "must be at least " + fe.Param()
	case "max":
		if fe.Kind() == reflect.String {
			return fmt.Sprintf("must be at most %s characters long", fe.Param())
		}
		if fe.Kind() == reflect.Slice || fe.Kind() == reflect.Map {
			return fmt.Sprintf("must have at most %s elements", fe.Param())
		}
		return "must be at most " + fe.Param()
	case "oneof":
		return "must be one of " + fe.Param()
	case "printascii":
		return "must be printable ASCII"
	}
	return fmt.Sprintf("fails the %q rule", fe.Tag())
}
