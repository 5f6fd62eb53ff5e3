"""rummycheck.frozen.quick: the quick constructor gives the frozen class's own values."""

import pickle
from dataclasses import FrozenInstanceError, dataclass

import pytest

from rummycheck.frozen import quick


@dataclass(frozen=True, slots=True)
class Point:
    x: int
    y: tuple[int, ...]


@dataclass(frozen=True)
class Loose:
    x: int


@dataclass(frozen=True, slots=True)
class Checked:
    x: int

    def __post_init__(self) -> None:
        if self.x < 0:
            raise ValueError("negative")


def test_a_quick_value_is_the_frozen_value() -> None:
    made = quick(Point)(1, (2, 3))
    assert type(made) is Point and made == Point(1, (2, 3)) and hash(made) == hash(Point(1, (2, 3)))
    assert repr(made) == "Point(x=1, y=(2, 3))"
    assert pickle.loads(pickle.dumps(made)) == made
    with pytest.raises(FrozenInstanceError):
        made.x = 5  # type: ignore[misc]


@pytest.mark.parametrize("cls", [Loose, Checked])
def test_quick_refuses_classes_it_would_build_wrongly(cls: type) -> None:
    # without slots the layouts differ; a __post_init__ check would be skipped
    with pytest.raises(TypeError, match="quick\\(\\) needs a slots dataclass"):
        quick(cls)
