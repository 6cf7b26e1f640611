"""The house: one package per part of the product, each importing only the parts below it.

ALLOWED is the decision, written down: a new import across parts is a line here, reviewed like
code. Imports inside functions count (most imports here are lazy), and so do imports under
TYPE_CHECKING. CONTRIBUTING.md draws the same map in words.
"""
from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / 'memory_gate'

# Bottom to top. 'edge' is the top-level modules (cli, usage, options, config, report,
# hook_report, terminal, color) and commands/: the edge imports the parts, nothing imports it.
PARTS = ('base', 'text', 'formats', 'secrets', 'reading', 'review', 'agents', 'edge')
EDGE_MODULES = {'__main__', 'cli', 'usage', 'options', 'config', 'report', 'hook_report',
                'terminal', 'color'}
ALLOWED = {
    'base': set(),
    'text': {'base'},
    'formats': {'base'},
    'secrets': {'base', 'text', 'formats'},  # scan hands the parser (formats.parse) its lines
    'reading': {'base', 'text', 'formats', 'secrets'},
    'review': {'base', 'text', 'formats', 'secrets', 'reading'},
    'agents': {'base', 'text', 'formats', 'secrets', 'reading'},
    'edge': {'base', 'text', 'formats', 'secrets', 'reading', 'review', 'agents'},
}
# A room inside a part with a narrower allowance: the rules are data.
INNER = {'reading.rules': {'base', 'reading.rules'}}


def part_of(module: str) -> str:
    """The part of a dotted module name under memory_gate ('' for the package itself)."""
    first = module.split('.')[0]
    if first in PARTS:
        return first
    return 'edge' if first in EDGE_MODULES or first == 'commands' else ''


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE).with_suffix('').parts
    return '.'.join(parts[:-1] if parts[-1] == '__init__' else parts)


def imports(source: str, module: str, is_package: bool = False) -> set[str]:
    """Every memory_gate module a source imports, anywhere in it, as names under memory_gate."""
    found = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found |= {a.name for a in node.names if a.name.startswith('memory_gate')}
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = module.split('.') if is_package else module.split('.')[:-1]
                base = base[:len(base) - node.level + 1]
                name = '.'.join(['memory_gate', *base] + ([node.module] if node.module else []))
            else:
                name = node.module or ''
            if name == 'memory_gate' or name.startswith('memory_gate.'):
                found |= {f'{name}.{a.name}' if is_module(f'{name}.{a.name}') else name
                          for a in node.names}
    return {n[len('memory_gate.'):] for n in found if n != 'memory_gate'}


def is_module(dotted: str) -> bool:
    """Whether a dotted name is a module of the package (from memory_gate.reading import
    evidence imports the module reading.evidence, not a name of reading)."""
    path = PACKAGE.parent.joinpath(*dotted.split('.'))
    return path.with_suffix('.py').is_file() or (path / '__init__.py').is_file()


def violations(source: str, module: str, is_package: bool = False) -> list[str]:
    """The imports of `module` that ALLOWED (and INNER) do not allow, as 'part -> part: name'."""
    mine, bad = part_of(module), []
    inner = next((room for room in INNER if module == room or module.startswith(room + '.')), '')
    for name in sorted(imports(source, module, is_package)):
        theirs = part_of(name)
        if inner and not any(name == r or name.startswith(r + '.') for r in INNER[inner]):
            bad.append(f'{inner} -> {name}')
        elif theirs != mine and theirs not in ALLOWED[mine]:
            bad.append(f'{mine} -> {theirs}: {name}')
    return bad


MODULES = sorted(PACKAGE.rglob('*.py'))


@pytest.mark.parametrize('path', MODULES, ids=lambda p: str(p.relative_to(PACKAGE)))
def test_a_part_imports_only_the_parts_below_it(path: Path) -> None:
    module = module_name(path)
    assert part_of(module) or module == '', f'{module}: in no part (PARTS, EDGE_MODULES)'
    if module:
        source = path.read_text(encoding='utf-8')
        assert violations(source, module, path.name == '__init__.py') == []


@pytest.mark.parametrize(('module', 'source', 'expected'), [
    ('base.files', 'from memory_gate.review import chain', ['base -> review: review.chain']),
    ('text.sentences', 'def f():\n    from memory_gate.secrets.credentials import redact\n',
     ['text -> secrets: secrets.credentials']),
    ('reading.pipeline', 'from memory_gate import report', ['reading -> edge: report']),
    ('review.chain', 'from memory_gate.report import err', ['review -> edge: report']),
    ('agents.copies', 'from memory_gate.review.diff import render',
     ['agents -> review: review.diff']),
    ('reading.rules.cues', 'from memory_gate.reading import evidence',
     ['reading.rules -> reading.evidence']),
    ('secrets.scan', 'from . import spans\nfrom ..formats import parse', []),
    ('secrets.scan', 'from ..reading import pipeline', ['secrets -> reading: reading.pipeline']),
    ('cli', 'from memory_gate.agents import copies', []),
])
def test_an_import_of_a_part_above_is_refused(module: str, source: str,
                                              expected: list[str]) -> None:
    assert violations(source, module) == expected


def test_no_import_circle() -> None:
    graph = {}
    for path in MODULES:
        module = module_name(path)
        graph[module] = imports(path.read_text(encoding='utf-8'), module,
                                path.name == '__init__.py')

    def reach(start: str, seen: set[str]) -> set[str]:
        for dep in graph.get(start, set()) - seen:
            seen.add(dep)
            reach(dep, seen)
        return seen

    assert [m for m in graph if m in reach(m, set())] == []


def test_the_top_level_is_the_edge_and_nothing_else() -> None:
    """No module left at an old flat path: the top level holds the edge and the parts."""
    top = {p.stem for p in PACKAGE.glob('*.py')} - {'__init__'}
    assert top == EDGE_MODULES
    folders = {p.name for p in PACKAGE.iterdir() if (p / '__init__.py').is_file()}
    assert folders == {*PARTS, 'commands'} - {'edge'}


@pytest.mark.parametrize('part', [p for p in PARTS if p != 'edge'])
def test_each_part_says_what_it_may_import(part: str) -> None:
    """Its __init__ docstring says what it does, what it takes and gives, and a 'May import:' line
    naming exactly the parts ALLOWED gives it."""
    doc = ast.get_docstring(ast.parse((PACKAGE / part / '__init__.py').read_text()))
    assert doc and len(doc.split('\n')) >= 3
    said = re.search(r'May import: ([^.]*)\.', doc.replace('\n', ' '))
    assert said, f'{part}: no "May import:" line'
    named = {w for w in re.findall(r'[a-z]+', said.group(1)) if w in PARTS}
    assert named == ALLOWED[part]


CODE_LINES = 300


@pytest.mark.parametrize('path', MODULES, ids=lambda p: str(p.relative_to(PACKAGE)))
def test_no_module_past_300_lines_of_code(path: Path) -> None:
    lines = path.read_text(encoding='utf-8').split('\n')
    code = [s for s in (line.strip() for line in lines) if s and not s.startswith('#')]
    assert len(code) <= CODE_LINES


def test_tests_mirror_the_parts() -> None:
    """A test folder is a part's (or one of its rooms'), named as it is."""
    rooms = {p.parent.relative_to(PACKAGE).as_posix() for p in PACKAGE.rglob('__init__.py')}
    tests = ROOT / 'tests'
    folders = {p.parent.relative_to(tests).as_posix() for p in tests.rglob('*_test.py')}
    assert folders - {'.'} <= rooms
