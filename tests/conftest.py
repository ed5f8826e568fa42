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
