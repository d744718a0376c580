"""The scene stack: the scenes on screen, the top one taking the input, overlays showing the
scenes below them (kidgames/ui/scene.py).  Each change runs the scenes' life cycle (enter, pause,
resume, leave) and then tells the app (``on_change``), which holds the games in the stack against
other copies of the app and guards the new scene against the rest of an earlier tap."""
from __future__ import annotations

from typing import TYPE_CHECKING, Callable, Iterator

if TYPE_CHECKING:
    from kidgames.ui.scene import Scene


class SceneStack:
    def __init__(self, on_change: Callable[[], None]) -> None:
        self.scenes: list[Scene] = []       # bottom first
        self.on_change = on_change

    @property
    def top(self) -> Scene | None:
        return self.scenes[-1] if self.scenes else None

    def push(self, scene: Scene) -> None:
        top = self.top
        if top is not None:
            top.pause()
        self.scenes.append(scene)
        scene.enter()
        self.on_change()

    def pop(self) -> None:
        """Close the top scene, unless it is the last one."""
        if len(self.scenes) <= 1:
            return
        self.scenes.pop().leave()
        self.scenes[-1].resume()
        self.on_change()

    def reset_to(self, *scenes: Scene) -> None:
        """Close every scene, then open ``scenes`` (bottom first)."""
        while self.scenes:
            self.scenes.pop().leave()
        for scene in scenes:
            self.scenes.append(scene)
            scene.enter()
        self.on_change()

    def shown(self) -> list[Scene]:
        """The scenes a full redraw paints: the top one and those showing through it."""
        first = 0
        for i in range(len(self.scenes) - 1, -1, -1):
            if not self.scenes[i].overlay or self.scenes[i].covers_below():
                first = i
                break
        return self.scenes[first:]

    def claims(self) -> Iterator[str]:
        """The games held by the scenes in the stack (a game scene's)."""
        return (scene.claims for scene in self.scenes if scene.claims)
