"""A user with no home at all and no temporary folder either (issue 31, point 8): a locked-down kiosk
account or a read-only container, HOME unset, no passwd entry, and no folder where tempfile can
make one.  The app does not die with a traceback: it says so, in a sentence, and exits with status
2 (the README: "When the app cannot save").  Run as a real child process, as the family starts it."""
import os
import subprocess
import sys
import textwrap
from pathlib import Path

from kidgames.core.i18n import Catalog

ROOT = Path(__file__).resolve().parent.parent

#: The child: the user's passwd entry and every temporary folder taken away (tempfile's candidates:
#: TMPDIR, TEMP, TMP, /tmp, /var/tmp, /usr/tmp and the current folder, none usable), then the app
#: started as ``python main.py ARGS``.
CHILD = textwrap.dedent("""
    import pwd, sys, tempfile
    def no_entry(uid):
        raise KeyError(f"getpwuid(): uid not found: {uid}")
    pwd.getpwuid = no_entry
    tempfile.tempdir = None
    tempfile._candidate_tempdir_list = lambda: []
    from kidgames.cli import main
    sys.exit(main(sys.argv[1:]))
""")


def start(*args: str) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k not in ("HOME", "KIDGAMES_HOME", "XDG_DATA_HOME")}
    env.update(PYTHONPATH=str(ROOT), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    return subprocess.run([sys.executable, "-c", CHILD, *args], capture_output=True, text=True, env=env,
                          timeout=60, cwd=ROOT)


def test_no_home_and_no_temporary_folder_is_a_sentence_and_status_2_not_a_traceback():
    for args in ([], ["knights"], ["knights", "--players", "Anna,cpu", "--lang", "de"]):
        done = start(*args)
        lang = "de" if "de" in args else "en"
        assert "Traceback" not in done.stderr, done.stderr
        assert done.returncode == 2, (args, done.returncode, done.stderr)
        assert done.stderr.strip() == "kidgames: error: " + Catalog(lang).t("home.none.text")
        assert "KIDGAMES_HOME" in done.stderr
