"""Colour measures for tests: WCAG 2 contrast, and how a colour looks to a deuteranope.

Why one place: the texts' and the cards' contrast tests each spelt the luminance formula again."""

from __future__ import annotations

#: Machado, Oliveira and Fernandes 2009, deuteranopia at severity 1.0, on linear RGB.
DEUTAN = ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413), (-0.011820, 0.042940, 0.968881))


def linear(v: float) -> float:
    v /= 255
    return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4


def luminance(rgb) -> float:
    r, g, b = (linear(v) for v in rgb[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a, b) -> float:
    """WCAG 2 contrast ratio of two colours (1 to 21)."""
    hi, lo = sorted((luminance(a), luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def deutan(rgb) -> tuple[int, int, int]:
    """``rgb`` as a deuteranope sees it (DEUTAN), back in sRGB."""
    lin = [linear(v) for v in rgb[:3]]
    out = []
    for row in DEUTAN:
        c = min(1.0, max(0.0, sum(m * v for m, v in zip(row, lin))))
        out.append(round(255 * (c * 12.92 if c <= 0.0031308 else 1.055 * c ** (1 / 2.4) - 0.055)))
    return tuple(out)
