"""The demo notebook in a real front end: JupyterLab served on localhost,
opened in Debian's headless Chromium, every cell run from its toolbar as a
user runs them; each tree is the explorer, drawn inline in a sandboxed frame
that fetches nothing. And the notebook executed elsewhere (nbclient) and
opened untrusted, as a student opens one they were sent: each tree is its
still drawing, with the sentence saying how to get the explorer. Needs
jupyterlab in the venv (`pip install jupyterlab`) and Chromium with
chromedriver: skipped, saying which, without them."""

import os
import secrets
import shutil
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

import webdriver

pytest.importorskip("jupyterlab", reason="needs jupyterlab in the venv: pip install jupyterlab")
if not webdriver.available():
    pytest.skip("needs Debian's chromium and chromium-driver", allow_module_level=True)

NOTEBOOK = Path(__file__).resolve().parents[2] / "examples" / "gametree.ipynb"


@pytest.fixture
def jupyterlab(tmp_path):
    """A JupyterLab server on localhost over a folder holding a copy of the
    notebook, with its own settings (nothing of the user's read or written,
    no extension manager or update check asking PyPI); yields its URL."""
    root = tmp_path / "lab"
    root.mkdir()
    shutil.copy(NOTEBOOK, root / "gametree.ipynb")
    env = dict(os.environ)
    for name in ("JUPYTER_CONFIG_DIR", "JUPYTER_DATA_DIR", "JUPYTER_RUNTIME_DIR", "IPYTHONDIR"):
        env[name] = str(tmp_path / name.lower())
    port, token = webdriver.free_port(), secrets.token_hex(16)
    server = subprocess.Popen(
        [
            sys.executable, "-m", "jupyterlab", "--no-browser", "--allow-root", f"--port={port}",
            "--ServerApp.ip=127.0.0.1", f"--ServerApp.token={token}", f"--ServerApp.root_dir={root}",
            "--LabApp.extension_manager=readonly",
            "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
        ],
        env=env, stdout=subprocess.DEVNULL, stderr=open(tmp_path / "server.log", "wb"),
    )
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 120
        while True:
            try:
                urllib.request.urlopen(f"{base}/api/status?token={token}", timeout=5).read()
                break
            except OSError:
                assert server.poll() is None, (tmp_path / "server.log").read_text()
                assert time.monotonic() < deadline, "JupyterLab did not start"
                time.sleep(0.25)
        yield base, token
    finally:
        server.terminate()
        try:
            server.wait(timeout=30)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()


def test_the_demo_notebook_runs_in_jupyterlab_and_shows_three_explorers_inline(jupyterlab, tmp_path):
    base, token = jupyterlab
    b = webdriver.Browser()
    try:
        b.go(f"{base}/lab/tree/gametree.ipynb?token={token}")
        b.wait_for("return document.querySelectorAll('.jp-Notebook .jp-CodeCell').length > 5", what="the notebook")
        b.wait_for("return document.body.textContent.includes('| Idle')", what="the kernel, idle")
        b.requested_urls()
        # The toolbar's "Restart the kernel and run all cells", then its dialog's "Restart".
        b.click("[data-command='notebook:restart-run-all']")
        b.wait_for("return document.querySelector('.jp-Dialog .jp-mod-accept')", what="the restart dialog")
        b.click(".jp-Dialog .jp-mod-accept")
        b.wait_for(
            "const p = [...document.querySelectorAll('.jp-CodeCell .jp-InputPrompt')].map(e => e.textContent.trim());"
            "return p.length > 5 && p.every(t => /^\\[\\d+\\]:$/.test(t))",
            timeout=300, what="every cell to have run",
        )
        assert b.run(
            "return document.querySelectorAll('.jp-OutputArea-output[data-mime-type=\"application/vnd.jupyter.stderr\"]').length"
        ) == 0
        frames = b.run(
            "return [...document.querySelectorAll('.jp-OutputArea-output iframe')].map(f => "
            "({sandbox: f.getAttribute('sandbox'), title: f.title, width: f.getBoundingClientRect().width,"
            " height: f.getBoundingClientRect().height}))"
        )
        assert [f["title"].split(" ")[0] for f in frames] == ["tree", "tictactoe", "MCTS"], frames
        # A trusted notebook runs the cell's script, which takes the still drawing away.
        assert b.run("return document.querySelectorAll('.jp-OutputArea-output .gametree-still').length") == 0
        # At 1366x768 the notebook shows this much below its toolbar: a frame
        # taller would never be seen whole.
        shown = b.run("return document.querySelector('.jp-NotebookPanel-notebook').getBoundingClientRect().height")
        for f in frames:
            # Scripts only: an opaque origin, no forms, popups or navigation of the notebook.
            assert f["sandbox"] == "allow-scripts"
            assert f["width"] > 600 and 400 < f["height"] <= shown, (f, shown)
        seen = []
        for i, frame in enumerate(b.elements(".jp-OutputArea-output iframe")):
            b.run("arguments[0].scrollIntoView({block: 'start'})", {"element-6066-11e4-a52e-4f735466cecf": frame})
            b.frame(frame)
            drawn = b.wait_for(
                "const n = document.querySelectorAll('.node, circle.mnode').length;"
                "return n > 0 && {origin: window.origin, nodes: n, text: document.body.innerText,"
                " fetched: performance.getEntriesByType('resource').map(e => e.name)}",
                timeout=60, what=f"explorer {i} drawn",
            )
            b.frame(None)
            b.screenshot(tmp_path / f"explorer-{i}.png")
            seen.append(drawn)
        for drawn in seen:
            assert drawn["origin"] == "null" and drawn["fetched"] == [], drawn["fetched"]
        assert "Decision B, value 3" in seen[0]["text"]
        assert "Decision c3" in seen[1]["text"]
        assert "Decision a3" in seen[2]["text"]
        # Running the notebook asked nothing of anywhere but the notebook's own server.
        elsewhere = [u for u in b.requested_urls() if not u.startswith((base, "data:", "blob:", "about:"))]
        assert elsewhere == []
    finally:
        shots = os.environ.get("GAMETREE_PY_SCREENSHOTS")
        if shots:
            for png in tmp_path.glob("explorer-*.png"):
                shutil.copy(png, Path(shots) / png.name)
        b.close()


def test_a_notebook_executed_elsewhere_and_opened_untrusted_shows_each_tree_drawn(jupyterlab, tmp_path):
    base, token = jupyterlab
    nb = nbformat.read(NOTEBOOK, as_version=4)
    (tmp_path / "run").mkdir()
    NotebookClient(nb, timeout=120, kernel_name="python3", resources={"metadata": {"path": str(tmp_path / "run")}}).execute()
    # Written as nbclient leaves it: unsigned, so JupyterLab does not trust it.
    nbformat.write(nb, tmp_path / "lab" / "executed.ipynb")
    b = webdriver.Browser()
    try:
        b.go(f"{base}/lab/tree/executed.ipynb?token={token}")
        b.wait_for("return document.querySelectorAll('.jp-Notebook .jp-CodeCell').length > 5", what="the notebook")
        stills = b.wait_for(
            "const s = [...document.querySelectorAll('.jp-OutputArea-output .gametree-still')];"
            "return s.length === 3 && s.every(e => e.querySelector('img') && e.querySelector('img').complete) && "
            "s.map(e => { const i = e.querySelector('img'); const svg = atob(i.getAttribute('src').split(',')[1]);"
            " const box = svg.match(/viewBox=\"([^\"]*)\"/)[1].split(' ').map(Number);"
            " const sizes = [...svg.matchAll(/font-size=\"([0-9.]+)\"/g)].map(m => Number(m[1]));"
            " const shown = i.getBoundingClientRect().width;"
            " return {src: i.getAttribute('src').slice(0, 26), alt: i.alt, width: i.naturalWidth, shown,"
            " smallest: Math.min(...sizes) * shown / box[2], text: e.textContent}; })",
            timeout=60, what="three still drawings",
        )
        # Untrusted: JupyterLab took the frames and the scripts out, and kept the drawings.
        assert b.run("return document.querySelectorAll('.jp-OutputArea-output iframe, .jp-OutputArea-output script').length") == 0
        for s in stills:
            assert s["src"] == "data:image/svg+xml;base64,", s
            assert s["width"] > 500 and s["shown"] > 400, s
            # Drawn for the screen: its smallest text (an edge's move, a
            # bound) a class can read at a projector, not a page's 7 px.
            assert s["smallest"] >= 12, s
            assert "the interactive explorer appears here when the notebook is trusted" in s["text"], s
            assert "jupyter trust" in s["text"], s
        assert [s["alt"].split(" ")[0] for s in stills] == ["tree", "tictactoe", "MCTS"], stills
        # The worksheet too: an <img> JupyterLab keeps, not an SVG it refuses.
        sheets = b.wait_for(
            "const s = [...document.querySelectorAll('.jp-OutputArea-output img.gametree-sheet')];"
            "return s.length > 0 && s.every(i => i.complete) && s.map(i => ({width: i.naturalWidth, alt: i.alt}))",
            timeout=30, what="the worksheet's drawing",
        )
        assert all(s["width"] > 300 and s["alt"].startswith("Exercise") for s in sheets), sheets
        assert "Cannot display an untrusted SVG" not in b.run("return document.body.innerText")
        first = b.elements(".jp-OutputArea-output .gametree-still")[0]
        b.run("arguments[0].scrollIntoView({block: 'start'})", {"element-6066-11e4-a52e-4f735466cecf": first})
        b.screenshot(tmp_path / "untrusted-0.png")
    finally:
        shots = os.environ.get("GAMETREE_PY_SCREENSHOTS")
        if shots:
            for png in tmp_path.glob("untrusted-*.png"):
                shutil.copy(png, Path(shots) / png.name)
        b.close()
