"""A newer version's saved match ("brisca-match/2") given to replay is told as a saved match, like
this version's, not "the record has no 'rules' object", which invites adding one to a file that is
not a record (an outside mutation audit, mut37: this version's format alone passed every test)."""

from __future__ import annotations

import pytest

from game.record import RecordError, from_record


@pytest.mark.parametrize("fmt", ["brisca-match/1", "brisca-match/2"])
def test_a_saved_match_of_any_version_is_said_to_be_one(fmt):
    match = {"format": fmt, "hand": {"moves": []}}
    for data, what in ((match, "a saved match"), ({"match": match}, "a saved session"),
                       ({"brisca": "save", "key": "match", "data": {"match": match}}, "the game's save file of a match")):
        with pytest.raises(RecordError) as exc:
            from_record(data)
        assert str(exc.value).startswith(f"this is {what}") and "'rules'" not in str(exc.value), str(exc.value)
