"""Colours Maurizio Monge's chess-art templates (MIT) into Myriad's piece files.

Usage: configure_chess_art.py SET OUT_DIR CHESS_ART_CHECKOUT   (SET: fantasy or celtic)
"""
import subprocess, sys, os, re
src = sys.argv[3]
def raw(setname, p):
    return subprocess.run(["git","-C",src,"show",f"HEAD:{setname}/{p}.svg"],capture_output=True,text=True,check=True).stdout
COL = {
 'w': dict(stroke="#000000", detail="#d9c7a4", g0="#ffffff", g1="#d9c7a4"),
 'b': dict(stroke="#000000", detail="#7f899b", g0="#7f899b", g1="#1c1c2f"),
}
def configure(text, c):
    t = text.replace("stroke:#ff0000;", f"stroke:{c['stroke']};")
    t = t.replace("fill:#00ff00;", f"fill:{c['detail']};")
    t = t.replace("stop-color:#ffffff;", f"stop-color:{c['g0']};")
    t = t.replace("stop-color:#00ffff;", f"stop-color:{c['g1']};")
    # drop the blurred shadow (the configuration page's optional shadow, off here)
    t = re.sub(r'<path\b[^>]*class="base shadow"[^>]*/>', '', t, flags=re.S)
    # drop Inkscape's editor metadata
    t = re.sub(r'<sodipodi:namedview\b.*?/>', '', t, flags=re.S)
    return t
out = sys.argv[2]; setname = sys.argv[1]
os.makedirs(out, exist_ok=True)
for p in "kqrbnp":
    t = raw(setname, p)
    for side in "wb":
        open(f"{out}/{side}{p.upper()}.svg","w").write(configure(t, COL[side]))
