#!/usr/bin/env python3
"""Makes assets/fonts/PiecesCJK.otf: the few CJK characters Shogi and Xiangqi pieces (and the
Xiangqi river) are written with, cut from Noto Serif CJK JP Bold (SIL Open Font License 1.1).

The whole font is 20 MB; the subset is a few tens of KB, so the GUI can draw kanji-style pieces
on any machine without system fonts.

    apt-get download fonts-noto-cjk && dpkg-deb -x fonts-noto-cjk_*.deb x
    pip install fonttools
    python3 scripts/cjk_font_subset.py x/usr/share/fonts/opentype/noto/NotoSerifCJK-Bold.ttc
"""
import sys

from fontTools import subset
from fontTools.ttLib import TTCollection

# Shogi (and its small relatives): king, jewel king, rook, dragon, bishop, horse, gold, silver,
# knight, lance, pawn, and the promoted ones (tokin, promoted silver/knight/lance, "promoted").
SHOGI = "王玉飛龍竜角馬金銀桂香歩と全圭杏成"
# Xiangqi: general, advisor, elephant, horse, chariot, cannon, soldier (red and black forms,
# traditional and simplified), and the river's words.
XIANGQI = "帥將将仕士相象傌馬俥車炮砲兵卒帅车马楚河漢汉界"
TEXT = SHOGI + XIANGQI


def main() -> None:
    src = sys.argv[1]
    out = sys.argv[2] if len(sys.argv) > 2 else "assets/fonts/PiecesCJK.otf"
    font = TTCollection(src).fonts[0]  # Noto Serif CJK JP Bold
    opts = subset.Options()
    opts.name_IDs = ["*"]
    opts.layout_features = []
    opts.notdef_outline = True
    sub = subset.Subsetter(opts)
    sub.populate(text=TEXT)
    sub.subset(font)
    # A modified version is renamed, as the licence asks of derived fonts.
    names = font["name"]
    for rec in names.names:
        if rec.nameID in (1, 4, 16):
            rec.string = "Myriad Pieces CJK"
        elif rec.nameID == 6:
            rec.string = "MyriadPiecesCJK-Bold"
    font.save(out)
    print(f"{out}: {len(set(TEXT))} characters")


if __name__ == "__main__":
    main()
