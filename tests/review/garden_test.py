"""Gardening, pure: a memory file's bullets and the repository's answers (plain values) -> the
removals proposed, each with its evidence. Must-propose and must-not-propose tables."""
from __future__ import annotations

import pytest

from memory_gate.review import garden, named, targets
from memory_gate.review.garden import Gone, Tree, kept_key

FILES = frozenset({'src/app.py', 'src/feeds.py', 'Makefile', 'package.json', 'docs/guide.md',
                   'tox.ini', 'noxfile.py', 'justfile', 'xtask/src/main.rs', 'README.md'})
GONE = {
    'src/feed.py': Gone('src/feed.py', '1a2b3c4', 'split the reader', 'src/feeds.py'),
    'src/legacy/db.py': Gone('src/legacy/db.py', '5d6e7f8', 'drop the legacy store'),
    'scripts/deploy.sh': Gone('scripts/deploy.sh', '9a8b7c6', 'deploy from CI only'),
    'node_modules/left-pad/index.js': Gone('node_modules/left-pad/index.js', '0f0f0f0', 'oops'),
    '.config/tool.toml': Gone('.config/tool.toml', '0e0e0e0', 'move config'),
}
REMOVED = {'parse_feed': Gone('src/feed.py', '1a2b3c4', 'split the reader'),
           'FeedCache': Gone('src/app.py', '2b3c4d5', 'no cache')}
TARGETS = {'make': frozenset({'test', 'lint', 'build'}), 'npm': frozenset({'dev', 'build'}),
           'tox': frozenset({'lint', 'docs', 'envlist', 'testenv'}),
           'nox': frozenset({'tests', 'session', 'nox'}), 'just': frozenset({'check', 'fmt'}),
           'xtask': frozenset({'Dist', 'Codegen'})}
DEFINING = {'make': ('Makefile',), 'npm': ('package.json',), 'tox': ('tox.ini',),
            'nox': ('noxfile.py',), 'just': ('justfile',), 'xtask': ('xtask/src/main.rs',)}
TREE = Tree(FILES, GONE, frozenset({'load_config', 'FeedReader', 'dry-run'}), REMOVED, TARGETS,
            DEFINING)

MUST_PROPOSE = [
    ('Feeds are parsed in `src/feed.py`.', garden.TREE,
     'src/feed.py was renamed to src/feeds.py in 1a2b3c4'),
    ('The store lives under src/legacy/.', garden.TREE,
     'the last file under it, src/legacy/db.py, was removed in 5d6e7f8'),
    ('Deploy with `scripts/deploy.sh`.', garden.TREE, 'scripts/deploy.sh was removed in 9a8b7c6'),
    ('Named as `deploy.sh` alone too.', garden.TREE, 'removed in 9a8b7c6'),
    ('Call `parse_feed()` for each item.', garden.CODE, 'last removed from src/feed.py in 1a2b3c4'),
    ('Wrap reads in `FeedCache`.', garden.CODE, '2b3c4d5'),
    ('Run `make check` before pushing.', garden.COMMANDS, 'no make target of that name in Make'),
    ('Then run make check too.', garden.COMMANDS, '`check`'),
    ('Start the app with `npm run start`.', garden.COMMANDS, 'in package.json'),
    ('Type-check with `tox -e typing`.', garden.COMMANDS, 'tox.ini'),
    ('Integration: `nox -s integration`.', garden.COMMANDS, 'noxfile.py'),
    ('Format with `just format`.', garden.COMMANDS, 'justfile'),
    ('Release with `cargo xtask release`.', garden.COMMANDS, 'xtask/src/main.rs'),
]
MUST_NOT_PROPOSE = [
    'The entry point is `src/app.py`.',  # still tracked
    'Feeds now live in src/feeds.py.',  # the new name
    'The app starts in `app.py`.',  # a tracked file, named by its end
    'Read docs/ first.',  # a tracked folder
    'Be concise in commit messages.',  # names no path, symbol or command
    'Keep settings in `~/.config/tool.toml`.',  # a home path: never evidence
    'Never edit node_modules/left-pad/index.js by hand.',  # a dependency folder
    'See https://github.com/o/r/blob/main/src/feed.py for the old one.',  # a URL
    'The sibling repo has `../other/src/feed.py`.',  # another repository's file
    'Use `useEffect` sparingly.',  # a library's name history never held
    'Load settings with `load_config()`.',  # git grep finds it
    'Pass `--dry-run` first.',  # found
    'Run `make test` and `npm run dev`.',  # defined
    'Make sure the tests pass.',  # English, not make
    'Just run it.',  # English, not just
    'Lint with `tox -e py311-lint`.',  # a generated factor and a defined one
    'Ship with `cargo xtask dist`.',  # clap's derive: Dist
    'Use `pytest` and `README`.',  # a tool and a word: no symbol
]


@pytest.mark.parametrize(('text', 'kind', 'evidence'), MUST_PROPOSE)
def test_a_stale_bullet_is_proposed_with_its_evidence(text: str, kind: str, evidence: str) -> None:
    [found] = garden.removals(named.bullets(f'# Memory\n\n- {text}\n'), TREE)
    assert (found.kind, found.bullet.line) == (kind, 3)
    assert evidence in found.evidence


@pytest.mark.parametrize('text', MUST_NOT_PROPOSE)
def test_a_bullet_without_evidence_is_never_proposed(text: str) -> None:
    assert garden.removals(named.bullets(f'- {text}\n'), TREE) == []


def test_a_pattern_rule_makes_every_make_target_possible() -> None:
    tree = TREE._replace(targets={**TARGETS, 'make': None})
    assert garden.removals(named.bullets('- Run `make check`.\n'), tree) == []


def test_no_tracked_file_and_no_defining_file_prove_nothing() -> None:
    found = named.bullets('- Deploy with `scripts/deploy.sh`.\n- Run `make check`.\n')
    assert garden.removals(found, TREE._replace(files=frozenset(), targets={})) == []
    assert targets.defined('make', []) is None
    assert targets.defined('tox', ['[project]\nname = "x"\n']) is None


def test_a_declined_removal_is_not_proposed_again() -> None:
    text = 'Feeds are parsed in `src/feed.py`.'
    found = named.bullets(f'- {text}\n')
    assert garden.removals(found, TREE, {kept_key(text)}) == []
    assert garden.removals(found, TREE, {kept_key('another bullet')})


def test_a_later_bullet_that_turns_away_the_earlier_supersedes_it() -> None:
    memory = ('- Cache the parsed feeds with pickle.\n'
              '- The feed cache is in Postgres.\n'
              '- Parquet instead of pickle for the feed cache.\n')
    [found] = garden.removals(named.bullets(memory), TREE)
    assert (found.kind, found.bullet.line) == (garden.SUPERSEDED, 1)
    assert found.evidence.startswith('line 3 turns away pickle')


def test_a_turned_away_word_about_another_subject_supersedes_nothing() -> None:
    memory = ('- Pickle is fine for test fixtures.\n'
              '- Parquet instead of pickle for the feed cache.\n')
    assert garden.removals(named.bullets(memory), TREE) == []


@pytest.mark.parametrize(('first', 'second'), [
    ('Never push directly to main.', 'Do not push to the main branch directly.'),
    ('时间一律用 UTC 存储。', '所有时间都用 UTC 存储。'),
])
def test_a_bullet_said_twice_proposes_the_later(first: str, second: str) -> None:
    [found] = garden.removals(named.bullets(f'- {first}\n- Other.\n- {second}\n'), TREE)
    assert (found.kind, found.bullet.line) == (garden.TWICE, 3)
    assert found.evidence == f'line 1 says the same: {first}'


@pytest.mark.parametrize('memory', [
    '## A\n- Never push directly to main.\n\nOn B:\n- Never push directly to main.\n',
    '## A\n- Never push directly to main.\n## B\n- Do not push to the main branch directly.\n',
])
def test_parallel_lists_and_other_headings_are_not_said_twice(memory: str) -> None:
    assert garden.removals(named.bullets(memory), TREE) == []


def test_the_same_words_twice_in_one_list_are_said_twice() -> None:
    memory = '## A\n- Never push directly to main.\n- Other.\n- Never push directly to main!\n'
    [found] = garden.removals(named.bullets(memory), TREE)
    assert (found.kind, found.bullet.line) == (garden.TWICE, 4)


def test_a_bullet_spans_its_continuation_and_nested_items_not_fenced_code() -> None:
    memory = ('- one\n  goes on\n  - nested\n- two\n```\n- not a bullet\n```\n'
              '1. three\n\n   after a blank line\n')
    assert [(b.line, b.span, b.text) for b in named.bullets(memory)][:4] == [
        (1, 3, 'one goes on'), (3, 1, 'nested'), (4, 1, 'two'), (8, 1, 'three')]


def test_history_reads_git_logs_removed_and_renamed_paths_newest_first() -> None:
    raw = ('\x01bbb\x02later\0\nD\0a.py\0\x01aaa\x02first\0\nR090\0old.py\0new.py\0D\0a.py\0')
    assert garden.history(raw) == {'a.py': Gone('a.py', 'bbb', 'later'),
                                   'old.py': Gone('old.py', 'aaa', 'first', 'new.py')}


def test_removed_symbols_is_the_newest_removed_line_naming_the_whole_word() -> None:
    raw = ('\x01bbb\x02later\n\ndiff --git a/x.py b/x.py\n--- a/x.py\n+++ b/x.py\n@@ -1 +1 @@\n'
           '-parse_feeds()\n+parse_all()\n\x01aaa\x02first\n\n--- a/y.py\n+++ b/y.py\n'
           '-def parse_feed(): pass\n')
    assert garden.removed_symbols(raw, ['parse_feed']) == {
        'parse_feed': Gone('y.py', 'aaa', 'first')}
