"""The compiled parts, built when a C compiler is at hand.

Everything else about the package is in pyproject.toml. Both parts are
optional: without a compiler (or if a build fails) the package installs without
them and runs in pure Python, with the same results.

- The evaluator's extension, ``floorman.evaluation._fast``, from ``_fast.c``.
- The dealer's hot modules, the PHH reader's quick path and the replay's loop
  (``floorman._compiled.MODULES``), compiled from their own Python source by
  mypyc. The build writes ``floorman/_compiled.record``, a digest of each source
  it compiled: floorman uses the compiled modules only while every source is the
  one they were built from (see ``_compiled.py``). ``FLOORMAN_PURE_BUILD=1``
  skips them.
"""

from __future__ import annotations

import ast
import hashlib
import os
import sys
from pathlib import Path
from typing import Any

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

ROOT = Path(__file__).resolve().parent
SRC = ROOT / "src"
#: The compiled modules' shared library: ``floorman_core__mypyc``, a top-level
#: module beside the package (its modules' names and files come out right only there).
GROUP = "floorman_core"


def compiled_modules() -> tuple[str, ...]:
    """The ``MODULES`` tuple of ``floorman/_compiled.py``, read without importing floorman."""
    tree = ast.parse((SRC / "floorman" / "_compiled.py").read_text(encoding="utf-8"))
    for node in tree.body:
        if (
            isinstance(node, ast.AnnAssign)
            and isinstance(node.target, ast.Name)
            and node.target.id == "MODULES"
            and node.value is not None
        ):
            value = ast.literal_eval(node.value)
            return tuple(str(name) for name in value)
    raise SystemExit("floorman/_compiled.py has no MODULES tuple")


def source_of(module: str) -> Path:
    return SRC.joinpath(*module.split(".")).with_suffix(".py")


def record_text(modules: tuple[str, ...]) -> str:
    lines = []
    for module in modules:
        path = source_of(module)
        stat = path.stat()
        digest = hashlib.sha256(path.read_bytes()).hexdigest()
        lines.append(f"{module} {stat.st_size} {stat.st_mtime_ns} {digest}\n")
    return "".join(lines)


#: The commands that build extensions: for the others (the metadata's), mypyc's
#: type check and code generation would be work thrown away.
BUILDING = {"build", "build_ext", "bdist", "bdist_wheel", "editable_wheel", "install", "develop"}


def mypyc_extensions(modules: tuple[str, ...]) -> list[Extension]:
    if os.environ.get("FLOORMAN_PURE_BUILD", "").strip() not in ("", "0"):
        return []
    if not BUILDING & set(sys.argv[1:]):
        return []
    try:
        from mypyc.build import mypycify
    except ImportError:
        print(
            "floorman: mypyc is not at hand; the dealer, reader and replay stay pure Python",
            file=sys.stderr,
        )
        return []
    paths = [str(source_of(m).relative_to(ROOT)) for m in modules]
    try:
        extensions = mypycify(
            ["--ignore-missing-imports", *paths],
            opt_level="3",
            group_name=GROUP,
        )
    except (Exception, SystemExit) as error:  # a failed compile leaves the pure path
        print(f"floorman: mypyc could not compile the dealer and reader ({error})", file=sys.stderr)
        return []
    for extension in extensions:
        extension.optional = True
    return extensions


class BuildWithRecord(build_ext):
    """Builds the extensions, then records which sources the compiled modules came from."""

    def run(self) -> None:
        modules = compiled_modules()
        targets = [Path(self.build_lib) / "floorman", SRC / "floorman"]
        # No record unless this build made every compiled module: a module
        # left from an earlier build must not pass for one built from today's source.
        for folder in targets:
            (folder / "_compiled.record").unlink(missing_ok=True)
        for module in modules:
            for old in source_of(module).parent.glob(source_of(module).stem + ".*.so"):
                old.unlink()
        for old in SRC.glob(f"{GROUP}__mypyc.*.so"):
            old.unlink()
        super().run()
        built = {e.name for e in self.extensions if Path(self.get_ext_fullpath(e.name)).exists()}
        if not set(modules) <= built:
            print(
                "floorman: the dealer and reader were not compiled; they run in pure Python",
                file=sys.stderr,
            )
            return
        text = record_text(modules)
        for folder in targets:
            if folder.is_dir():
                (folder / "_compiled.record").write_text(text, encoding="ascii")


def extensions() -> list[Any]:
    fast = Extension(
        "floorman.evaluation._fast",
        sources=["src/floorman/evaluation/_fast.c"],
        extra_compile_args=["-O2"],
        optional=True,
    )
    return [fast, *mypyc_extensions(compiled_modules())]


setup(ext_modules=extensions(), cmdclass={"build_ext": BuildWithRecord})
