"""The targets a repository's files define for each command a memory bullet may name: make's
rules, just's recipes, package.json's scripts, tox's environments, nox's sessions, cargo
xtask's subcommands. Pure: file texts in, target names out; None when a file could define any
name (a make pattern rule, a target built from a variable), so nothing is evidence.
"""
from __future__ import annotations

import json
import re
from collections.abc import Iterable

# The files that define each tool's targets, by name (anywhere in the tree) or by folder.
# Must catch: 'Makefile', 'tools/build.mk', 'web/package.json', 'tox.ini', 'xtask/src/main.rs';
# must not: 'docs/makefile.md', 'package-lock.json'.
DEFINING_RE = {
    'make': re.compile(r'(?:^|/)(?:GNUmakefile|[Mm]akefile|[^/]+\.mk)$'),
    'just': re.compile(r'(?:^|/)(?:\.?[Jj]ustfile|[^/]+\.just)$'),
    'npm': re.compile(r'(?:^|/)package\.json$'),
    'tox': re.compile(r'(?:^|/)(?:tox\.ini|tox\.toml|pyproject\.toml|setup\.cfg)$'),
    'nox': re.compile(r'(?:^|/)noxfile\.py$'),
    'xtask': re.compile(r'(?:^|/)xtask/.+\.rs$|(?:^|/)\.cargo/config(?:\.toml)?$'),
}
# A make rule's targets: names before ':' (not ':=' or '::='); a '%' or '$(' in them means any.
MAKE_RULE_RE = re.compile(r'^([^\s#:=][^:=#]*?)[ \t]*::?(?![=:])', re.M)
JUST_RECIPE_RE = re.compile(r'^(?:@|\[[^\]\n]*\]\s*)*@?([A-Za-z_][\w-]*)[^:=\n]*:(?!=)', re.M)
JUST_ALIAS_RE = re.compile(r'^alias\s+([A-Za-z_][\w-]*)\s*:=', re.M)
# tox's generated environments need no section: py, py3, py311, pypy3 ...
TOX_BUILTIN_RE = re.compile(r'^(?:py|pypy)\d*$')
# A file that configures tox (pyproject.toml and setup.cfg may not).
TOX_CONFIG_RE = re.compile(r'\[(?:tox|testenv|tool\.tox|env)|env_?list|legacy_tox_ini')
WORD_RE = re.compile(r'[A-Za-z0-9][\w.-]*')


# What each tool's defining files end with: a test cheaper than the pattern, for every tracked file.
ENDINGS = {'make': ('akefile', '.mk'), 'just': ('ustfile', '.just'), 'npm': ('package.json',),
           'tox': ('tox.ini', 'tox.toml', 'pyproject.toml', 'setup.cfg'), 'nox': ('noxfile.py',),
           'xtask': ('.rs', '/config', '/config.toml')}


def is_defining(tool: str, path: str) -> bool:
    return path.endswith(ENDINGS[tool]) and bool(DEFINING_RE[tool].search(path))


def defined(tool: str, texts: Iterable[str]) -> frozenset[str] | None:
    """The names the files' texts define for `tool`; None when any name may be defined, or
    when no file defines the tool's targets (a bullet may name another repository's)."""
    names: set[str] = set()
    texts = [t for t in texts if tool != 'tox' or TOX_CONFIG_RE.search(t)]
    if not texts:
        return None
    for text in texts:
        found = READERS[tool](text)
        if found is None:
            return None
        names |= found
    return frozenset(names)


def make_targets(text: str) -> set[str] | None:
    names: set[str] = set()
    for match in MAKE_RULE_RE.finditer(text.replace('\\\n', ' ')):
        if '%' in match[1] or '$' in match[1]:
            return None
        names.update(match[1].split())
    return names


def just_recipes(text: str) -> set[str] | None:
    found = JUST_RECIPE_RE.findall(text) + JUST_ALIAS_RE.findall(text)
    return {name for name in found if name not in ('set', 'alias', 'export', 'import', 'mod')}


def npm_scripts(text: str) -> set[str] | None:
    try:
        scripts = json.loads(text).get('scripts')
    except (ValueError, AttributeError):
        return None  # a package.json that cannot be read proves nothing
    return set(scripts) if isinstance(scripts, dict) else set()


def words(text: str) -> set[str] | None:
    """Every word of the file: tox's env_list factors and nox's sessions (a function name or a
    name= given) are words of it, so a name that is no word is defined nowhere."""
    found = set(WORD_RE.findall(text))
    for word in list(found):
        found.update(re.split(r'[-.]', word))  # py311-django: each factor too
    return found


READERS = {'make': make_targets, 'just': just_recipes, 'npm': npm_scripts, 'tox': words,
           'nox': words, 'xtask': words}


def is_defined(tool: str, target: str, names: frozenset[str]) -> bool:
    """Whether the target is among the names (tox: its factors too; xtask: any case)."""
    if tool == 'tox':
        return all(TOX_BUILTIN_RE.match(f) or f in names for f in target.split('-'))
    if tool == 'xtask':
        folded = {n.casefold() for n in names}
        return target.casefold() in folded or target.replace('-', '').casefold() in folded
    if tool == 'nox':
        return target in names or target.split('-')[0] in names or target.replace('-', '_') in names
    return target in names
