import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
QUERIES = ROOT / "queries"
DATA = ROOT / "pybridge" / "data"
sys.path.insert(0, str(ROOT))

# Tests see the embedded card pool only, never a pool the user imported into their own data folder.
import os  # noqa: E402
import tempfile  # noqa: E402

os.environ["MTGASP_HOME"] = tempfile.mkdtemp(prefix="mtgasp-test-home-")

import pytest  # noqa: E402


@pytest.fixture(scope="session")
def queries_answered() -> dict:
    """Every scenario of queries/ answered once for the session (several files a worker, as
    `mtgasp check` does): path -> its result, or the error that stopped it."""
    from pybridge.answer.answering import answer_files
    paths = [str(p) for p in sorted(QUERIES.rglob("*.toml"))]
    return dict(zip(paths, answer_files(paths, timeout=60)))
