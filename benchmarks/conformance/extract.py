"""Extract gitleaks' hand-written rule examples from its generator sources.

gitleaks (MIT, see GITLEAKS_LICENSE) keeps, for each rule in
cmd/generate/config/rules/*.go, a list of true examples (tps) its rule must
find and false examples (fps) it must not. The literal ones are read here (an
element built only of Go string literals joined by +); generated ones
(utils.GenerateSampleSecret(...), secrets.NewSecret(...)) are random and left
out. Run: python -m benchmarks.conformance.extract GITLEAKS_CHECKOUT > examples.jsonl
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

TOKEN_RE = re.compile(
    r'`[^`]*`|"(?:[^"\\\n]|\\.)*"|//[^\n]*|/\*.*?\*/|\.\.\.|[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*|\s+|.',
    re.S,
)
FUNC_RE = re.compile(r"^func (\w+)\(", re.M)
RULE_ID_RE = re.compile(r'RuleID:\s*"([^"]+)"')
START_RE = re.compile(r"\b(tps|fps)\s*(?::=|=)\s*(\[\]string\{|map\[string\]string\{|append\(\1,)")
OPENERS = ("[]string{", "map[string]string{", "append(")
CLOSE = {"{": "}", "(": ")", "[": "]"}


def go_string(token: str) -> str:
    """The value of one Go string literal (raw or interpreted)."""
    if token.startswith("`"):
        return token[1:-1].replace("\r", "")
    return _unquote(token)


def _unquote(token: str) -> str:
    body = token[1:-1]
    body = re.sub(r"\\x([0-9a-fA-F]{2})", lambda m: "\\u00" + m.group(1), body)
    return str(json.loads('"' + body.replace("\\'", "'") + '"'))


def elements(tokens: list[str], start: int, closer: str) -> tuple[list[list[str]], int]:
    """Split the tokens after an opener into top-level elements up to its closer."""
    out: list[list[str]] = [[]]
    depth, i = 0, start
    while i < len(tokens):
        tok = tokens[i]
        if tok in CLOSE:
            depth += 1
        elif tok in CLOSE.values():
            if depth == 0 and tok == closer:
                return [e for e in out if e], i
            depth -= 1
        elif tok == "," and depth == 0:
            out.append([])
            i += 1
            continue
        out[-1].append(tok)
        i += 1
    return [e for e in out if e], i


def literal(element: list[str]) -> str | None:
    """The text of an element made only of string literals joined by +, else None."""
    parts = [t for t in element if t != "+"]
    if not parts or not all(t[0] in "`\"" for t in parts):
        return None
    return "".join(go_string(t) for t in parts)


def values(element: list[str], lists: dict[str, list[str]]) -> list[str]:
    """The literal texts of one element: a literal, or a named list spread with ..."""
    if len(element) in (1, 2) and element[0] in lists and element[1:] in ([], ["..."]):
        return lists[element[0]]
    text = literal(element)
    return [] if text is None else [text]


def file_lists(source: str) -> dict[str, list[str]]:
    """Package-level `var name = []string{...}` lists of literals, by name."""
    lists: dict[str, list[str]] = {}
    for m in re.finditer(r"^var (\w+) = \[\]string\{", source, re.M):
        tokens = tokenize(source[m.end():])
        elems, _ = elements(tokens, 0, "}")
        lists[m.group(1)] = [v for e in elems if (v := literal(e)) is not None]
    return lists


def tokenize(text: str) -> list[str]:
    """Go tokens, roughly: literals, names, '...', single characters; no space or comments."""
    return [t for t in TOKEN_RE.findall(text) if not t.isspace() and not t.startswith(("//", "/*"))]


def examples_of(body: str, lists: dict[str, list[str]]) -> list[tuple[str, str]]:
    """(kind, text) for each literal example in one function's body."""
    tokens = tokenize(body)
    found: list[tuple[str, str]] = []
    i = 0
    while i + 3 < len(tokens):
        kind, op = tokens[i], tokens[i + 1]
        if kind not in ("tps", "fps") or op not in (":", "="):
            i += 1
            continue
        j = i + (3 if op == ":" else 2)
        head = "".join(tokens[j:j + 6])
        opener = next((o for o in OPENERS if head.startswith(o)), None)
        if opener is None:
            i += 1
            continue
        width = {"[]string{": 5, "map[string]string{": 6, "append(": 2}[opener]
        elems, end = elements(tokens, j + width, ")" if opener == "append(" else "}")
        for e in elems:
            if opener.startswith("map"):
                e = e[e.index(":") + 1:] if ":" in e else []
            found += [(kind, v) for v in values(e, lists)]
        i = end
    return found


def extract(checkout: Path) -> list[dict[str, str]]:
    """Every literal example of every rule, in file and function order."""
    rows: list[dict[str, str]] = []
    for path in sorted((checkout / "cmd/generate/config/rules").glob("*.go")):
        source = path.read_text(encoding="utf-8")
        lists = file_lists(source)
        starts = [m.start() for m in FUNC_RE.finditer(source)] + [len(source)]
        for a, b in zip(starts, starts[1:]):
            body = source[a:b]
            rule = RULE_ID_RE.search(body)
            for kind, value in examples_of(body, lists):
                rows.append({"rule": rule.group(1) if rule else path.stem,
                             "kind": "true" if kind == "tps" else "false", "text": value})
    return rows


def corpus(rows: list[dict[str, str]]) -> list[dict[str, str]]:
    """The examples with text; a false example that another rule keeps as true is left out
    (cloudflare's keys are false for each other's rules, true for their own)."""
    true = {r["text"] for r in rows if r["kind"] == "true"}
    return [r for r in rows
            if r["text"].strip() and not (r["kind"] == "false" and r["text"] in true)]


def main(argv: list[str]) -> int:
    for row in corpus(extract(Path(argv[0]))):
        print(json.dumps(row, ensure_ascii=False))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
