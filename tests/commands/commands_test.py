"""The command table: every line names a module that is a whole command."""
from __future__ import annotations

from pathlib import Path

import pytest

from memory_gate import options
from memory_gate.commands import COMMANDS, Command

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize('command', COMMANDS, ids=lambda c: c.name)
def test_each_command_is_one_module_with_its_own_arguments_and_run(command: Command) -> None:
    module = command.module()
    assert module.__name__ == 'memory_gate.commands.' + command.name.replace('-', '_')
    assert callable(module.arguments) and callable(module.run)
    assert command.example.startswith(f'memory-gate {command.name}')
    assert command.exit_codes.startswith('0 ')
    assert set(command.options) <= {o.name for o in options.OPTIONS}


def test_every_setting_is_taken_by_some_command() -> None:
    taken = {name for c in COMMANDS for name in c.options}
    assert taken == {o.name for o in options.OPTIONS}


def test_contributing_says_where_a_new_command_goes() -> None:
    text = (ROOT / 'CONTRIBUTING.md').read_text()
    assert 'memory_gate/commands/__init__.py' in text and '`arguments(parser)`' in text
