"""The engine's errors: arscene.Error and one subclass per status of the
core, each also the built-in exception a Python user would catch for it.
The extension raises them with the core's message."""

from __future__ import annotations


class Error(Exception):
    """Base of every error the engine raises; str() is the core's message."""


class InvalidArgumentError(Error, ValueError):
    """An argument the core refused: out of range, not finite, or an unknown
    option."""


class InvalidImageError(Error, ValueError):
    """An image or depth map the core refused: its size disagrees with the
    camera, it is empty, or a reference image cannot be recognised."""


class TimestampOrderError(Error, ValueError):
    """A frame's timestamp is not after the previous frame's."""


class DecodeError(Error, ValueError):
    """Image bytes that could not be decoded (corrupt, truncated or
    unsupported)."""


class FileError(Error, OSError):
    """A file could not be read or written."""


class OpenCVError(Error):
    """OpenCV failed inside the core; the message is OpenCV's."""


class OutOfMemoryError(Error, MemoryError):
    """Memory could not be allocated."""


class InternalError(Error):
    """Any other failure inside the core."""
