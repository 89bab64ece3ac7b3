"""What the Python tests share: the command line binary they hold the module
to, built here with cargo when it is not there (never skipped: the module's
promise is the CLI's bytes)."""

import os
import subprocess
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]


def _binary() -> Path:
    given = os.environ.get("GAMETREE_BIN")
    if given:
        return Path(given)
    for profile in ("quick", "release", "debug"):
        path = REPO / "target" / profile / "gametree"
        if path.exists():
            return path
    subprocess.run(
        ["cargo", "build", "--profile", "quick", "--bin", "gametree"], cwd=REPO, check=True
    )
    return REPO / "target" / "quick" / "gametree"


@pytest.fixture(scope="session")
def cli():
    """Runs the command line: cli("analyse", "tree", "--json", "-") -> CompletedProcess."""
    binary = _binary()
    assert binary.exists(), f"no gametree binary at {binary}"

    def run(*args: str, check: bool = True) -> subprocess.CompletedProcess:
        done = subprocess.run([str(binary), *args], capture_output=True, check=False)
        if check and done.returncode != 0:
            raise AssertionError(f"gametree {' '.join(args)}: {done.stderr.decode()}")
        return done

    return run
