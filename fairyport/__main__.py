"""``python -m fairyport`` runs the command line, as the ``fairyport`` script does."""

import sys

from fairyport.cli.main import main

sys.exit(main())
