"""The input gate (:mod:`fairyport.inputs`): regular files only, a size cap, strict located UTF-8, for every
reader and every command."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from paths import GAMES

import fairyport
from fairyport.cli.main import main
from fairyport.errors import EXIT_UNPARSABLE, EXIT_USAGE, ParseError, UsageError
from fairyport.inputs import (
    DEFAULT_MAX_INPUT_SIZE,
    InputError,
    decode_utf8,
    input_size_limit,
    max_input_size,
    parse_size,
    read_head,
    read_input,
    set_max_input_size,
)


def test_devices_folders_and_fifos_are_refused_without_reading(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.zrf"
    os.mkfifo(fifo)  # opening it for reading would block without O_NONBLOCK: the test would hang, not fail
    for path, kind in ((Path("/dev/zero"), "character device"), (tmp_path, "folder"), (fifo, "FIFO")):
        with pytest.raises(InputError, match=kind) as info:
            read_input(path)
        assert info.value.location.file == str(path)
        with pytest.raises(InputError, match=kind):
            read_head(path, 10)


@pytest.mark.parametrize("command", [["perft", "--depth", "1"], ["perft", "--from", "zrf", "--depth", "1"],
                                     ["validate"], ["show"], ["convert", "--to", "json"], ["perft", "--from", "json"]])
def test_every_command_refuses_a_device(command: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    argv = [command[0], "/dev/zero", *command[1:]]
    assert main(argv) == EXIT_UNPARSABLE
    out, err = capsys.readouterr()
    assert "/dev/zero: this is a character device, not a regular file" in out + err


def test_size_cap_and_its_option(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    big = tmp_path / "big.idiagram"
    text = GAMES.joinpath("chess.idiagram").read_text(encoding="utf-8")
    big.write_text(text + "# padding line of prose\n" * 2000, encoding="utf-8")
    with input_size_limit(1000):
        assert max_input_size() == 1000
        with pytest.raises(InputError, match="larger than the input limit of 1000 bytes") as info:
            fairyport.read(big)
        assert "--max-input-size" in str(info.value)
    assert max_input_size() == DEFAULT_MAX_INPUT_SIZE
    assert main(["perft", str(big), "--depth", "1", "--max-input-size", "1k"]) == EXIT_UNPARSABLE
    assert "larger than the input limit" in capsys.readouterr().err
    try:
        assert main(["perft", str(big), "--depth", "1", "--max-input-size", "1MiB"]) == 0
        assert main(["perft", str(big), "--depth", "1", "--max-input-size", "lots"]) == EXIT_USAGE
        assert "--max-input-size: not a size" in capsys.readouterr().err
    finally:  # main() sets the limit for the process: put the default back for the other tests
        set_max_input_size(DEFAULT_MAX_INPUT_SIZE)


def test_parse_size() -> None:
    assert parse_size("16MiB") == DEFAULT_MAX_INPUT_SIZE
    assert parse_size("500k") == 500_000
    assert parse_size(" 2 G ") == 2_000_000_000
    assert parse_size("123") == 123
    for bad in ("", "0", "-5", "1.5M", "12 parsecs"):
        with pytest.raises(UsageError):
            parse_size(bad)


def test_decoding_errors_are_located() -> None:
    assert decode_utf8("é\n".encode(), "x") == "é\n"
    with pytest.raises(InputError) as info:
        decode_utf8("first line\nsé\xff".encode("utf-8", errors="surrogateescape").replace(b"\xc3\xbf", b"\xff"),
                    "f.json")
    assert (info.value.location.line, info.value.location.column) == (2, 3)
    assert "byte 0xff" in str(info.value)


@pytest.mark.parametrize("suffix", [".json", ".idiagram"])
def test_invalid_utf8_is_a_located_error_not_a_replacement(tmp_path: Path, suffix: str) -> None:
    path = tmp_path / f"bad{suffix}"
    path.write_bytes(b"files=8\nranks=8\nki\xffng:K:K:king:e1,,e8\n")
    with pytest.raises(ParseError, match="not UTF-8") as info:
        fairyport.read(path)
    assert (info.value.location.line, info.value.location.column) == (3, 3)
    with pytest.raises(ParseError, match="not UTF-8"):
        fairyport.convert(path, to="idiagram")


def test_random_bytes_as_json_is_exit_4(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "random.json"
    path.write_bytes(bytes(range(256)) * 4)
    assert main(["perft", str(path), "--depth", "1"]) == EXIT_UNPARSABLE
    assert "Traceback" not in capsys.readouterr().err


@pytest.mark.parametrize(("name", "encoding"), [("chess.zrf", "utf-16"), ("chess.php", "utf-16-be"),
                                                ("chess.idiagram", "utf-32")])
def test_utf16_and_utf32_files_are_refused_at_1_1_naming_the_encoding(tmp_path: Path, name: str,
                                                                      encoding: str) -> None:
    path = tmp_path / name
    text = GAMES.joinpath(name).read_text(encoding="utf-8")
    path.write_bytes(("\ufeff" if encoding.endswith("be") else "").encode(encoding) + text.encode(encoding))
    with pytest.raises(ParseError, match=f"the file is {encoding[:6].upper()} text") as info:
        fairyport.read(path)
    assert (info.value.location.line, info.value.location.column) == (1, 1)


def test_a_json_file_with_a_byte_order_mark_reads(tmp_path: Path) -> None:
    path = tmp_path / "chess.json"
    text = fairyport.convert(GAMES / "chess.idiagram", to="json").text
    path.write_bytes(b"\xef\xbb\xbf" + text.encode("utf-8"))
    assert fairyport.perft(path, 2) == 400
    path.write_bytes(b"\xef\xbb\xbf" + text.replace('"files": 8,', '"files": 8,,', 1).encode("utf-8"))
    with pytest.raises(ParseError, match="not JSON") as info:
        fairyport.read(path)
    assert "utf-8-sig" not in str(info.value)


def test_a_proof_reads_its_own_written_text_whatever_the_input_limit() -> None:
    with input_size_limit(4096):  # the Diagram is 714 bytes, the ZRF written from it over 8 KB
        conversion = fairyport.convert(GAMES / "chess.idiagram", to="zrf", prove_depth=2)
    assert conversion.proof is not None
    assert (conversion.proof.source, conversion.proof.written) == (400, 400)
