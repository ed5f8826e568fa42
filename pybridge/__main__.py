import sys

from pybridge.cli import main

sys.exit(main())
