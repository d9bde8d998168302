"""Files the commands write (a report, a plot): checked before the work that fills
them starts, so an hour's tournament or review does not end in a traceback for a
mistyped folder, and written with an error that names the option and the path."""

from __future__ import annotations

import io
import os
import stat
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from .errors import PyaiError


class OutputFileError(PyaiError, OSError):
    pass


def check_writable(option: str, path: str) -> None:
    """Raises OutputFileError unless `path` can be written: its folder exists and takes
    new files, and it is no folder itself. The file is opened to see (a file system such
    as /proc refuses what permissions allow), never emptied, and removed again if the
    check made it: nothing is left behind."""
    if not path:  # an empty name would be the current folder's
        raise OutputFileError(f"{option} needs a file name, not ''")
    folder = os.path.dirname(os.path.abspath(path))
    if os.path.isdir(path):
        raise OutputFileError(f"{option}: {path} is a folder, not a file to write")
    if not os.path.isdir(folder):
        raise OutputFileError(f"{option}: cannot write {path}: there is no folder {folder}")
    if "\0" in path:
        raise OutputFileError(f"{option}: {path!r} holds a NUL character, which no file name may")
    target = os.path.realpath(path)  # a link's own target: a dangling link is written through
    existed = os.path.exists(target)
    if existed and not stat.S_ISREG(os.stat(target).st_mode):
        # A device or a pipe (/dev/full, a FIFO): opened only to be written, which may wait on
        # a reader; the permission is what can be checked now, and the write says the rest.
        if not os.access(target, os.W_OK):
            raise OutputFileError(f"{option}: cannot write {path}: permission denied")
        return
    with writing(option, path):
        os.close(os.open(target, os.O_WRONLY | os.O_APPEND | (0 if existed else os.O_CREAT | os.O_EXCL), 0o644))
        if not existed:
            os.remove(target)


@contextmanager
def writing(option: str, path: str) -> Iterator[None]:
    """Turns an OSError while writing `path` into an OutputFileError naming `option` and `path`."""
    try:
        yield
    except OSError as error:
        raise OutputFileError(f"{option}: cannot write {path}: {error.strerror or error}") from None


def write_text(option: str, path: str, text: str) -> None:
    write_bytes(option, path, text.encode("utf-8"))


def write_bytes(option: str, path: str, data: bytes) -> None:
    """Writes `data` to `path`; a failure, on the last flush too (a full disk, /dev/full),
    is an OutputFileError naming `option` and `path`."""
    with writing(option, path), open(path, "wb") as out:
        out.write(data)


# The image formats a plot may be drawn in, by the file's extension (matplotlib's, without a GUI).
PLOT_FORMATS = ("png", "svg", "pdf", "jpg", "jpeg", "eps", "ps", "tif", "tiff", "webp")


def plot_format(option: str, path: str) -> str:
    """The image format `path`'s extension names (png without one); OutputFileError for an
    extension no plot is drawn in, before the work that fills it."""
    extension = os.path.splitext(path)[1].lstrip(".").lower()
    if extension and extension not in PLOT_FORMATS:
        raise OutputFileError(f"{option}: cannot draw a .{extension} file; name it .{', .'.join(PLOT_FORMATS)}")
    return extension or "png"


def require_matplotlib(option: str) -> None:
    """PyaiError saying how to install it, unless matplotlib (the `plot` extra) can be imported."""
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        raise PyaiError(
            f"{option} needs matplotlib, the plot extra: pip install '.[plot]' in the pyai checkout "
            "(or pip install matplotlib)"
        ) from None


def figure_bytes(figure: Any, image_format: str, **savefig: Any) -> bytes:
    """A matplotlib figure laid out, drawn in `image_format` and closed: the image's bytes, for
    write_plot to write, which then sees every error (matplotlib's own file writes hide some)."""
    import matplotlib.pyplot as plt

    figure.tight_layout()
    image = io.BytesIO()
    figure.savefig(image, format=image_format, **savefig)
    plt.close(figure)
    return image.getvalue()


def check_plot(option: str, path: str) -> None:
    """Raises PyaiError unless a plot can be drawn into `path`: matplotlib is there, the
    extension names an image format, the file can be written. Called before the work the
    plot shows, so a long run does not end in an error that was there from the start."""
    require_matplotlib(option)
    plot_format(option, path)
    check_writable(option, path)


def write_plot(option: str, path: str, draw: Callable[[str], bytes]) -> None:
    """Writes the image `draw` returns for the format `path`'s extension names; a failure
    is an OutputFileError naming `option` and `path`. The image is drawn in memory first,
    so an error in writing is seen here (matplotlib's own file writes hide some)."""
    write_bytes(option, path, draw(plot_format(option, path)))
