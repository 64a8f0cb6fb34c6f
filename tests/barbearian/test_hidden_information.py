

def test_a_view_offers_no_placement_actions_for_a_screened_seat():
    """Another seat's placement is hidden in a view, so no take-back or Ready can be offered for it."""
    import numpy as np
    from explorer.barbearian import rules as bb_rules
    from explorer.barbearian.views import view
    from explorer.core import Session

    s = Session("barbearian", seed=4)
    rng = np.random.default_rng(0)
    for _ in range(400):
        state = s.state
        if state.phase == "place":
            break
        acts = s.legal_actions()
        s.play(acts[int(rng.integers(len(acts)))])
    assert s.state.phase == "place"
    for seat in range(s.state.n):
        other = (seat + 1) % s.state.n
        seen = view(s.state, seat)
        assert bb_rules.legal_actions(seen, other) == []
        assert bb_rules.legal_actions(seen, seat) == bb_rules.legal_actions(s.state, seat)
