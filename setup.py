"""The content folders at the top of the repository go into the wheel inside the package.

boards/, sprites/, sounds/, fonts/ and voices/ sit at the top level, where a person who wants to change
a board or a picture looks for them; in a wheel each becomes ``kidgames/<name>/``, so an installed app
finds it through importlib.resources (kidgames/core/paths.py).  setup.cfg holds everything else; this
file only adds the mapping, which setup.cfg cannot compute beside ``packages = find:``.
"""
from setuptools import find_packages, setup

CONTENT = ("boards", "sprites", "sounds", "fonts", "voices")   # kidgames.core.paths.CONTENT
#: What a game may bring in its own package folder: its own pictures and sounds (GameSpec.own) and
#: texts (its Words.catalog: the "Show me!" sentences).
GAME_ART = ["sprites/*.png", "sprites/*.md", "sprites/*.txt", "sounds/*.wav", "sounds/*.md", "locale/*.po"]

setup(
    packages=find_packages(include=["kidgames", "kidgames.*"]) + [f"kidgames.{name}" for name in CONTENT],
    package_dir={f"kidgames.{name}": name for name in CONTENT},
    package_data={
        "kidgames": ["locale/*.po", "locale/voice/*.po", "icons/*/*.png"],
        "kidgames.boards": ["*.yaml"],
        "kidgames.sprites": ["*.png", "*.md", "*.txt"],
        "kidgames.sounds": ["*.wav", "*.md"],
        "kidgames.fonts": ["*.ttc", "*.ttf", "*.md", "*.txt"],
        "kidgames.voices": ["*.md", "*/*.ogg", "*/*.txt"],
        **{package: GAME_ART for package in find_packages(include=["kidgames.games.*"])},
    },
)
