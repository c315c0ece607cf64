"""Charts drawn on the server as SVG: a line chart with several series and a bar chart.

No JavaScript and no charting library: the page carries a small, self-contained
<svg> that scales to the width of a phone (viewBox; its size from the class
"chart-svg" in css/site.css, never a style attribute: the CSP allows none), with a <title>
and <desc> for screen readers, and the data again as rows for a visually-hidden
table (Chart.columns / Chart.rows). Callers pass every label already translated;
tick labels are formatted in the reader's locale. Coordinates are plain Python
numbers written with a dot, never localised.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from xml.sax.saxutils import escape, quoteattr

from django.conf import settings
from django.utils import formats
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language

from .rules import typography


def label(text: str) -> str:
    """A tooltip's label and its colon, spaced as the reader's language sets it."""
    return typography.label(text, get_language())


# The viewBox is narrow on purpose: on a 390px phone it is drawn at about 0.85 scale,
# so 12-unit text stays readable; on a desktop the figure is capped by CSS.
WIDTH = 420
PLOT_HEIGHT = 220
MARGIN_LEFT = 60
MARGIN_RIGHT = 14
MARGIN_TOP = 14
AXIS_SPACE = 44  # x tick labels and the x axis label, under the plot
FONT_SIZE = 12
CHAR_WIDTH = 6.6  # a rough average glyph width at FONT_SIZE, for laying out labels
LEGEND_ROW = 18
PLOT_LEFT = MARGIN_LEFT
PLOT_RIGHT = WIDTH - MARGIN_RIGHT
PLOT_TOP = MARGIN_TOP
PLOT_BOTTOM = MARGIN_TOP + PLOT_HEIGHT

# Okabe-Ito's colour-blind-safe palette (yellow darkened to read on white), then a few
# more; after that dashes tell series of the same colour apart.
PALETTE = (
    "#0072B2",
    "#D55E00",
    "#009E73",
    "#CC79A7",
    "#B8860B",
    "#56B4E9",
    "#000000",
    "#E69F00",
    "#6A3D9A",
    "#8C564B",
)
DASHES = ("", "6 3", "2 3", "8 3 2 3")
POSITIVE = "#146c43"
NEGATIVE = "#b02a37"
GRID = "#dee2e6"
AXIS = "#495057"
TEXT = "#212529"


@dataclass(frozen=True)
class Series:
    label: str
    points: Sequence[tuple[float, float]]  # (x, y), in x order


@dataclass(frozen=True)
class Bar:
    label: str  # under the bar (e.g. a date)
    value: float
    detail: str = ""  # shown on hover and in the text alternative (e.g. the event's name)


@dataclass(frozen=True)
class Chart:
    chart_id: str
    title: str
    desc: str
    svg: SafeString
    columns: list[str] = field(default_factory=list)
    rows: list[list[object]] = field(default_factory=list)

    @property
    def data_rows(self) -> SafeString:
        """The rows of the data table for screen readers (templates/.../_chart.html), as
        its template printed them: the first cell a row header, a missing value "—".
        Built here: through the template engine a chart's cells cost more than the rest
        of the chart."""
        return mark_safe(  # every cell escaped
            "".join(
                "<tr>"
                + "".join(
                    f'<th scope="row">{_cell(cell)}</th>' if i == 0 else f"<td>{_cell(cell)}</td>"
                    for i, cell in enumerate(row)
                )
                + "</tr>"
                for row in self.rows
            )
        )


def _cell(value: object) -> str:
    """A value as the template's {{ value }} shows it (local format), escaped."""
    if value is None:
        return "—"
    if isinstance(value, str):
        return escape(value)
    if type(value) is int and not settings.USE_THOUSAND_SEPARATOR:
        return str(value)  # what localize gives an int without grouping
    return escape(str(formats.localize(value)))


@dataclass(frozen=True)
class Frame:
    """Maps data values to viewBox coordinates inside the plot area."""

    x_min: float
    x_max: float
    y_min: float
    y_max: float
    left: float = PLOT_LEFT
    right: float = PLOT_RIGHT
    top: float = PLOT_TOP
    bottom: float = PLOT_BOTTOM

    def x(self, value: float) -> float:
        if self.x_max == self.x_min:
            return (self.left + self.right) / 2
        return self.left + (value - self.x_min) / (self.x_max - self.x_min) * (
            self.right - self.left
        )

    def y(self, value: float) -> float:
        if self.y_max == self.y_min:
            return (self.top + self.bottom) / 2
        return self.bottom - (value - self.y_min) / (self.y_max - self.y_min) * (
            self.bottom - self.top
        )


def nice_ticks(low: float, high: float, *, count: int = 5, integer: bool = False) -> list[float]:
    """Round tick values covering [low, high]: the finest step of 1, 2, 2.5 or 5 times a
    power of ten that needs at most `count` + 2 intervals."""
    if high < low:
        low, high = high, low
    if high == low:
        high = low + 1
    most = count + 2
    magnitude = 10.0 ** math.floor(math.log10((high - low) / most))
    step = magnitude
    for candidate in (m * magnitude * 10**k for k in range(3) for m in (1, 2, 2.5, 5)):
        if integer and (candidate < 1 or not float(candidate).is_integer()):
            continue
        if math.ceil(high / candidate - 1e-9) - math.floor(low / candidate + 1e-9) <= most:
            step = candidate
            break
    first = math.floor(low / step + 1e-9)
    last = math.ceil(high / step - 1e-9)
    return [round(i * step, 10) for i in range(first, last + 1)]


def number(value: float) -> str:
    """A number in the reader's locale (decimal comma in French)."""
    value = round(float(value), 2)
    if value.is_integer():
        if not settings.USE_THOUSAND_SEPARATOR:  # what number_format gives, far cheaper
            return str(int(value))
        return formats.number_format(int(value), use_l10n=True)
    decimals = len(repr(value).split(".")[1])
    return formats.number_format(value, decimal_pos=decimals, use_l10n=True)


def _c(value: float) -> str:
    # Coordinates: one decimal is below a pixel on any screen; never localised.
    text = f"{value:.1f}"
    return text[:-2] if text.endswith(".0") else text


def _text(x: float, y: float, label: str, **attrs: str) -> str:
    extra = "".join(
        f" {name.rstrip('_').replace('_', '-')}={quoteattr(v)}" for name, v in attrs.items()
    )
    return f'<text x="{_c(x)}" y="{_c(y)}"{extra}>{escape(str(label))}</text>'


def _open_svg(chart_id: str, title: str, desc: str, height: float) -> list[str]:
    return [
        f'<svg xmlns="http://www.w3.org/2000/svg" id={quoteattr(chart_id)} class="chart-svg"'
        f' viewBox="0 0 {WIDTH} {_c(height)}" role="img"'
        f' aria-labelledby="{chart_id}-title {chart_id}-desc"'
        f' font-family="system-ui, -apple-system, sans-serif" font-size="{FONT_SIZE}">',
        f'<title id="{chart_id}-title">{escape(str(title))}</title>',
        f'<desc id="{chart_id}-desc">{escape(str(desc))}</desc>',
    ]


def _y_axis(frame: Frame, ticks: list[float], y_label: str) -> list[str]:
    parts = [f'<g class="grid" stroke="{GRID}" stroke-width="1">']
    for tick in ticks:
        y = _c(frame.y(tick))
        stroke = f' stroke="{AXIS}"' if tick == 0 else ""
        parts.append(
            f'<line x1="{_c(frame.left)}" x2="{_c(frame.right)}" y1="{y}" y2="{y}"{stroke}/>'
        )
    parts.append("</g>")
    parts.append(f'<g class="y-ticks" fill="{TEXT}" text-anchor="end">')
    for tick in ticks:
        parts.append(_text(frame.left - 6, frame.y(tick) + 4, number(tick)))
    parts.append("</g>")
    middle = (frame.top + frame.bottom) / 2
    parts.append(
        f'<text class="axis-label" fill="{TEXT}" text-anchor="middle"'
        f' transform="translate(11 {_c(middle)}) rotate(-90)">{escape(str(y_label))}</text>'
    )
    parts.append(
        f'<line class="axis" x1="{_c(frame.left)}" x2="{_c(frame.left)}"'
        f' y1="{_c(frame.top)}" y2="{_c(frame.bottom)}" stroke="{AXIS}"/>'
    )
    return parts


def _x_label(frame: Frame, x_label: str) -> str:
    return _text(
        (frame.left + frame.right) / 2,
        frame.bottom + AXIS_SPACE - 6,
        x_label,
        class_="axis-label",
        fill=TEXT,
        text_anchor="middle",
    )


def _legend_layout(labels: Sequence[str]) -> list[tuple[float, float]]:
    """Where each legend entry goes: left to right, wrapping under the plot."""
    positions: list[tuple[float, float]] = []
    x, row = float(PLOT_LEFT), 0
    for label in labels:
        width = 28 + len(str(label)) * CHAR_WIDTH + 12
        if x + width > WIDTH - MARGIN_RIGHT and x > PLOT_LEFT:
            x, row = float(PLOT_LEFT), row + 1
        positions.append((x, PLOT_BOTTOM + AXIS_SPACE + 8 + row * LEGEND_ROW))
        x += width
    return positions


def style_of(index: int) -> tuple[str, str]:
    """Colour and dash pattern of the index-th series."""
    colour = PALETTE[index % len(PALETTE)]
    dash = DASHES[(index // len(PALETTE)) % len(DASHES)]
    return colour, dash


def line_chart(
    series: Sequence[Series],
    *,
    chart_id: str,
    title: str,
    desc: str,
    x_label: str,
    y_label: str,
) -> Chart:
    """One polyline per series over shared axes, a legend under the plot."""
    xs = [x for s in series for x, _ in s.points] or [0, 1]
    ys = [y for s in series for _, y in s.points] or [0]
    x_ticks = nice_ticks(min(xs), max(xs), count=6, integer=True)
    y_ticks = nice_ticks(min(0, *ys), max(0, *ys))
    frame = Frame(x_min=min(xs), x_max=max(xs), y_min=y_ticks[0], y_max=y_ticks[-1])
    legend = _legend_layout([s.label for s in series])
    height = (legend[-1][1] + 10) if legend else PLOT_BOTTOM + AXIS_SPACE

    parts = _open_svg(chart_id, title, desc, height)
    parts += _y_axis(frame, y_ticks, y_label)
    parts.append(f'<g class="x-ticks" fill="{TEXT}" text-anchor="middle">')
    for tick in x_ticks:
        if frame.x_min <= tick <= frame.x_max:
            parts.append(_text(frame.x(tick), frame.bottom + 16, number(tick)))
    parts.append("</g>")
    parts.append(_x_label(frame, x_label))

    # Dots on each hand help read one or two short lines; with more they only clutter.
    markers = len(series) <= 2 and max((len(s.points) for s in series), default=0) <= 30
    for index, item in enumerate(series):
        colour, dash = style_of(index)
        points = " ".join(f"{_c(frame.x(x))},{_c(frame.y(y))}" for x, y in item.points)
        dash_attr = f' stroke-dasharray="{dash}"' if dash else ""
        parts.append(
            f'<polyline class="series" data-series="{index}" fill="none" stroke="{colour}"'
            f' stroke-width="2" stroke-linejoin="round"{dash_attr} points="{points}">'
            f"<title>{escape(str(item.label))}</title></polyline>"
        )
        if markers:
            parts.append(f'<g class="markers" fill="{colour}">')
            for x, y in item.points:
                parts.append(
                    f'<circle cx="{_c(frame.x(x))}" cy="{_c(frame.y(y))}" r="2.5">'
                    f"<title>{escape(label(str(item.label)))} {escape(number(y))}</title></circle>"
                )
            parts.append("</g>")

    parts.append(f'<g class="legend" fill="{TEXT}">')
    for index, (item, (x, y)) in enumerate(zip(series, legend, strict=True)):
        colour, dash = style_of(index)
        dash_attr = f' stroke-dasharray="{dash}"' if dash else ""
        parts.append(
            f'<line x1="{_c(x)}" x2="{_c(x + 22)}" y1="{_c(y - 4)}" y2="{_c(y - 4)}"'
            f' stroke="{colour}" stroke-width="3"{dash_attr}/>'
        )
        parts.append(_text(x + 28, y, item.label))
    parts.append("</g></svg>")

    # The text alternative: one row per x value, one column per series.
    all_x = sorted({x for s in series for x, _ in s.points})
    lookup = [dict(s.points) for s in series]
    rows: list[list[object]] = [[x, *(values.get(x) for values in lookup)] for x in all_x]
    return Chart(
        chart_id=chart_id,
        title=str(title),
        desc=str(desc),
        svg=mark_safe("".join(parts)),  # every text above went through escape()
        columns=[str(x_label), *(str(s.label) for s in series)],
        rows=rows,
    )


def bar_chart(
    bars: Sequence[Bar],
    *,
    chart_id: str,
    title: str,
    desc: str,
    x_label: str,
    y_label: str,
    detail_label: str = "",
) -> Chart:
    """One bar per value, up from zero when positive (green), down when negative (red)."""
    values = [b.value for b in bars] or [0]
    y_ticks = nice_ticks(min(0, *values), max(0, *values))
    frame = Frame(x_min=0, x_max=max(len(bars), 1), y_min=y_ticks[0], y_max=y_ticks[-1])
    band = (frame.right - frame.left) / max(len(bars), 1)
    bar_width = min(band * 0.7, 36)
    height = PLOT_BOTTOM + AXIS_SPACE

    parts = _open_svg(chart_id, title, desc, height)
    parts += _y_axis(frame, y_ticks, y_label)
    parts.append('<g class="bars">')
    zero = frame.y(0)
    for index, item in enumerate(bars):
        centre = frame.left + band * (index + 0.5)
        top = min(frame.y(item.value), zero)
        size = abs(frame.y(item.value) - zero)
        colour = POSITIVE if item.value >= 0 else NEGATIVE
        hover = f"{label(str(item.detail or item.label))} {number(item.value)}"
        parts.append(
            f'<rect class="bar" x="{_c(centre - bar_width / 2)}" y="{_c(top)}"'
            f' width="{_c(bar_width)}" height="{_c(max(size, 1))}" fill="{colour}">'
            f"<title>{escape(hover)}</title></rect>"
        )
    parts.append("</g>")

    # Thin out the labels so that they never overlap, whatever the number of bars.
    longest = max((len(str(b.label)) for b in bars), default=1)
    fits = max(1, int((frame.right - frame.left) // (longest * CHAR_WIDTH + 8)))
    every = max(1, math.ceil(len(bars) / fits))
    parts.append(f'<g class="x-ticks" fill="{TEXT}" text-anchor="middle">')
    for index, item in enumerate(bars):
        if index % every == 0:
            parts.append(_text(frame.left + band * (index + 0.5), frame.bottom + 16, item.label))
    parts.append("</g>")
    parts.append(_x_label(frame, x_label))
    parts.append("</svg>")

    columns = [str(x_label)]
    if detail_label:
        columns.append(str(detail_label))
    columns.append(str(y_label))
    rows: list[list[object]] = [
        [b.label, *([b.detail] if detail_label else []), b.value] for b in bars
    ]
    return Chart(
        chart_id=chart_id,
        title=str(title),
        desc=str(desc),
        svg=mark_safe("".join(parts)),  # every text above went through escape()
        columns=columns,
        rows=rows,
    )
