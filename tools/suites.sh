#!/usr/bin/env bash
# Runs suites one after another, each whatever the ones before it gave,
# then prints the end of what each failing one printed and one line per
# suite (pass or FAIL, and the time it took, for information); the status
# is 1 when one failed. A suite's output (stdout and stderr, merged) is
# printed as it runs; a quiet one's is kept, and printed whole if it fails.
#
# Run, each argument is a make target with its VAR=value words (make test):
#
#   tools/suites.sh [--label LABEL] 'fuzz FUZZTIME=30s' vet ...
#
# Sourced (.ci/run), each suite is a command, then the summary:
#
#   . tools/suites.sh
#   suite NAME [--quiet] COMMAND [ARG...]
#   suites_summary LABEL
#
# Sourcing it sets an EXIT trap that removes the suites' logs.

suites_logs=$(mktemp -d "${TMPDIR:-/tmp}/suites.XXXXXX")
trap 'rm -rf "$suites_logs"' EXIT
trap 'echo "suites: interrupted" >&2; exit 130' INT TERM
suites_names=()
suites_codes=()
suites_times=()
suites_quiet=()

# suite runs one suite: NAME, then --quiet (its output shown only if it
# fails), then the command. It returns 0 whatever the command gives, so a
# script under set -e goes on to the next one.
suite() {
	local name=$1 quiet=0 n=${#suites_names[@]} start rc
	local -
	set -o pipefail
	shift
	if [ "${1-}" = --quiet ]; then
		quiet=1
		shift
	fi
	echo "── $name"
	start=$(date +%s%N)
	if [ $quiet = 1 ]; then
		if "$@" >"$suites_logs/$n" 2>&1; then rc=0; else rc=$?; fi
	else
		if "$@" 2>&1 | tee "$suites_logs/$n"; then rc=0; else rc=$?; fi
	fi
	suites_names+=("$name")
	suites_codes+=("$rc")
	suites_times+=($((($(date +%s%N) - start) / 1000000)))
	suites_quiet+=("$quiet")
	if [ "$rc" != 0 ]; then echo "── $name: FAIL (exit $rc)"; fi
	return 0
}

# suites_summary prints what each failing suite printed last (all of it
# for a quiet one), then one line per suite; it returns 1 if one failed.
suites_summary() {
	local label=$1 i width=0 failed=() ms
	for i in "${!suites_names[@]}"; do
		[ ${#suites_names[i]} -gt $width ] && width=${#suites_names[i]}
		[ "${suites_codes[i]}" = 0 ] && continue
		failed+=("${suites_names[i]}")
		echo
		if [ "${suites_quiet[i]}" = 1 ]; then
			echo "── ${suites_names[i]} failed (exit ${suites_codes[i]}); what it printed:"
			cat "$suites_logs/$i"
		elif [ "$(wc -l <"$suites_logs/$i")" -le 40 ]; then
			echo "── ${suites_names[i]} failed (exit ${suites_codes[i]}); what it printed (as above):"
			cat "$suites_logs/$i"
		else
			echo "── ${suites_names[i]} failed (exit ${suites_codes[i]}); the last 40 of the $(wc -l <"$suites_logs/$i") lines it printed (all of them are above):"
			tail -n 40 "$suites_logs/$i"
		fi
	done
	echo
	echo "── $label: ${#suites_names[@]} suites"
	for i in "${!suites_names[@]}"; do
		ms=${suites_times[i]}
		if [ "${suites_codes[i]}" = 0 ]; then
			printf '   pass  %-*s %6d.%d s\n' "$width" "${suites_names[i]}" $((ms / 1000)) $((ms % 1000 / 100))
		else
			printf '   FAIL  %-*s %6d.%d s  (exit %s)\n' "$width" "${suites_names[i]}" $((ms / 1000)) $((ms % 1000 / 100)) "${suites_codes[i]}"
		fi
	done
	if [ ${#failed[@]} = 0 ]; then
		echo "$label: every suite passed"
		return 0
	fi
	echo "$label: ${#failed[@]} of ${#suites_names[@]} suites failed: ${failed[*]}"
	return 1
}

if [ "${BASH_SOURCE[0]}" = "$0" ]; then
	set -uo pipefail
	label=suites
	if [ "${1-}" = --label ]; then
		label=$2
		shift 2
	fi
	for target in "$@"; do
		read -ra words <<<"$target"
		suite "$target" "${MAKE:-make}" --no-print-directory "${words[@]}"
	done
	suites_summary "$label"
fi
