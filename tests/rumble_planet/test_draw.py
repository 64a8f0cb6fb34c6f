"""The Green drawn as SVG: well-formed, one circle a Hero on the Green, highlights as arguments."""
import xml.etree.ElementTree as ET
from dataclasses import replace

from explorer.rumble_planet.draw import draw

from .helpers import CONTENT, started

NS = "{http://www.w3.org/2000/svg}"


def test_state_svg_shows_heroes_tiles_and_lootboxes():
    s = replace(started(players=4), tiles=(("A5", "teleporter"), ("C3", "turret")))
    root = ET.fromstring(s._repr_svg_())
    titles = [t.text for t in root.iter(f"{NS}title")]
    assert sum(" at " in t and t.split(" at ")[0] in {s.name(i) for i in range(4)} for t in titles) == 4
    assert "turret tile at C3" in titles and any(t.startswith("golden Lootbox") for t in titles)
    assert len([r for r in root.iter(f"{NS}rect") if r.get("stroke") == "#ffffff"]) == 100


def test_highlights_and_board_drawing():
    plain = ET.fromstring(draw(CONTENT.board("B")))
    lit = ET.fromstring(draw(CONTENT.board("B"), highlight=("E4", "E6"), title="Side <B>"))
    count = lambda root: len([r for r in root.iter(f"{NS}rect") if r.get("stroke") == "#ffeb3b"])
    assert count(plain) == 0 and count(lit) == 2
    assert [t.text for t in lit.iter(f"{NS}text")][0] == "Side <B>"
    assert "C1, altitude 2" in [t.text for t in plain.iter(f"{NS}title")]


def test_state_described_in_sentences():
    from explorer.rumble_planet import describe_state

    text = describe_state(started(players=3))
    assert text.startswith("Round 1: Agent Dogniss Tailor's turn, preparation phase.")
    assert text.count(" HP and ") == 3 and "Revealed Feats: " in text and "State(" not in text


def test_a_board_and_a_state_show_their_drawing_in_a_notebook():
    """The drawing gives both their ``_repr_svg_`` (neither imports the drawing, which sits above them)."""
    board, state = CONTENT.board("A"), started(players=2)
    assert board._repr_svg_() == draw(board) and state._repr_svg_() == draw(state)
