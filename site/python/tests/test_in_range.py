"""Weights, settings and passes that could give a headline outside 0-100, count a criterion
twice, be read as another value or be silently ignored are refused with a message."""

import pytest

import pickanumber

TWO = "(+3, a) x\n(+1, b) y"


@pytest.mark.parametrize("weights", [{"a": 1.5e308, "b": 1}, {"a": 1e308, "b": 1e308}])
def test_weights_past_the_reading_rule_are_refused_as_the_cli_refuses_them(weights):
    with pytest.raises(ValueError) as e:
        pickanumber.analyse(TWO, weights=weights, fail_under=70)
    assert str(e.value).endswith(
        " cannot be read exactly: write at most 15 significant digits and a power of ten from -22 to 22, like 0.35 or 2e5"
    )
    assert "9223372036854775807" not in str(e.value)


def test_a_criterion_weighted_twice_is_refused():
    for weights in ([("a", 1), ("a", 2), ("b", 1)], "a=1,a=2,b=1"):
        with pytest.raises(ValueError) as e:
            pickanumber.analyse(TWO, weights=weights)
        assert str(e.value) == "weights: each criterion takes one weight, but a is given more than once"


def test_an_unusable_weights_line_gives_no_overall():
    a = pickanumber.analyse("weights: a=0.5, b=0.5, c\n" + TWO)
    assert a.final is None
    assert a.exit_code == 1


@pytest.mark.parametrize(
    "kwargs, message",
    [
        (dict(denominator=True), "denominator: must be a number greater than 0, not a boolean (true)"),
        (dict(scale=False), "scale: must be a number greater than 0, not a boolean (false)"),
        (dict(fail_under=True), "fail_under: must be a score from 0 to 100, such as 70, not a boolean (true)"),
        (dict(min_confidence=True), "min_confidence: must be a confidence from 0 to 1, such as 0.5, not a boolean (true)"),
        (dict(weights={"a": True, "b": 1}), "weights.a: must be a number, not a boolean (true)"),
        (
            dict(mode="pooled", weights={"a": 1}),
            'weights= would not be used with mode="pooled": pooled mode scores no criteria; leave one of them out',
        ),
        (
            dict(preset="generic", weights={"a": 1}),
            "preset= would not be used with weights=: the weights replace the preset's; leave one of them out",
        ),
    ],
)
def test_a_bool_or_an_ignored_option_is_refused(kwargs, message):
    with pytest.raises(ValueError) as e:
        pickanumber.analyse(TWO, **kwargs)
    assert str(e.value) == message


@pytest.mark.parametrize(
    "passes, message",
    [
        ([("a", "+3 x"), ("a", "-1 y")], "passes[1]: two passes are named a: give each pass its own name"),
        ([("", "+3 x")], "passes[0]: a pass needs a name (a non-empty string)"),
        ([("a", "+3 x"), (" ", "-1 y")], "passes[1]: a pass needs a name (a non-empty string)"),
    ],
)
def test_pass_names_are_checked_as_npm_checks_them(passes, message):
    with pytest.raises(ValueError) as e:
        pickanumber.combine(passes)
    assert str(e.value) == message


def test_text_over_64_mib_is_refused():
    big = "+1 x\n" * (64 * 1024 * 1024 // 5 + 1)
    with pytest.raises(ValueError) as e:
        pickanumber.analyse(big)
    assert str(e.value) == "the text is larger than 64 MiB, the most pickanumber reads from one input"
    with pytest.raises(ValueError) as e:
        pickanumber.combine([("a", big)])
    assert str(e.value) == "passes[0] (a): the text is larger than 64 MiB, the most pickanumber reads from one input"
