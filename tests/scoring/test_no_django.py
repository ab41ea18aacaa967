"""The engine is pure Python: only the web glue of scoring/ may import Django."""

import ast
from pathlib import Path

import scoring

PACKAGE = Path(scoring.__file__).parent
WEB_SIDE = {"apps.py", "views.py", "urls.py", "admin.py"}
# Django's own conventional folders of an app: the command line, template tags, migrations,
# and the hand forms (a package: one form a ruleset).
WEB_FOLDERS = {"management", "templatetags", "migrations", "forms"}


def _engine_modules():
    for path in sorted(PACKAGE.rglob("*.py")):
        relative = path.relative_to(PACKAGE)
        if relative.parts[0] in WEB_FOLDERS or str(relative) in WEB_SIDE:
            continue
        yield path


def _imported(path):
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            yield node.module


def test_no_engine_module_imports_django():
    modules = list(_engine_modules())
    assert any(path.name == "settlement.py" for path in modules)
    for path in modules:
        for name in _imported(path):
            assert name.split(".")[0] != "django", f"{path.relative_to(PACKAGE)} imports {name}"
