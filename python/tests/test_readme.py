"""The README's Python example runs and prints what its comments say."""

import contextlib
import io
import re
from pathlib import Path

README = Path(__file__).resolve().parents[2] / "README.md"


def test_the_readmes_first_example_prints_what_it_says(tmp_path):
    section = README.read_text().split("## From Python", 1)[1].split("\n## ", 1)[0]
    # It leads with the package index's wheel, then how to build it from a clone.
    assert section.lstrip().startswith("```sh\npip install gametree\n```")
    assert "maturin build --release --zig" in section
    code = re.search(r"```python\n(.*?)```", section, re.S).group(1)
    code = code.replace("/tmp/tree.json", str(tmp_path / "tree.json"))
    expected = [line.split("# ", 1)[1] for line in code.splitlines() if line.startswith("print(")]
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(code, "README.md", "exec"), {})
    assert out.getvalue().splitlines() == expected
    assert (tmp_path / "tree.json").read_text().startswith('{\n  "schema_version": 1,')
