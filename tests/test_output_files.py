"""Files the commands write: refused before the work when they cannot be written,
and a failure while writing named by option and path."""

import os

import pytest

from pyai.errors import PyaiError
from pyai.output_files import OutputFileError, check_writable, write_text, writing


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


def test_a_folder_or_file_without_write_permission_is_refused(tmp_path, monkeypatch):
    existing = tmp_path / "old.png"
    existing.write_text("")
    denied = {str(tmp_path), str(existing)}
    real_access = os.access
    monkeypatch.setattr(os, "access", lambda path, mode: str(path) not in denied and real_access(path, mode))
    for path in (tmp_path / "new.png", existing):
        with pytest.raises(OutputFileError, match=f"--plot: cannot write {path}: permission denied"):
            check_writable("--plot", str(path))
    denied = {str(existing)}  # the folder takes files; the file itself is read-only
    with pytest.raises(OutputFileError, match="permission denied"):
        check_writable("--plot", str(existing))
    check_writable("--plot", str(tmp_path / "new.png"))


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
    write_text("--json", str(tmp_path / "ok.json"), "{}\n")
    assert (tmp_path / "ok.json").read_text() == "{}\n"
