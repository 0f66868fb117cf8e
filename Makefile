.PHONY: test race lint docs build bench fuzz

# The whole suite, with a throw-away redis-server when one is installed.
test:
	./scripts/test.sh

# The packages that run goroutines, under the race detector.
race:
	./scripts/test.sh -race

# Every fuzz target as a fuzzer for FUZZTIME each (default 10s); the targets
# are found by `go test -list`.
fuzz:
	./scripts/fuzz.sh

lint:
	test -z "$$(gofmt -l .)" || (gofmt -l .; exit 1)
	go vet ./...
	staticcheck ./...

# Regenerates docs/ from the swag annotations (swag v1.16.6).
docs:
	go run github.com/swaggo/swag/cmd/swag@v1.16.6 init --generalInfo api/doc.go --output docs --outputTypes go,json,yaml --parseInternal

build:
	go build -o gameai .
