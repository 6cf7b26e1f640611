from __future__ import annotations

from memory_gate.cli import main

if __name__ == '__main__':
    raise SystemExit(main())
