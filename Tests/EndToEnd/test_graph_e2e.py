"""End-to-end tests of the pictures: `bindscript graph` rendered by the real
Graphviz `dot` (installed by `make test-deps`), `bindscript timeline`, and
`bindscript test --artifacts` with its JUnit attachments.

They look at what Graphviz drew (the SVG's nodes, edges, clusters and label
text), not only at the DOT text.
"""
import glob
import os
import shutil
import subprocess
import xml.etree.ElementTree as ET

import pytest

BIN = os.environ.get("BINDSCRIPT_BIN", "/work/main/.build/debug/bindscript")
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SVG = "{http://www.w3.org/2000/svg}"
DOT = shutil.which("dot")
needs_dot = pytest.mark.skipif(DOT is None, reason="Graphviz's dot is missing: run `make test-deps`")


def bindscript(*args, env=None, cwd=ROOT):
    return subprocess.run([BIN, *args], capture_output=True, text=True, timeout=120, env=env, cwd=cwd)


def svg_parts(path):
    """The nodes, edges and clusters Graphviz drew, outside the legend:
    {title: [text lines]} for nodes and clusters, and edge titles."""
    root = ET.parse(path).getroot()
    nodes, edges, clusters = {}, [], {}
    for group in root.iter(SVG + "g"):
        kind = group.get("class")
        title = group.findtext(SVG + "title")
        texts = [t.text or "" for t in group.iter(SVG + "text")]
        if title is None or "legend" in title:
            continue
        if kind == "node":
            nodes[title] = texts
        elif kind == "edge":
            edges.append(title)
        elif kind == "cluster":
            clusters[title] = texts
    return nodes, edges, clusters


def draw(script, tmp_path, name="graph"):
    """`bindscript graph SCRIPT -o x.svg`, and the same graph as DOT run
    through `dot -Tsvg` by hand, whose warnings must be none."""
    svg = tmp_path / f"{name}.svg"
    result = bindscript("graph", script, "-o", str(svg))
    assert result.returncode == 0, result.stderr
    assert result.stderr == "", "no Graphviz warning: " + result.stderr
    dot = tmp_path / f"{name}.dot"
    assert bindscript("graph", script, "-o", str(dot)).returncode == 0
    rendered = subprocess.run([DOT, "-Tsvg", str(dot)], capture_output=True, text=True)
    assert rendered.returncode == 0 and rendered.stderr == "", rendered.stderr
    return svg


ALL_SCRIPTS = sorted(glob.glob(os.path.join(ROOT, "Scripts", "**", "*.bind"), recursive=True))


@needs_dot
@pytest.mark.parametrize("script", ALL_SCRIPTS, ids=lambda p: os.path.relpath(p, ROOT))
def test_every_script_draws_without_warnings_or_literal_line_breaks(script, tmp_path):
    svg = tmp_path / "g.svg"
    result = bindscript("graph", script, "-o", str(svg))
    if result.returncode != 0:
        # A script that stops at an error (the error cases) draws nothing,
        # and leaves no file behind.
        assert result.returncode in (1, 2), result.stderr
        assert not svg.exists()
        return
    assert result.stderr == "", result.stderr
    text = svg.read_text()
    assert "\\n" not in text, "a literal \\n in the picture"
    nodes, edges, _ = svg_parts(svg)
    for title, lines in nodes.items():
        assert all(line.strip() for line in lines), f"{title}: an empty line in {lines}"


@needs_dot
def test_mvvm_login_shows_the_whole_screen(tmp_path):
    svg = draw("Scripts/examples/mvvm-login.bind", tmp_path)
    nodes, edges, clusters = svg_parts(svg)
    titles = sorted(texts[0] for texts in clusters.values())
    # Each object is titled by the variable that holds it.
    assert titles == [
        "loginButton: Button", "passwordField: TextField", "statusLabel: Label", "usernameField: TextField",
        "vm: LoginViewModel"]
    # 5 + 3 + 3 + 3 + 2 members, the tap handler and the observer.
    assert len(nodes) == 18, nodes
    # 2 two-way pairs, 2 binds, the tap's handler, the observer, and what
    # canSubmit last read: `username.count >= 3 && …` with username empty
    # stops before it reads the password, so one edge.
    assert len(edges) == 7, edges
    lines = [line for texts in nodes.values() for line in texts]
    assert "username" in lines and '= ""' in lines
    assert "canSubmit" in lines and "= false" in lines
    assert '= "Welcome, ada!"' in lines
    assert "on { … }" in lines and "observe" in lines


@needs_dot
def test_rxcocoa_events_and_handlers_are_drawn(tmp_path):
    svg = draw("Scripts/examples/rxcocoa-events-and-sinks.bind", tmp_path)
    nodes, edges, clusters = svg_parts(svg)
    titles = sorted(texts[0] for texts in clusters.values())
    assert titles == [
        "header: Label", "list: ListView", "refreshButton: Button", "spinner: Switch", "vm: FeedViewModel",
        "work: FeedViewModel"]
    assert len(nodes) == 23, sorted(nodes.items())
    assert len(edges) == 12, edges
    lines = [line for texts in nodes.values() for line in texts]
    for name in ["refresh", "picked", "rowTapped", "tap", "summary", '= "Home: 2 items"']:
        assert name in lines, name


@needs_dot
def test_labels_with_quotes_backslashes_newlines_unicode_and_long_values(tmp_path):
    script = tmp_path / "labels.bind"
    script.write_text(
        'type Odd {\n'
        '  var quoted: String = "say \\"hi\\" \\\\ there"\n'
        '  var lines: String = "one\\ntwo"\n'
        '  var unicode: String = "naïve café ☕ 東京"\n'
        '  var long: String = "' + "x" * 200 + '"\n'
        '  var amp: String = "a & b &lt; c"\n'
        '}\n'
        'let odd = Odd()\nlet l = Label()\nbind odd.quoted -> l.text\n'
    )
    svg = draw(str(script), tmp_path)
    nodes, _, _ = svg_parts(svg)
    lines = [line for texts in nodes.values() for line in texts]
    assert '= "say \\"hi\\" \\\\ there"' in lines, lines
    assert '= "one\\ntwo"' in lines, "a string value is shown as its literal"
    assert '= "naïve café ☕ 東京"' in lines
    long = next(line for line in lines if line.startswith('= "xxx'))
    assert long.endswith("…") and len(long) == 40 + 2
    assert '= "a & b &lt; c"' in lines


def test_objects_no_name_holds_keep_their_number(tmp_path):
    script = tmp_path / "names.bind"
    script.write_text(
        'type Row { var title: String = "" }\n'
        'type Table { var header: Row? = nil; var rows: [Row] = []; var first: String { rows[0].title } }\n'
        'let table = Table(header: Row(title: "Name"), rows: [Row(title: "Ada")])\n'
        'let same = table\n'
        'let label = Label()\n'
        'bind table.header?.title ?? "" -> label.text\n'
        'observe table.first\n'
    )
    result = bindscript("graph", str(script), "--no-legend")
    assert result.returncode == 0, result.stderr
    titles = sorted(line.split('label="', 1)[1].split('"', 1)[0] for line in result.stdout.splitlines()
                    if line.strip().startswith("label="))
    assert titles == ["Row#2", "label: Label", "table, same: Table", "table.header: Row"], titles


def test_graph_formats_and_bad_outputs(tmp_path):
    script = os.path.join(ROOT, "Scripts/examples/mvvm-login.bind")
    dot = tmp_path / "out.gv"
    assert bindscript("graph", script, "-o", str(dot)).returncode == 0
    assert dot.read_text().startswith("digraph bindings {")
    forced = tmp_path / "picture"
    result = bindscript("graph", script, "-o", str(forced), "--format", "dot")
    assert result.returncode == 0 and forced.read_text().startswith("digraph")

    unknown = bindscript("graph", script, "-o", str(tmp_path / "out.jpeg"))
    assert unknown.returncode == 2
    assert "cannot tell the format of" in unknown.stderr and ".svg, .png, .pdf or .dot" in unknown.stderr
    missing = bindscript("graph", script, "-o", str(tmp_path / "nope" / "out.svg"))
    assert missing.returncode == 2 and "no such folder" in missing.stderr, missing.stderr
    assert bindscript("graph", script, "--format", "gif").returncode == 2
    no_file = bindscript("graph", script, "--format", "svg")
    assert no_file.returncode == 2 and "needs a file: give -o FILE" in no_file.stderr, no_file.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out.gv", "picture"], "nothing else written"


def test_missing_dot_is_a_clear_error_and_dot_output_still_works(tmp_path):
    script = os.path.join(ROOT, "Scripts/examples/mvvm-login.bind")
    env = dict(os.environ, PATH=str(tmp_path / "empty"))
    out = tmp_path / "out.svg"
    result = bindscript("graph", script, "-o", str(out), env=env)
    assert result.returncode == 2
    assert "graphviz" in result.stderr and "'dot'" in result.stderr, result.stderr
    assert not out.exists()
    assert [p.name for p in tmp_path.iterdir()] == [], "no temporary file left behind"
    dot = tmp_path / "out.dot"
    assert bindscript("graph", script, "-o", str(dot), env=env).returncode == 0


def test_a_failing_dot_leaves_no_file(tmp_path):
    fake = tmp_path / "bin"
    fake.mkdir()
    (fake / "dot").write_text("#!/bin/sh\necho 'Error: syntax error in line 1' >&2\nexit 1\n")
    (fake / "dot").chmod(0o755)
    out = tmp_path / "out.svg"
    out.write_text("the old picture")
    env = dict(os.environ, PATH=str(fake))
    result = bindscript("graph", "Scripts/examples/mvvm-login.bind", "-o", str(out), env=env)
    assert result.returncode == 2
    assert "'dot' failed (exit status 1): Error: syntax error in line 1" in result.stderr, result.stderr
    assert out.read_text() == "the old picture", "the path keeps what it had"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["bin", "out.svg"]


TIMELINE_SCRIPT = """\
type Search { var query: String = "" }
let vm = Search()
let field = TextField()
bind debounce(field.text, 300ms) -> vm.query
after 0ms { field.text = "s" }
after 100ms { field.text = "sw" }
after 150ms { field.text = "swi" }
after 800ms { field.text = "s" }
"""


def test_timeline_command_draws_a_value_over_virtual_time(tmp_path):
    script = tmp_path / "search.bind"
    script.write_text(TIMELINE_SCRIPT)
    out = tmp_path / "query.svg"
    result = bindscript("timeline", str(script), "vm.query", "--until", "1.5s", "-o", str(out))
    assert result.returncode == 0, result.stderr
    assert result.stdout == 'vm.query: ----a------b---|  a = "swi", b = "s"\n'
    root = ET.parse(out).getroot()
    marbles = [c for c in root.iter(SVG + "circle") if c.get("class") == "marble"]
    assert len(marbles) == 2
    texts = [t.text for t in root.iter(SVG + "text")]
    assert 'a = "swi",  b = "s"' in texts and "vm.query" in texts
    assert "1.5s" in texts or "1s" in texts

    bad = bindscript("timeline", str(script), "vm.nope", "--until", "1s")
    assert bad.returncode == 1 and "nope" in bad.stderr
    assert bindscript("timeline", str(script), "vm.query", "--until", "1s", "-o", str(tmp_path / "q.png")).returncode == 2


FAILING_TIMELINE = TIMELINE_SCRIPT + """\
timeline vm.query for 1.5s
#> vm.query: --a--------b--|  a = "swi", b = "s"
"""


def test_failing_timeline_writes_an_svg_that_junit_attaches(tmp_path):
    script = tmp_path / "search.bind"
    script.write_text(FAILING_TIMELINE)
    artifacts = tmp_path / "artifacts"
    result = bindscript("test", str(script), "--format", "junit", "--artifacts", str(artifacts))
    assert result.returncode == 1, result.stdout + result.stderr
    files = sorted(artifacts.iterdir())
    assert [f.name for f in files] == [str(script).lstrip("/").replace("/", "_") + "-line9-timeline.svg"]
    root = ET.parse(files[0]).getroot()
    texts = [t.text for t in root.iter(SVG + "text")]
    assert "expected" in texts and "actual" in texts
    assert [c for c in root.iter(SVG + "rect") if c.get("class") == "differs"], "the differing frames are shaded"
    report = ET.fromstring(result.stdout)
    case = report.find("./testsuite/testcase")
    assert case.find("failure") is not None
    assert case.findtext("system-out") == f"[[ATTACHMENT|{files[0]}]]"

    plain = bindscript("test", str(script), "--artifacts", str(artifacts))
    assert f"  diagram: {files[0]}" in plain.stdout, plain.stdout

    passing = tmp_path / "ok.bind"
    passing.write_text('print("ok")\n#> ok\n')
    result = bindscript("test", str(passing), "--format", "junit", "--artifacts", str(artifacts))
    assert result.returncode == 0 and "ATTACHMENT" not in result.stdout


@needs_dot
def test_the_readme_picture_is_what_the_command_draws(tmp_path):
    committed = os.path.join(ROOT, "Docs", "rxcocoa-graph.svg")
    assert "](Docs/rxcocoa-graph.svg)" in open(os.path.join(ROOT, "README.md")).read()
    fresh = draw("Scripts/examples/rxcocoa-events-and-sinks.bind", tmp_path)
    old_nodes, old_edges, old_clusters = svg_parts(committed)
    new_nodes, new_edges, new_clusters = svg_parts(fresh)
    assert sorted(old_nodes.values()) == sorted(new_nodes.values()), "run `make pictures`"
    assert len(old_edges) == len(new_edges)
    assert sorted(old_clusters.values()) == sorted(new_clusters.values())
