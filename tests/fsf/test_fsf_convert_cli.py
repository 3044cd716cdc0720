"""``fairyport convert x.ini --variant NAME --to zrf|gamecourier|idiagram`` on sections shaped like
Fairy-Stockfish's own (written here): the command proves the written file against Fairy-Stockfish by perft(2)
(the file's own interpreter) and says so, or exits 3 naming the rule the target cannot express."""

from __future__ import annotations

from pathlib import Path

import pytest

from fairyport.cli.main import main
from fairyport.errors import EXIT_UNSUPPORTED

pytest.importorskip("pyffish")

SECTIONS = """
[losers22:chess]
mustCapture = true
king = -
commoner = k
castling = false
extinctionValue = win
extinctionPieceTypes = *
stalemateValue = win

[hilltop22:chess]
flagPiece = k
flagRegionWhite = d4 e4 d5 e5
flagRegionBlack = d4 e4 d5 e5

[fivestones22]
maxRank = 5
maxFile = 5
immobile = p
startFen = 5/5/5/5/5[PPPPPPPPPPPPpppppppppppp] w - - 0 1
pieceDrops = true
doubleStep = false
castling = false
immobilityIllegal = false
stalemateValue = draw
connectN = 4

[boom22:atomic]
castling = false
"""

INTERPRETER = {"zrf": "the ZRF interpreter", "gamecourier": "the GAME Code interpreter"}
# target -> section -> the rule named when the target cannot express it (None: written and proved)
EXPECTED: dict[str, dict[str, str | None]] = {
    "gamecourier": {"losers22": None, "hilltop22": None, "fivestones22": None, "boom22": None},
    "zrf": {"losers22": None, "hilltop22": None, "fivestones22": None, "boom22": "atomic captures"},
    "idiagram": {"losers22": "forced captures", "hilltop22": "flag goal", "fivestones22": "connection goal",
                 "boom22": "extinction goal"},  # the first of its rules the Diagram has no mechanism for
}


@pytest.mark.parametrize(("target", "name"), [(t, n) for t, names in EXPECTED.items() for n in names])
def test_convert_proves_or_names_the_rule(target: str, name: str, tmp_path: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    ini = tmp_path / "variants.ini"
    ini.write_text(SECTIONS, encoding="utf-8")
    out = tmp_path / "written.out"
    code = main(["convert", str(ini), "--variant", name, "--to", target, "-o", str(out)])
    err = capsys.readouterr().err
    refused = EXPECTED[target][name]
    if refused is None:
        assert code == 0 and out.exists()
        assert "proved: perft(" in err and " of the source" in err and "(Fairy-Stockfish)" in err
        assert f"({INTERPRETER[target]})" in err
    else:
        assert code == EXIT_UNSUPPORTED and not out.exists()
        assert refused in err


# section -> the extension lines the Diagram gets for the rules it has no parameter for (fairyport reads them back)
DIAGRAM_LINES = {
    "losers22": ["fairyportMustCapture=1", "fairyportExtinction=count:0;result:win", "fairyportStalemate=win"],
    "hilltop22": ["fairyportFlag=flag;white:K;black:K", "fairyportZone=flag:d4,e4,d5,e5,,d4,e4,d5,e5"],
    "fivestones22": ["fairyportConnect=line:4;result:win", "fairyportDrops=1"],
    "boom22": ["fairyportExtinction=pieces:K;count:0;result:loss", "fairyportAtomic=spared:P"],
}


@pytest.mark.parametrize("name", DIAGRAM_LINES)
def test_best_effort_writes_the_diagram_extension_lines_and_counts_them(
        name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """fairyport reads the extension lines back and counts the same, but the Diagram's own script ignores them: the
    written game differs from the source (never "proved"), the counts not testing what was lost."""
    ini = tmp_path / "variants.ini"
    ini.write_text(SECTIONS, encoding="utf-8")
    out = tmp_path / "written.idiagram"
    code = main(["convert", str(ini), "--variant", name, "--to", "idiagram", "--best-effort", "-o", str(out)])
    err = capsys.readouterr().err
    assert code == 0, err
    lines = out.read_text(encoding="utf-8").splitlines()
    for line in DIAGRAM_LINES[name]:
        assert line in lines
        key = line.partition("=")[0]
        if key != "fairyportZone":  # each rule's line is listed as lost for the Diagram's own script
            assert f"written as the fairyport extension {key}" in err
    assert "proved" not in err and "warning: the written game differs from the source: it lost" in err
    assert "not tested by the count (perft(" in err and "(Fairy-Stockfish)" in err
    assert "of the written text read back" in err
