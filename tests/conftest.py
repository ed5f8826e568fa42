import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
QUERIES = ROOT / "queries"
DATA = ROOT / "pybridge" / "data"
sys.path.insert(0, str(ROOT))
