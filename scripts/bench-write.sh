#!/usr/bin/env bash
# The validated-result write of issue 16 beside its budget: BenchmarkValidateResult (24 players,
# SQLite; budget >= 1,500 validations a second), the same write sent by 16 clients at once over
# eight ladders (BenchmarkValidateResultConcurrent: a server's rate on 2 cores, wall clock), the
# same write on ladders of 60, 600 and 6,000 players in use (budget: about the cost at 60), and,
# with LADDER_TEST_POSTGRES_URL set, PostgreSQL mode, one client and 16 (budget >= 0.5x SQLite). Prints wall-clock and CPU figures: on a shared machine the wall
# clock follows the neighbours' load, the CPU time per validation holds (docs/PERFORMANCE.md).
set -euo pipefail
cd "$(dirname "$0")/.."
n=${BENCH_WRITE_N:-1500}
out=$(mktemp)
trap 'rm -f "$out"' EXIT
pattern='ValidateResult$|ValidateResultConcurrent$|ValidateResultLadder'
[ -n "${LADDER_TEST_POSTGRES_URL:-}" ] && pattern="$pattern|ValidateResultPostgres|ValidateResultConcurrentPostgres"
go test ./internal/service -run '^$' -bench "$pattern" -benchtime "${n}x" | tee "$out"
awk '
/^BenchmarkValidateResult/ {
	name = $1; sub(/-[0-9]+$/, "", name); wall = 0; cpu = 0
	trips = ""
	for (i = 2; i < NF; i++) { if ($(i+1) == "ns/op") wall = $i; if ($(i+1) == "cpu-ns/op") cpu = $i; if ($(i+1) == "round-trips/op") trips = $i }
	w[name] = wall; c[name] = cpu; t[name] = trips; order[++k] = name
}
END {
	base = "BenchmarkValidateResult"; ref = "BenchmarkValidateResultLadder/players=60"
	conc = "BenchmarkValidateResultConcurrent"
	print ""
	print "validated-result write (issue 16)                    wall/s   CPU/s   budget"
	for (j = 1; j <= k; j++) {
		name = order[j]; budget = ""
		if (name == base) budget = (1e9 / c[name] >= 1500 ? ">= 1,500/s: met (CPU)" : ">= 1,500/s: GAP (CPU)")
		if (name ~ /players=/ && name != ref && (ref in c)) budget = sprintf("~ cost at 60: %.2fx its CPU", c[name] / c[ref])
		if (name == conc) budget = (1e9 / w[name] >= 1500 ? ">= 1,500/s: met (wall, 16 clients)" : ">= 1,500/s: GAP (wall, 16 clients)")
		if (name == base "Postgres" && (base in w)) budget = sprintf(">= 0.5x SQLite: %.2fx (wall; %s round trips)", w[base] / w[name], t[name])
		if (name == conc "Postgres" && (conc in w)) budget = sprintf(">= 0.5x SQLite: %.2fx (wall, 16 clients; %s round trips)", w[conc] / w[name], t[name])
		printf "%-52s %6.0f  %6.0f   %s\n", substr(name, 10), 1e9 / w[name], (c[name] > 0 ? 1e9 / c[name] : 0), budget
	}
}' "$out"
