import sys
from pathlib import Path

# make tests/brute.py importable as `brute`
sys.path.insert(0, str(Path(__file__).parent))
