"""Server-drawn SVG charts: valid XML, accessible, one line per series, points to scale."""

from __future__ import annotations

import itertools
import xml.etree.ElementTree as ET

import pytest
from django.utils import translation
from django.utils.safestring import mark_safe

from tournaments import charts

SVG = "{http://www.w3.org/2000/svg}"


def parse(chart: charts.Chart) -> ET.Element:
    return ET.fromstring(str(chart.svg))


def points_of(polyline: ET.Element) -> list[tuple[float, float]]:
    return [tuple(map(float, pair.split(","))) for pair in polyline.get("points").split()]


def line(series: list[charts.Series], **labels: str) -> charts.Chart:
    values = dict(chart_id="c", title="Running", desc="Totals", x_label="Hand", y_label="Total")
    values.update(labels)
    return charts.line_chart(series, **values)


def test_line_chart_is_valid_svg_with_title_desc_and_viewbox():
    root = parse(line([charts.Series("Anne", [(0, 0), (1, 240)])]))
    assert root.tag == f"{SVG}svg"
    assert root.get("viewBox").startswith("0 0 420 ")
    assert root.get("role") == "img"
    assert root.find(f"{SVG}title").text == "Running"
    assert root.find(f"{SVG}desc").text == "Totals"
    assert root.get("aria-labelledby") == "c-title c-desc"


def test_line_chart_draws_one_polyline_per_series_with_a_legend_entry():
    series = [charts.Series(name, [(0, 0), (1, i * 10)]) for i, name in enumerate("ABCDEFGHIJKL")]
    root = parse(line(series))
    lines = root.findall(f".//{SVG}polyline[@class='series']")
    assert len(lines) == 12
    assert [p.find(f"{SVG}title").text for p in lines] == list("ABCDEFGHIJKL")
    legend = root.find(f".//{SVG}g[@class='legend']")
    assert [t.text for t in legend.findall(f"{SVG}text")] == list("ABCDEFGHIJKL")
    # The 11th series reuses the first colour, told apart by a dash pattern.
    assert lines[10].get("stroke") == lines[0].get("stroke")
    assert lines[10].get("stroke-dasharray") and not lines[0].get("stroke-dasharray")


def test_line_points_scale_to_the_plot_area():
    # y from 0 to 100 fills the plot's height (ticks 0, 20, ..., 100); x from 0 to 4 its width.
    root = parse(line([charts.Series("Anne", [(0, 0), (1, 25), (2, 50), (4, 100)])]))
    (polyline,) = root.findall(f".//{SVG}polyline")
    width = charts.PLOT_RIGHT - charts.PLOT_LEFT
    height = charts.PLOT_BOTTOM - charts.PLOT_TOP
    expected = [
        (charts.PLOT_LEFT, charts.PLOT_BOTTOM),
        (charts.PLOT_LEFT + width / 4, charts.PLOT_BOTTOM - height / 4),
        (charts.PLOT_LEFT + width / 2, charts.PLOT_BOTTOM - height / 2),
        (charts.PLOT_RIGHT, charts.PLOT_TOP),
    ]
    assert points_of(polyline) == [pytest.approx(p, abs=0.05) for p in expected]


def test_negative_values_go_below_the_zero_line():
    root = parse(line([charts.Series("Chloé", [(0, 0), (1, -80), (2, 40)])]))
    (polyline,) = root.findall(f".//{SVG}polyline")
    (_, zero), (_, low), (_, high) = points_of(polyline)
    assert high < zero < low  # SVG's y grows downwards
    # Ticks -80 ... 40 by 20: zero sits 4/6 of the way down from 40 to -80.
    assert zero == pytest.approx(
        charts.PLOT_TOP + (charts.PLOT_BOTTOM - charts.PLOT_TOP) * 2 / 6, abs=0.05
    )


def test_bar_chart_bars_scale_and_take_the_sign_colour():
    bars = [charts.Bar("01/10", 100, "Soirée 1"), charts.Bar("08/10", -50, "Soirée 2")]
    chart = charts.bar_chart(
        bars, chart_id="b", title="Per event", desc="d", x_label="Date", y_label="Score"
    )
    root = parse(chart)
    rects = root.findall(f".//{SVG}rect[@class='bar']")
    assert len(rects) == 2
    up, down = rects
    assert up.get("fill") == charts.POSITIVE and down.get("fill") == charts.NEGATIVE
    # Ticks -50 ... 100 by 25 (six steps): the bar of 100 is twice as tall as the one of -50.
    assert float(up.get("height")) == pytest.approx(2 * float(down.get("height")), abs=0.1)
    assert float(up.get("y")) == pytest.approx(charts.PLOT_TOP, abs=0.05)
    assert float(down.get("y")) == pytest.approx(float(up.get("y")) + float(up.get("height")))
    # French (the default language) sets a no-break space before the colon.
    assert up.find(f"{SVG}title").text == "Soirée 1\u00a0: 100"
    assert root.find(f"{SVG}title").text == "Per event"


def test_labels_are_escaped():
    chart = line([charts.Series("<Anne & Bob>", [(0, 0), (1, 1)])], title='Tom "&" Jerry')
    root = parse(chart)
    assert root.find(f"{SVG}title").text == 'Tom "&" Jerry'
    assert root.find(f".//{SVG}polyline/{SVG}title").text == "<Anne & Bob>"


def test_tick_labels_follow_the_readers_locale():
    series = [charts.Series("Anne", [(0, 0), (1, 3.5), (2, 0.25)])]  # ticks 0, 0.5 ... 3.5
    with translation.override("fr"):
        french = [t.text for t in parse(line(series)).findall(f".//{SVG}g[@class='y-ticks']/")]
    with translation.override("en"):
        english = [t.text for t in parse(line(series)).findall(f".//{SVG}g[@class='y-ticks']/")]
    assert french[:4] == ["0", "0,5", "1", "1,5"]
    assert english[:4] == ["0", "0.5", "1", "1.5"]
    with translation.override("fr"):
        assert charts.number(0.25) == "0,25"


def test_text_alternative_has_one_row_per_x_and_one_column_per_series():
    chart = line(
        [charts.Series("Anne", [(0, 0), (1, 240), (2, 117)]), charts.Series("Bruno", [(0, 0)])]
    )
    assert chart.columns == ["Hand", "Anne", "Bruno"]
    assert chart.rows == [[0, 0, 0], [1, 240, None], [2, 117, None]]


def test_many_bars_keep_their_labels_apart():
    bars = [charts.Bar(f"{day:02d}/10/2026", day) for day in range(1, 31)]
    root = parse(
        charts.bar_chart(bars, chart_id="b", title="t", desc="d", x_label="x", y_label="y")
    )
    labels = root.findall(f".//{SVG}g[@class='x-ticks']/{SVG}text")
    assert 1 < len(labels) < 10
    xs = [float(t.get("x")) for t in labels]
    assert min(b - a for a, b in itertools.pairwise(xs)) > 10 * charts.CHAR_WIDTH


def test_empty_charts_still_draw_axes():
    root = parse(line([]))
    assert root.findall(f".//{SVG}polyline") == []
    assert root.find(f".//{SVG}line[@class='axis']") is not None


@pytest.mark.parametrize(
    ("low", "high", "expected"),
    [
        (0, 100, [0, 20, 40, 60, 80, 100]),
        (-80, 40, [-80, -60, -40, -20, 0, 20, 40]),
        (0, 1913, [0, 500, 1000, 1500, 2000]),
        (0, 0, [0, 0.2, 0.4, 0.6, 0.8, 1]),
    ],
)
def test_nice_ticks(low, high, expected):
    assert charts.nice_ticks(low, high) == pytest.approx(expected)


def test_the_data_table_rows_read_as_the_template_printed_them():
    chart = charts.Chart(
        chart_id="c",
        title="t",
        desc="d",
        svg=mark_safe("<svg/>"),
        rows=[[1, 240, None], ["a<b", 2.5, -3]],
    )
    with translation.override("fr"):
        html = chart.data_rows
    assert html == (
        '<tr><th scope="row">1</th><td>240</td><td>—</td></tr>'
        '<tr><th scope="row">a&lt;b</th><td>2,5</td><td>-3</td></tr>'
    )
