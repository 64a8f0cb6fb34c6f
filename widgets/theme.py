"""Colours and the small stylesheet shared by every game's widgets."""

DIE_COLOURS = {
    "white": ("#fbfbf8", "#222"),
    "blue": ("#2f6fd6", "#fff"),
    "green": ("#2e9b4f", "#fff"),
    "yellow": ("#f2c230", "#222"),
    "purple": ("#7b4bb7", "#fff"),
    "dragonling": ("#b33a3a", "#fff"),
    "red": ("#c8372d", "#fff"),
}
PIPS = "\u2680\u2681\u2682\u2683\u2684\u2685"  # the die faces 1-6

CSS = """
<style>
.rx-die {display:inline-block; min-width:34px; height:34px; line-height:34px; margin:2px; border-radius:6px;
  border:1px solid #555; text-align:center; font-size:26px; font-weight:600; box-shadow:1px 1px 2px #aaa}
.rx-die.rx-word {font-size:12px; padding:0 4px}
.rx-card {border:1px solid #999; border-radius:8px; padding:6px; margin:3px; background:#fffdf6; min-width:0; max-width:100%; box-sizing:border-box}
.rx-card h4 {margin:0 0 4px 0; font-size:13px}
.rx-track {font-family:monospace; font-size:12px}
.rx-track .rx-marker {background:#333; color:#fff; border-radius:3px; padding:0 2px}
.rx-small {font-size:11px; color:#555}
.rx-error {color:#b00020; font-weight:600}
.rx-ok {color:#1b5e20}
.rx-log td {padding:1px 6px; vertical-align:top}
.rx-log td.rx-section {color:#666; white-space:nowrap}
.encounter-board {display:grid; grid-template-columns:repeat(3, minmax(0, 1fr)); gap:4px; max-width:100%}
@media (max-width:560px) {.encounter-board {grid-template-columns:repeat(2, minmax(0, 1fr))} .rx-log td.rx-section {white-space:normal}}
.proving-grounds-app .widget-html-content, .bb-app .widget-html-content, .rp-app .widget-html-content {line-height:1.35;
  min-width:0; max-width:100%}
.proving-grounds-app .widget-html, .bb-app .widget-html, .rp-app .widget-html {max-width:100%}
.rx-title {margin:4px 0}
.encounter-board .rx-card {min-width:0; margin:0}
.rx-legend {display:flex; flex-wrap:wrap; gap:2px 12px; font-size:12px; color:#333; margin:4px 0}
.rx-legend-item {display:inline-flex; align-items:center; gap:4px; max-width:100%; min-width:0}
.rx-legend-item svg {flex:none}
.rx-svg {display:block}
.rx-chart {overflow:hidden}
.widget-box, .jupyter-widgets {max-width:100%}
.rx-wrap {flex-wrap:wrap !important; gap:6px}
.rx-wrap > * {max-width:100%}
.rx-save-link {display:inline-block; padding:5px 12px; border:1px solid #888; border-radius:3px; background:#eee;
  color:#222; text-decoration:none; font-size:13px; margin:2px 4px 2px 0}
.rx-save-link:hover {background:#ddd}
.rx-log {font-size:12px; max-height:260px; overflow-y:auto; max-width:100%; overflow-x:auto}
</style>
"""


def die_html(colour: str, face: int | str | None = None, title: str = "") -> str:
    """One die as a coloured square showing its pips (or a word for the dragonling's faces)."""
    bg, fg = DIE_COLOURS.get(colour, ("#ddd", "#000"))
    if isinstance(face, int) and 1 <= face <= 6:
        text, cls = PIPS[face - 1], "rx-die"
    else:
        text, cls = (face or "\u00b7"), "rx-die rx-word"
    return f'<span class="{cls}" style="background:{bg};color:{fg}" title="{title or colour}" data-face="{face or ""}">{text}</span>'
