#!/usr/bin/env bash
# Behaviour fingerprint: one md5 over `memory-gate build --json --stats --threshold 0` on every
# real session (../shared/transcripts/real), every voices session, tests/transcripts, and the
# development sets scored by quality.py --all. Equal md5 before and after = byte-identical behaviour.
#   bash benchmarks/fingerprint.sh          (prints the md5; FINGERPRINT_KEEP=DIR keeps the outputs)
set -uo pipefail
cd "$(dirname "$0")/.."
shared=../shared/transcripts
out=${FINGERPRINT_KEEP:-$(mktemp -d)}
mkdir -p "$out"
run() {  # one file's output, stdout and stderr, with the exit code
    python -m memory_gate build --json --stats --threshold 0 "$1" >"$out/o" 2>"$out/e"
    echo "== $1 exit $?"; cat "$out/o" "$out/e"
}
{
    for f in $(find "$shared/real" "$shared/voices" tests/transcripts -type f \
        \( -name '*.jsonl' -o -name '*.json' \) -not -path '*/labels/*' -not -name '*labels*' \
        -not -name 'traps.jsonl' 2>/dev/null | LC_ALL=C sort); do
        run "$f"
    done
    python benchmarks/quality.py --all
} >"$out/all.txt" 2>&1
md5sum <"$out/all.txt" | cut -d' ' -f1
