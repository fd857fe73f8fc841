"""The compiled evaluator, built when a C compiler is at hand.

Everything else about the package is in pyproject.toml. The extension is
optional: without a compiler (or if the build fails) the package installs
without it and the evaluators run in pure Python, with the same results.
"""

from setuptools import Extension, setup

setup(
    ext_modules=[
        Extension(
            "floorman.evaluation._fast",
            sources=["src/floorman/evaluation/_fast.c"],
            extra_compile_args=["-O2"],
            optional=True,
        )
    ]
)
