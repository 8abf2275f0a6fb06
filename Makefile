# Tennis Ladder — the two commands that matter: `make run` and `make test`.
SHELL := /bin/bash
VERSION ?= $(shell git describe --tags --always --dirty 2>/dev/null || echo dev)
LDFLAGS := -s -w -X main.version=$(VERSION)
BIN := bin/ladder
export LADDER_DATA_DIR ?= ./data

.PHONY: run build web web-deps binary test test-go test-web test-e2e api lint load bench upload-load ws-load clean

## run: install what is missing, build everything, seed demo data into an empty database, serve on :8080
run: build
	./$(BIN) seed --demo
	LADDER_DEV=1 ./$(BIN) serve

## build: the web app, then the binary that embeds it
build: web binary

web-deps: web/node_modules/.package-lock.json
web/node_modules/.package-lock.json: web/package.json web/package-lock.json
	# npm install (not ci): the registry here lacks some platform-only optional packages of
	# tailwind's oxide, which makes `npm ci` refuse an otherwise complete lock file.
	cd web && npm install --no-audit --no-fund
	@touch $@

web: web-deps
	cd web && npm run build

binary:
	CGO_ENABLED=0 go build -trimpath -ldflags "$(LDFLAGS)" -o $(BIN) ./cmd/ladder

## test: Go (race, SQLite and PostgreSQL), web unit tests, browser end-to-end tests (both databases)
test: test-go test-web test-e2e

test-go:
	scripts/test-go.sh

test-web: web-deps
	cd web && npm run typecheck && npm run test:unit

test-e2e: build
	scripts/test-e2e.sh

## api: regenerate web/openapi.json and the TypeScript types after changing the API
api: web-deps
	go run ./cmd/ladder openapi > web/openapi.json
	cd web && npm run gen:api

## load: measure read endpoints against a bare hello handler on loopback (DESIGN budget 0.35×)
load:
	scripts/ensure-wrk.sh
	go run ./scripts/loadtest -duration 5s -conns 16

## bench: every read budget of issue 16 beside its figure (ratios to a bare hello handler in the same run, medians of 3 rounds, p99 at half the saturating rate as the median of 3 measurements, each mode's p99 in a run of its own), then the in-process read benchmarks, the cost growth from 10k to 100k players (internal/httpapi/growth_bench_test.go, budget ≤ 1.5×), then the validated-result write beside its budget (scripts/bench-write.sh); with LADDER_TEST_POSTGRES_URL also every read in PostgreSQL mode ÷ SQLite mode (budget 0.5×), the write in PostgreSQL mode, and two instances on one PostgreSQL ÷ one (scripts/scaleload, budget 1.7×); after `make build` the asset is the real largest script, before it a synthetic one; docs/PERFORMANCE.md says how to read them
bench:
	scripts/ensure-wrk.sh
	go run ./scripts/loadtest -duration 2s -rounds 3 -p99-duration 3s
	@if [ -n "$${LADDER_TEST_POSTGRES_URL:-}" ]; then \
		go run ./scripts/loadtest -duration 2s -rounds 3 -p99=false -compare "$$LADDER_TEST_POSTGRES_URL" && \
		go run ./scripts/loadtest -duration 2s -rounds 3 -p99-duration 3s -postgres "$$LADDER_TEST_POSTGRES_URL"; \
	else \
		echo "SKIPPED: PostgreSQL mode ÷ SQLite mode and PostgreSQL mode's p99 (set LADDER_TEST_POSTGRES_URL)"; \
	fi
	go test ./internal/httpapi -run '^$$' -bench 'Hello$$|Reads' -benchtime 2000x
	go test ./internal/httpapi -run '^$$' -bench Growth -timeout 60m
	scripts/bench-write.sh
	@if [ -n "$${LADDER_TEST_POSTGRES_URL:-}" ]; then \
		go run ./scripts/scaleload -quota 0.25,0.5 -rounds 3; \
	else \
		echo "SKIPPED: two instances on one PostgreSQL (set LADDER_TEST_POSTGRES_URL)"; \
	fi

## upload-load: 8 concurrent hostile and ordinary uploads against a started server: peak RSS above idle (budget 256 MB), refusal latency (1 s), temp files left (0)
upload-load:
	go run ./scripts/uploadload -rounds 3

## ws-load: 10,000 idle WebSockets on one instance: RSS growth per socket (budget 20 KB); with LADDER_TEST_POSTGRES_URL also three instances on one PostgreSQL: 1,000 sockets on C, a publish through A, p99 delivery (budget 100 ms)
ws-load:
	go run ./scripts/wsload -n 10000 -clients 1000 -rounds 20

lint:
	@test -z "$$(gofmt -l cmd internal web/embed.go)" || (gofmt -l cmd internal; echo "gofmt needed"; exit 1)
	go vet ./...

clean:
	rm -rf bin web/dist/assets web/dist/index.html
