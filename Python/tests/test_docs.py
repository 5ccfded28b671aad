"""Every public name of the package says what it is for (help() shows it):
the compiled bindings' classes, methods and properties included."""

from __future__ import annotations

import inspect

import arscene


def test_every_public_name_has_a_docstring() -> None:
    missing = []
    for name in arscene.__all__:
        value = getattr(arscene, name)
        if name.startswith("__") or not (inspect.isclass(value) or callable(value)):
            continue
        if not (value.__doc__ or "").strip():
            missing.append(name)
        if inspect.isclass(value) and not issubclass(value, BaseException):
            for member, attribute in vars(value).items():
                if member.startswith("_") or member.startswith("__"):
                    continue
                if not (getattr(attribute, "__doc__", None) or "").strip():
                    missing.append(f"{name}.{member}")
    assert missing == []
