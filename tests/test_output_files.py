"""Files the commands write: refused before the work when they cannot be written,
and a failure while writing named by option and path."""

import os
import sys
import types

import pytest

from pyai.errors import PyaiError
from pyai.output_files import (
    OutputFileError,
    check_plot,
    check_writable,
    plot_format,
    write_bytes,
    write_plot,
    write_text,
    writing,
)

NO_MATPLOTLIB = "--plot needs matplotlib, the plot extra: pip install '.[plot]' in the pyai checkout"


def test_a_writable_path_passes_and_nothing_is_created(tmp_path):
    check_writable("--json", str(tmp_path / "new.json"))
    existing = tmp_path / "old.json"
    existing.write_text("{}")
    check_writable("--json", str(existing))
    assert sorted(p.name for p in tmp_path.iterdir()) == ["old.json"]


def test_a_folder_or_a_missing_folder_is_refused_by_option_and_path(tmp_path):
    with pytest.raises(OutputFileError, match=f"--csv: {tmp_path} is a folder, not a file to write"):
        check_writable("--csv", str(tmp_path))
    missing = tmp_path / "no" / "r.json"
    with pytest.raises(OutputFileError, match=f"--json: cannot write {missing}: there is no folder {missing.parent}"):
        check_writable("--json", str(missing))
    with pytest.raises(OutputFileError, match="--plot needs a file name, not ''"):  # not the current folder
        check_writable("--plot", "")


def test_a_path_the_file_system_or_permissions_refuse_is_refused_and_a_file_kept_whole(tmp_path, monkeypatch):
    # /proc takes no new files, whatever its permissions say: the check opens the file to see.
    with pytest.raises(OutputFileError, match="--plot: cannot write /proc/pyai.png: No such file or directory"):
        check_writable("--plot", "/proc/pyai.png")
    existing = tmp_path / "old.png"
    existing.write_text("kept")
    check_writable("--plot", str(existing))
    assert existing.read_text() == "kept"  # opened to see, never emptied
    real_open = os.open

    def denied(path, *args, **kwargs):
        if str(path).startswith(str(tmp_path)):
            raise PermissionError(13, "Permission denied")  # as for a user who may not write there (not root)
        return real_open(path, *args, **kwargs)

    monkeypatch.setattr(os, "open", denied)
    for path in (tmp_path / "new.png", existing):
        with pytest.raises(OutputFileError, match=f"--plot: cannot write {path}: Permission denied"):
            check_writable("--plot", str(path))
    assert sorted(p.name for p in tmp_path.iterdir()) == ["old.png"]


def test_a_failure_while_writing_names_the_option_and_the_path(tmp_path):
    gone = tmp_path / "gone"
    gone.mkdir()
    path = gone / "r.json"
    check_writable("--json", str(path))
    gone.rmdir()  # the folder went away after the check, during a long run
    with pytest.raises(OutputFileError, match=f"--json: cannot write {path}: No such file or directory"):
        write_text("--json", str(path), "{}")
    with pytest.raises(PyaiError, match="--plot: cannot write x.png: Disk quota exceeded"):
        with writing("--plot", "x.png"):
            raise OSError(122, "Disk quota exceeded")
    # A device that takes the open but not the bytes: the failure shows at the last flush.
    with pytest.raises(OutputFileError, match="--plot: cannot write /dev/full: No space left on device"):
        write_bytes("--plot", "/dev/full", b"\x89PNG" * 4096)
    write_text("--json", str(tmp_path / "ok.json"), "{}\n")
    assert (tmp_path / "ok.json").read_text() == "{}\n"


def test_a_link_a_pipe_and_a_nul_are_checked_without_waiting_or_leaving_anything(tmp_path):
    link = tmp_path / "out.png"
    link.symlink_to(tmp_path / "target.png")  # dangling: the write goes through it
    check_writable("--plot", str(link))
    assert link.is_symlink() and not (tmp_path / "target.png").exists()
    pipe = tmp_path / "pipe"
    os.mkfifo(pipe)
    check_writable("--plot", str(pipe))  # not opened: a pipe with no reader would wait
    with pytest.raises(OutputFileError, match="holds a NUL character"):
        check_writable("--plot", "a\0b.png")


def test_a_plot_is_drawn_in_the_format_its_extension_names():
    assert plot_format("--plot", "out.svg") == "svg" and plot_format("--plot", "out") == "png"
    assert plot_format("--plot", "OUT.PDF") == "pdf"
    with pytest.raises(OutputFileError, match=r"--plot: cannot draw a \.xyz file"):
        plot_format("--plot", "out.xyz")


def test_a_plot_without_matplotlib_is_refused_first_saying_how_to_install_it(tmp_path, monkeypatch):
    # Hidden whether or not it is installed here: an import of a module mapped to None fails.
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    for path in (tmp_path / "out.png", tmp_path / "no" / "out.xyz"):  # before the other checks
        with pytest.raises(PyaiError) as refused:
            check_plot("--plot", str(path))
        assert str(refused.value) == NO_MATPLOTLIB + " (or pip install matplotlib)"


def test_a_plot_is_checked_for_its_format_and_its_file_before_the_work(tmp_path, monkeypatch):
    monkeypatch.setitem(sys.modules, "matplotlib", types.ModuleType("matplotlib"))  # there, whether or not installed
    check_plot("--plot", str(tmp_path / "out.svg"))
    assert list(tmp_path.iterdir()) == []
    with pytest.raises(OutputFileError, match=r"--plot: cannot draw a \.xyz file"):
        check_plot("--plot", str(tmp_path / "out.xyz"))
    missing = tmp_path / "no" / "out.png"
    with pytest.raises(OutputFileError, match=f"--plot: cannot write {missing}: there is no folder"):
        check_plot("--plot", str(missing))


def test_a_plot_is_drawn_in_its_files_format_and_a_failed_write_names_option_and_path(tmp_path):
    asked = []

    def draw(image_format: str) -> bytes:
        asked.append(image_format)
        return image_format.encode()

    write_plot("--plot", str(tmp_path / "out.svg"), draw)
    write_plot("--plot", str(tmp_path / "out"), draw)
    assert asked == ["svg", "png"] and (tmp_path / "out.svg").read_bytes() == b"svg"
    with pytest.raises(OutputFileError, match="--plot: cannot write /dev/full: No space left on device"):
        write_plot("--plot", "/dev/full", lambda image_format: b"\x89PNG" * 4096)
