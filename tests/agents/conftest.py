from tests.commands.hook_test import hook_repo, project  # noqa: F401  (the real pre-commit's fixtures)
