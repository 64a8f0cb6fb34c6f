"""The worked studies' stored results are what a fresh run with the same seed gives (so a page that
shows them at once shows the truth), and they survive a round trip through JSON."""
import json

import pytest

from explorer.lab import studies


@pytest.mark.parametrize("study", studies.STUDIES, ids=[s.name for s in studies.STUDIES])
def test_a_stored_study_is_what_a_fresh_run_gives(study):
    fresh = study.play(executor="inline")
    assert json.dumps(studies.result_to_json(fresh)) == json.dumps(studies.result_to_json(study.stored()))


def test_a_result_survives_json():
    r = studies.study("first_player").stored()
    again = studies.result_from_json(json.loads(json.dumps(studies.result_to_json(r))))
    assert again.rows[0] == r.rows[0] and again.option == "players" and again.games == r.games


def test_an_unknown_study_is_named():
    with pytest.raises(ValueError, match="no study 'x'; the studies are module_ladder"):
        studies.study("x")
