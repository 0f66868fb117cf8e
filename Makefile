.PHONY: test race lint docs build bench

# The whole suite, with a throw-away redis-server when one is installed.
test:
	./scripts/test.sh

# The packages that run goroutines, under the race detector.
race:
	./scripts/test.sh -race

lint:
	test -z "$$(gofmt -l .)" || (gofmt -l .; exit 1)
	go vet ./...
	staticcheck ./...

# Regenerates docs/ from the swag annotations (swag v1.16.6).
docs:
	go run github.com/swaggo/swag/cmd/swag@v1.16.6 init --generalInfo api/doc.go --output docs --outputTypes go,json,yaml --parseInternal

build:
	go build -o gameai .
